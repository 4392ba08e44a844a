import Foundation
import MachineCommandLine
import SCXML
import ScriptTestSupport
import Testing

@testable import SCXMLTool

/// `scxml run` and the tool's refusals, as a user sees them.
@Suite struct SCXMLRunTests {
    /// Writes `text` to a file of its own and runs `scxml` with `arguments` and the file's path
    /// in place of `FILE`.
    func scxml(_ arguments: [String], _ text: String) throws -> (code: Int32, output: String, errors: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scxml-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("chart.scxml")
        try Data(text.utf8).write(to: file)
        var output = ""
        var errors = ""
        let code = SCXMLCommand.run(
            arguments: arguments.map { $0 == "FILE" ? file.path : $0 }, output: &output, errors: &errors)
        return (code.rawValue, output, errors.replacingOccurrences(of: file.path, with: "FILE"))
    }

    @Test func runPrintsEachMacrostepAndTheFinalStateItEndedIn() throws {
        let result = try scxml(
            ["run", "FILE"],
            document(
                """
                <state id="a"><onentry><send event="tick" delay="2s"/></onentry><transition event="tick" target="b"/></state>
                <final id="b"><onentry><log label="Outcome" expr="'pass'"/></onentry></final>
                """))
        #expect(result.output == "0ms start: a\nlog Outcome: pass\n2s tick: b\nfinal b\n")
        #expect(result.code == 0)
    }

    @Test func aChartThatDoesNotEndSaysWhyAndFails() throws {
        let waiting = try scxml(["run", "FILE"], document("<state id=\"a\"/>"))
        #expect(waiting.output.hasSuffix("did not end: nothing is pending (in a)\n"))
        #expect(waiting.code == 1)
        let ticking = try scxml(
            ["run", "FILE", "--for", "5s"],
            document(
                """
                <state id="a"><onentry><send event="tick" delay="2s"/></onentry><transition event="tick" target="a"/></state>
                """))
        #expect(ticking.output.hasSuffix("did not end within 5s: the next event is due at 6s (in a)\n"))
        #expect(ticking.code == 1)
    }

    /// Eventless transitions that enable each other forever halt the runtime at its start: `run`
    /// says so rather than that nothing is pending.
    @Test func aStartThatRunsAwayStopsRun() throws {
        let loop = document(
            "<state id=\"a\"><transition target=\"b\"/></state><state id=\"b\"><transition target=\"a\"/></state>")
        let run = try scxml(["run", "FILE"], loop)
        #expect(run.output.hasPrefix("0ms start: a\nstopped: the machine halted: one macrostep would have taken more"))
        #expect(run.code == 1)
        let later = try scxml(
            ["run", "FILE"],
            document(
                """
                <state id="a"><onentry><send event="go" delay="1s"/></onentry><transition event="go" target="b"/></state>
                <state id="b"><transition target="c"/></state><state id="c"><transition target="b"/></state>
                """))
        #expect(later.output.hasPrefix("0ms start: a\n1s go: b\nstopped: the machine halted: "), "\(later.output)")
        #expect(later.code == 1)
    }

    /// A folder, a missing file and a file past the document limit are refused before the
    /// document is read, the last without reading more of it than the limit.
    @Test func aDocumentThatCannotBeReadSaysWhy() throws {
        let folder = try scxml(["run", FileManager.default.temporaryDirectory.path], "")
        #expect(folder.code == 74)
        #expect(folder.errors.hasSuffix("': it is a folder\n"))
        let missing = try scxml(["run", "FILE.missing"], "")
        #expect(missing.errors.contains("No such file or directory"))
        let huge = try scxml(["run", "FILE"], String(repeating: " ", count: SCXMLLimits().maximumBytes + 10))
        #expect(huge.code == 3)
        #expect(huge.errors == "FILE: error: the document is longer than the limit of \(SCXMLLimits().maximumBytes) bytes\n")
    }

    @Test func eachKindOfRefusalHasItsOwnExitCodeAndSaysWhere() throws {
        let malformed = try scxml(["run", "FILE"], "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"><state id=\"a\">")
        #expect(malformed.code == 3)
        #expect(malformed.errors.hasPrefix("FILE:1:"))
        let invalid = try scxml(["run", "FILE"], document("<state id=\"a\"><transition target=\"nowhere\"/></state>"))
        #expect(invalid.code == 4)
        #expect(invalid.errors.contains("FILE:2:") && invalid.errors.contains("nowhere"))
        let unsupported = try scxml(["check", "FILE"], document("<state id=\"a\"><onentry><script/></onentry></state>"))
        #expect(unsupported.code == 5)
        #expect(unsupported.errors.contains("<script>"))
        let missing = try scxml(["run", "FILE.missing"], "")
        #expect(missing.code == 74)
    }

    @Test func usageMistakesAreUsageErrors() throws {
        #expect(try scxml([], "").code == 64)
        #expect(try scxml(["launch", "FILE"], "").code == 64)
        #expect(try scxml(["run"], "").code == 64)
        #expect(try scxml(["run", "FILE", "--for", "soon"], document("<state id=\"a\"/>")).code == 64)
        let help = try scxml(["--help"], "")
        #expect(help.code == 0 && help.output.contains("scxml run FILE.scxml"))
    }
}

