/// A seedable random number generator (SplitMix64): the same seed gives the same numbers on
/// every platform and in every build, so that a retry's jitter can be reproduced from its seed.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is determined by `seed`.
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }

    /// A number in `0 ..< 1` with 53 random bits, computed the same way everywhere.
    mutating func nextUnit() -> Double { Double(next() &>> 11) * 0x1p-53 }
}
