import MachineAnalysis
import MachineRuntime
import Testing

@testable import EventScripts

/// The shortcuts a long replay takes, each against the plain way it stands for: numbers written
/// from the memo of a transcript's text, strings compared from their storage, line ends found
/// eight bytes at a time, the checker's memo of lines kept in a table of its own.
@Suite("Replay shortcuts") struct ReplayShortcutsTests {
    @Test func rememberedNumbersAreWrittenAsTheyRender() {
        var random = SplitMix64(seed: 7)
        let special: [Double] = [
            0, -0.0, 1, -1, 0.1, 1e-7, 1e16, -73.9987, 40.725, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
        ]
        // More numbers than the memo has slots, each written several times, so that slots are
        // shared and taken over.
        let numbers = special + (0..<500).map { _ in Double(bitPattern: random.next()) }.filter(\.isFinite)
        let text = UTF8Text(remembersNumbers: true)
        for _ in 0..<3 {
            for number in numbers + numbers.reversed() {
                text.removeAll()
                text.write(number: number)
                #expect(text.string == Value.render(number), "\(number.bitPattern)")
            }
        }
    }

    @Test func stringsAreTheSameWhenTheirScalarsAre() {
        let strings = [
            "", "a", "é", "e\u{301}", "\u{E9}", "Apple Store", "Apple Stor", "Apple Storf",
            "a string longer than fifteen bytes", "a string longer than fifteen byteS", String(repeating: "é", count: 40),
        ]
        for a in strings {
            for b in strings + [String(a.reversed().reversed())] {
                #expect(a.hasSameScalars(as: b) == a.utf8.elementsEqual(b.utf8), "\(a) / \(b)")
            }
        }
        #expect(!"e\u{301}".hasSameScalars(as: "\u{E9}"))
    }

    @Test func stringsOfTheSameBitsAreTheSameString() {
        // Built at run time, so that each is storage of its own.
        let long = ["a string", "longer than", "fifteen bytes"].joined(separator: " ")
        let rebuilt = ["a string", "longer than", "fifteen bytes"].joined(separator: " ")
        let shared = long
        #expect(hasSameRepresentation(long, shared))
        #expect(!hasSameRepresentation(long, rebuilt))
        #expect(long.hasSameScalars(as: rebuilt) && long.hasSameScalars(as: shared))
        #expect(!long.hasSameScalars(as: rebuilt + "."))
        // A small string is its bytes.
        #expect(hasSameRepresentation(String(long.prefix(5)), String(rebuilt.prefix(5))))
        #expect(!hasSameRepresentation(String(long.prefix(5)), String(long.prefix(6))))
    }

    @Test func lineEndsAreFoundAsByteByByte() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<2_000 {
            let count = Int(random.next() % 40)
            let bytes = (0..<count).map { _ -> UInt8 in
                switch random.next() % 12 {
                case 0: UInt8(ascii: "\n")
                case 1: UInt8(ascii: "\r")
                default: UInt8(truncatingIfNeeded: random.next() % 256)
                }
            }
            let offset = count == 0 ? 0 : Int(random.next() % UInt64(count))
            let slice = bytes[offset...]
            for start in slice.startIndex...slice.endIndex {
                let expected =
                    slice[start...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? slice.endIndex
                #expect(ScriptSource.LineSplitter.lineEnd(in: slice, from: start) == expected, "\(bytes) from \(start)")
            }
        }
    }

    typealias Memo = ScriptChecker<LampVocabulary>.Builder.Memo

    func entry(_ byte: UInt8) -> Memo.Entry {
        Memo.Entry(
            bytes: [byte], kind: .expectIgnored, column: 1, rewritable: nil, needsInput: nil, isInput: false, prepared: false)
    }

    @Test func theMemoKeepsOneEntryPerHashUpToItsCapacity() {
        var memo = Memo()
        #expect(memo[42] == nil)
        // Hashes that share their low bits share a first slot.
        let hashes: [UInt64] = [42, 42 + 8192, 42 + (1 << 40), 43]
        for (index, hash) in hashes.enumerated() { memo.keep(entry(UInt8(index)), hash: hash) }
        for (index, hash) in hashes.enumerated() { #expect(memo[hash]?.bytes == [UInt8(index)]) }
        #expect(memo[42 + 2 * 8192] == nil)
        memo.keep(entry(9), hash: 42 + 8192)
        #expect(memo[42 + 8192]?.bytes == [9])
        #expect(memo.count == hashes.count)
        for hash in UInt64(1000)..<UInt64(1000 + Memo.capacity) { memo.keep(entry(1), hash: hash * 7919) }
        #expect(memo.count == Memo.capacity)
        #expect(memo[1000 * 7919] != nil)
        #expect(memo[UInt64(999 + Memo.capacity) * 7919] == nil)
        for (index, hash) in hashes.enumerated() { #expect(memo[hash]?.bytes == (index == 1 ? [9] : [UInt8(index)])) }
    }
}
