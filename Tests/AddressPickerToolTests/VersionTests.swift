import Foundation
import Testing

@Suite("address-picker --version") struct VersionTests {
    /// The newest released version in CHANGELOG.md: the first heading `## X.Y.Z`, past any
    /// `## Unreleased`.
    static func changelogVersion() throws -> String {
        let changelog = try String(
            contentsOf: Tool.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        for line in changelog.split(separator: "\n") where line.hasPrefix("## ") {
            let word = line.dropFirst(3).prefix { $0 != " " }
            if word.first?.isNumber == true { return String(word) }
        }
        Issue.record("CHANGELOG.md has no released version")
        return ""
    }

    @Test func theToolsVersionIsTheChangelogsNewestRelease() throws {
        let version = try Self.changelogVersion()
        let firstLine = try Tool.run(["--version"]).output.split(separator: "\n").first.map(String.init)
        #expect(firstLine == "address-picker \(version)")
    }
}
