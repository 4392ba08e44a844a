import Foundation

/// How much the long property tests do. `swift test` runs each on a sample that keeps the suite
/// under a minute; `DEEP_TESTS=1 swift test` (which CI runs as well) runs them in full: 100,000
/// hostile scripts, 100,000 random moves, the picker's covering paths, every gazetteer prefix.
public enum TestDepth {
    /// Whether `DEEP_TESTS=1` is set.
    public static let isDeep = ProcessInfo.processInfo.environment["DEEP_TESTS"] == "1"

    /// `deep` in a deep run, `quick` otherwise.
    public static func count(deep: Int, quick: Int) -> Int { isDeep ? deep : quick }
}
