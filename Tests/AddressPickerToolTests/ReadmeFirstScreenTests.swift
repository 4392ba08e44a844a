import Foundation
import Testing

/// The README's first screen holds the two commands a newcomer runs on a fresh machine, and CI
/// runs exactly the second of them.
@Suite("README's first screen") struct ReadmeFirstScreenTests {
    static let commands = ["swift run address-picker replay Examples/search-nearby.events", "swift test -q"]

    static func lines(of file: String) throws -> [Substring] {
        try String(contentsOf: Tool.packageRoot.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test func theFirstShellBlockIsTheTwoCommandsWithinFiftyLines() throws {
        let readme = try Self.lines(of: "README.md")
        let start = try #require(readme.firstIndex(of: "```sh"))
        #expect(start < 50, "the commands start on line \(start + 2)")
        #expect(Array(readme[(start + 1)...].prefix(2)) == Self.commands[...].map { Substring($0) })
        #expect(readme[start + 3] == "```")
    }

    @Test func ciRunsTheTestCommandAsWritten() throws {
        let ci = try Self.lines(of: ".ci/run")
        #expect(ci.contains("set -euo pipefail"))
        #expect(ci.contains(Substring(Self.commands[1])))
    }
}
