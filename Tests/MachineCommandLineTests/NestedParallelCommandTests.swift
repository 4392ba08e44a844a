import Foundation
import MachineCommandLine
import StatechartFixtures
import Testing

/// The mixer's tool, whose regions nest in states at two depths, through the commands a user runs.
@Suite("The commands on parallel states") struct NestedParallelCommandTests {
    static let tool = MachineCommandLine(
        name: "mixer", vocabulary: MixerVocabulary(), exploration: Exploration(samples: MixerSamples()))

    static func run(_ arguments: [String]) throws -> CallBox.Result { try CallBox.run(arguments, tool: tool) }

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
}
