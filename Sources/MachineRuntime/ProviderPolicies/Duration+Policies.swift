extension Duration {
    /// The longest duration a policy accepts: 2⁶¹ nanoseconds, about 73 years. Longer durations
    /// are clamped to it, so that doubling a delay, jittering it or adding it to the time never
    /// overflows.
    static let longestForPolicies = Duration.nanoseconds(Int64(1) << 61)

    /// This duration clamped to `zero ... longestForPolicies`: a negative duration is zero.
    var clampedForPolicies: Duration { min(max(self, .zero), .longestForPolicies) }

    /// This duration, clamped for policies, in whole nanoseconds (rounded down).
    var policyNanoseconds: Int64 {
        let (seconds, attoseconds) = clampedForPolicies.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
