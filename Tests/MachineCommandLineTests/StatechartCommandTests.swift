import Foundation
import MachineCommandLine
import StatechartFixtures
import Testing

/// The link's tool, whose rows have every statechart trigger, through the commands a user runs.
@Suite("The commands on a statechart") struct StatechartCommandTests {
    static let tool = MachineCommandLine(
        name: "link", vocabulary: LinkVocabulary(), exploration: Exploration(samples: LinkSamples()))

    static func run(_ arguments: [String]) throws -> CallBox.Result { try CallBox.run(arguments, tool: tool) }

    @Test func checkFindsNothing() throws {
        let result = try Self.run(["check"])
        #expect(result.status == .success, "\(result.output)")
        #expect(result.output == "link: no findings (1 region, 7 states, 8 events, 10 rows)\n")
    }

    @Test func pathsWritesScriptsThatReplayAndFireEveryRow() throws {
        let folder = try CallBox.folder([:])
        let written = try Self.run(["paths", "--expect", "--output", folder.path])
        #expect(written.status == .success, "\(written.error)")
        #expect(written.output.contains(": 10 of 10 rows, "), "\(written.output)")
        let scripts = CallBox.listing(folder).filter { $0.hasSuffix(".events") }.map { folder.appendingPathComponent($0).path }
        #expect(!scripts.isEmpty)
        let text = try scripts.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
        #expect(text.contains("\nadvance 5s\n"), "the acknowledgement's timeout is waited out")
        for word in ["eventless", "raised", "done"] {
            #expect(!text.contains("\n\(word)"), "no microstep is an input: \(word)")
        }
        let replay = try Self.run(["replay", "-q"] + scripts)
        #expect(replay.status == .success, "\(replay.output)\(replay.error)")
        let coverage = try Self.run(["coverage", "--min", "100"] + scripts)
        #expect(coverage.status == .success, "\(coverage.output)")
        #expect(coverage.output.contains("link: sending --after 5s--> reconnecting\n"))
    }

    @Test func exploreHoldsTheStandardInvariants() throws {
        let result = try Self.run(["explore", "--seed", "2", "--steps", "3000"])
        #expect(result.status == .success, "\(result.output)\(result.error)")
        #expect(result.output.contains(": 10 of 10 rows fired, "), "\(result.output)")
    }
}
