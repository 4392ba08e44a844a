import MachineCore
import Testing

@testable import MachineAnalysis

/// The visited set's table of fingerprints holds what `Set<Int>` would, and grows as it does (a
/// report's bytes a state are its capacity's).
@Suite struct FingerprintSetTests {
    /// Fingerprints with many low bits alike, so that they share slots and probe past each other.
    static func prints(_ count: Int) -> [Int] {
        (0..<count).map { $0 % 3 == 0 ? $0 << 20 : Int(bitPattern: UInt(truncatingIfNeeded: $0) &* 0x9E37_79B9_7F4A_7C15) }
    }

    @Test func holdsWhatASetHoldsAndGrowsAsItDoes() {
        var table = FingerprintSet()
        var set = Set<Int>()
        for print in Self.prints(5_000) + Self.prints(300) + [0, 0, -1] {
            #expect(table.contains(print) == set.contains(print))
            let inserted = table.insert(print)
            #expect(inserted == set.insert(print).inserted)
            #expect(table.contains(print))
            #expect(table.count == set.count)
            #expect(table.capacity == set.capacity, "capacity at \(set.count) fingerprints")
        }
        for print in Self.prints(6_000) { #expect(table.contains(print) == set.contains(print)) }
    }

    @Test func zeroIsHeldApartFromTheEmptySlots() {
        var table = FingerprintSet()
        #expect(!table.contains(0))
        let first = table.insert(0)
        let second = table.insert(0)
        #expect(first && !second)
        #expect(table.contains(0))
        #expect(!table.contains(1))
        #expect(table.count == 1)
    }

    @Test func theHasherTellsWordsAndTheirOrderApart() {
        func fingerprint(_ words: [UInt64]) -> Int {
            var hasher = FingerprintHasher()
            for word in words { hasher.combine(word) }
            return hasher.finalize()
        }
        let lists: [[UInt64]] = [[], [0], [1], [0, 0], [0, 1], [1, 0], [2, 3, 4], [2, 4, 3], [.max]]
        #expect(Set(lists.map(fingerprint)).count == lists.count)
        #expect(fingerprint([7, 8]) == fingerprint([7, 8]))
        var durations = FingerprintHasher()
        durations.combine(Duration.milliseconds(300))
        var seconds = FingerprintHasher()
        seconds.combine(Duration.seconds(0.3))
        #expect(durations.finalize() == seconds.finalize())
    }

    /// The mixing is fixed: the same words give the same fingerprint in every run and on every
    /// machine (SplitMix64's finalizer from a fixed start), unlike `Hasher`'s.
    @Test func theHasherIsTheSameInEveryRun() {
        var hasher = FingerprintHasher()
        hasher.combine(UInt64(1))
        hasher.combine(2)
        var again = FingerprintHasher()
        again.combine(1)
        again.combine(UInt64(2))
        #expect(hasher.finalize() == again.finalize())
        #expect(hasher.finalize() == Self.splitMixFingerprint(of: [1, 2]))
    }

    /// The same mixing written out from SplitMix64's published constants.
    static func splitMixFingerprint(of words: [UInt64]) -> Int {
        var state: UInt64 = 0x243F_6A88_85A3_08D3
        for word in words {
            var z = state ^ word
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            state = (z ^ (z >> 31)) &+ 0x9E37_79B9_7F4A_7C15
        }
        return Int(truncatingIfNeeded: state)
    }
}
