import Foundation
import MachineCommandLine
import StatechartFixtures
import Testing

/// The mixer's tool, whose regions nest in states at two depths, through the commands a user runs.
@Suite("The commands on parallel states") struct NestedParallelCommandTests {
    static let tool = MachineCommandLine(
        name: "mixer", vocabulary: MixerVocabulary(), exploration: Exploration(samples: MixerSamples()))

    static func run(_ arguments: [String], tool: MachineCommandLine = tool) throws -> CallBox.Result {
        try CallBox.run(arguments, tool: tool)
    }

    /// A story through both depths: the regions within `recording` are `nil` until it is
    /// entered, and again once it is left.
    static let story = """
        machine mixer
        send power
        expect console == idle
        expect tape == nil
        expect warmed == true
        send record
        expect tape == rolling
        expect level == low
        send louder
        expect level == high
        send shout
        send peak
        expect meter == clipped
        expect level == nil
        advance 60s
        expect console == idle
        expect tape == nil
        expect takes == 1
        send power
        send resume
        expect console == idle
        """

    @Test func checkFindsNothing() throws {
        let result = try Self.run(["check"])
        #expect(result.status == .success, "\(result.output)")
        #expect(result.output == "mixer: no findings (5 regions, 14 states, 12 events, 18 rows)\n")
    }

    @Test func aScriptExpectsTheRegionsWithinAStateAndTheirAbsence() throws {
        let folder = try CallBox.folder(["story.events": Self.story])
        let result = try Self.run(["replay", folder.appendingPathComponent("story.events").path])
        #expect(result.status == .success, "\(result.output)\(result.error)")
        #expect(result.output.contains("  state   level: nil → low\n"), "\(result.output)")
        #expect(result.output.contains("@60000ms done console.recording\n"), "\(result.output)")
        #expect(result.output.contains("  command startDelay(runOut, 1min)\n"), "\(result.output)")
    }

    @Test func pathsWritesScriptsThatReplayAndFireEveryRow() throws {
        let folder = try CallBox.folder([:])
        let written = try Self.run(["paths", "--expect", "--output", folder.path])
        #expect(written.status == .success, "\(written.error)")
        #expect(written.output.contains(": 18 of 18 rows, "), "\(written.output)")
        let scripts = CallBox.listing(folder).filter { $0.hasSuffix(".events") }.map { folder.appendingPathComponent($0).path }
        let replay = try Self.run(["replay", "-q"] + scripts)
        #expect(replay.status == .success, "\(replay.output)\(replay.error)")
        let coverage = try Self.run(["coverage", "--min", "100"] + scripts)
        #expect(coverage.status == .success, "\(coverage.output)")
        let mutate = try Self.run(["mutate"] + scripts)
        #expect(mutate.status == .success || mutate.status == .failure, "\(mutate.output)\(mutate.error)")
        #expect(mutate.output.contains("mutants"), "\(mutate.output)")
    }

    @Test func exploreAndVerifyHoldTheStandardInvariants() throws {
        let explore = try Self.run(["explore", "--seed", "3", "--steps", "4000"])
        #expect(explore.status == .success, "\(explore.output)\(explore.error)")
        let verify = try Self.run(["verify", "--depth", "6"])
        #expect(verify.status == .success, "\(verify.output)\(verify.error)")
        #expect(verify.output.contains("rows never fired: none"), "\(verify.output)")
    }

    /// The lamp counts every event it sees while lit and the console its takes: the counters
    /// keep the search from ending, and verify names them; left out of a state's identity, they
    /// no longer do.
    @Test func verifyNamesTheFieldsThatGrowAndIgnoringThemEndsTheSearch() throws {
        let verify = try Self.run(["verify", "--depth", "6"])
        let growing =
            verify.output.split(separator: "\n").first { $0.hasPrefix("still growing (new values at each of the last depths): ") }
            ?? ""
        #expect(growing.contains("context.seen ("), "\(verify.output)")
        #expect(!growing.contains("context.loud"), "a flag takes two values and stops")
        let ignoring = MachineCommandLine(
            name: "mixer", vocabulary: MixerVocabulary(),
            exploration: Exploration(samples: MixerSamples()) { context in
                context.seen = 0
                context.takes = 0
                context.blinks = 0
            })
        let bounded = try Self.run(["verify", "--depth", "6"], tool: ignoring)
        #expect(bounded.status == .success, "\(bounded.output)\(bounded.error)")
        #expect(!bounded.output.contains("context.seen"), "\(bounded.output)")
        #expect(Self.states(in: bounded.output) < Self.states(in: verify.output))
    }

    /// The number of states a verify report starts with.
    static func states(in report: String) -> Int {
        Int(report.prefix { $0 != " " }) ?? -1
    }
}
