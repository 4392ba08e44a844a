/// The package's one seeded random number generator (Steele, Lea and Flood's SplitMix64): the
/// same seed gives the same numbers on every platform and in every build, so that a retry's
/// jitter and an exploration can be repeated from their seeds.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is determined by `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }

    /// A number in `0..<upperBound` (0 when `upperBound` is not positive), computed the same way
    /// everywhere (the standard library's `random(in:using:)` may change between releases).
    package mutating func below(_ upperBound: Int) -> Int {
        guard upperBound > 0 else { return 0 }
        return Int(next() % UInt64(upperBound))
    }

    /// One of `elements`, or `nil` when it is empty.
    package mutating func pick<C: RandomAccessCollection>(_ elements: C) -> C.Element? where C.Index == Int {
        elements.isEmpty ? nil : elements[elements.startIndex + below(elements.count)]
    }

    /// A number in `0 ..< 1` with 53 random bits, computed the same way everywhere.
    mutating func nextUnit() -> Double { Double(next() &>> 11) * 0x1p-53 }
}