/// Every subcommand of a machine's tool, run by `scxml` on a chart.
@Suite struct SCXMLMachineSubcommandTests {
    let folder: URL

    init() throws {
        folder = try scratchFolder("scxml-tool")
        try Data(
            document(
                """
                <state id="idle"><transition event="file.chosen" target="sending"/></state>
                <state id="sending">
                  <onentry><send event="timeout" id="clock" delay="30s"/></onentry>
                  <onexit><cancel sendid="clock"/></onexit>
                  <transition event="upload.done" target="sent"/>
                  <transition event="timeout" target="idle"/>
                </state>
                <final id="sent"/>
                """
            ).utf8
        ).write(to: folder.appendingPathComponent("upload.scxml"))
        try Data("machine scxml\nsend file.chosen\nexpect scxml == sending\nsend upload.done\nexpect scxml == sent\n".utf8)
            .write(to: folder.appendingPathComponent("upload.events"))
    }

    /// Runs `scxml` with `arguments` (paths relative to the folder), its standard output and
    /// error in files; returns the exit status and what it printed.
    func scxml(_ arguments: [String]) throws -> (code: Int32, output: String) {
        try runSCXMLTool(
            arguments.map {
                $0.contains(".") && !$0.hasPrefix("-") && !$0.hasPrefix("/") ? folder.appendingPathComponent($0).path : $0
            },
            in: folder)
    }

    /// A start that halts (eventless transitions enabling each other forever) fails `verify`
    /// at the start, though the chart takes no event, and its rows count as fired.
    @Test func verifyFailsAStartThatRunsAway() throws {
        try Data(
            document("<state id=\"a\"><transition target=\"b\"/></state><state id=\"b\"><transition target=\"a\"/></state>")
                .utf8
        ).write(to: folder.appendingPathComponent("loop.scxml"))
        let verify = try scxml(["verify", "loop.scxml", "-o", "loop.events"])
        #expect(verify.code == 1, "\(verify.output)")
        #expect(verify.output.contains("rows never fired: none"), "\(verify.output)")
        #expect(
            verify.output.contains("invariant broken after 0 inputs: the runtime accepts every valid input"),
            "\(verify.output)")
    }

    @Test func replayCheckCoverageMutateVerifyAndExploreRunOnTheChart() throws {
        let replay = try scxml(["replay", "upload.scxml", "upload.events"])
        #expect(replay.code == 0 && replay.output.contains("passed: 2 expectations held"), "\(replay.output)")
        let check = try scxml(["check", "upload.scxml"])
        #expect(check.code == 0 && check.output.contains("no findings"), "\(check.output)")
        let coverage = try scxml(["coverage", "upload.scxml", "upload.events"])
        #expect(coverage.code == 0 && coverage.output.contains("rows        2 of 3"), "\(coverage.output)")
        let mutate = try scxml(["mutate", "upload.scxml", "upload.events"])
        #expect(mutate.output.contains("mutants"), "\(mutate.output)")
        let verify = try scxml(["verify", "upload.scxml", "--depth", "3"])
        #expect(verify.code == 0 && verify.output.contains("invariants held on every transition"), "\(verify.output)")
        let explore = try scxml(["explore", "upload.scxml"])
        #expect(explore.code == 0 && explore.output.contains("3 of 3 rows fired"), "\(explore.output)")
    }

    /// `check` follows transitions across a parallel state's border and initial transitions of
    /// several targets: what they enter is reachable, and the parallel state they leave is no
    /// dead end.
    @Test func checkFollowsTransitionsAcrossRegions() throws {
        let w3c = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("W3C")
        for number in [310, 404, 417] {
            let check = try scxml(["check", w3c.appendingPathComponent("test\(number).scxml").path])
            #expect(check.code == 0 && check.output.contains("no findings"), "test \(number): \(check.output)")
        }
        let deep = try scxml(["check", w3c.appendingPathComponent("test364.scxml").path])
        #expect(!deep.output.contains("scxml.s2 "), "s2 is reached from a region within s1: \(deep.output)")
        #expect(deep.output.contains("unreachable state: scxml.s111"), "no transition leads to s111: \(deep.output)")
    }

    @Test func pathsWritesScriptsThatReplayAndDiagramDrawsTheChart() throws {
        let paths = try scxml(["paths", "upload.scxml", "--output", "paths.out"])
        #expect(paths.code == 0, "\(paths.output)")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("paths.out").path)
        #expect(!scripts.isEmpty)
        let replay = try scxml(["replay", "upload.scxml"] + scripts.map { "paths.out/\($0)" })
        #expect(replay.code == 0, "\(replay.output)")
        let svg = try scxml(["diagram", "upload.scxml", "--format", "svg"])
        #expect(svg.code == 0 && svg.output.contains("sending.1: upload.done → sent"), "\(svg.output.prefix(300))")
        let written = try scxml(["diagram", "upload.scxml", "--format", "scxml"])
        #expect(written.output.contains(#"<send event="timeout" id="clock" delay="30s"/>"#), "\(written.output)")
        let help = try scxml(["verify", "--help"])
        #expect(help.code == 0 && help.output.contains("USAGE: scxml verify"))
    }
}
