import Foundation
import MachineCommandLine
import Testing

/// `replay --save-state` and `--from-state`: the pager's context and requests are Codable, so its
/// tool has them.
@Suite("replay --save-state and --from-state") struct SavedStateCommandTests {
    static let calling = "send call\nexpect line == ringing\n"
    static let answering = "respond ring \"Bob\"\nexpect line == talking\nexpect answeredBy == \"Bob\"\n"
    static let waiting = "advance 10s\nexpect line == idle\nexpect pending == []\n"

    static func scripts() throws -> URL {
        try CallBox.folder([
            "calling.events": calling, "answering.events": answering, "waiting.events": waiting,
            "invalid.events": "send call\nsend dance\n", "given.events": "given patience 1s\nsend hangUp\n",
            "failing.events": "send call\nexpect line == talking\n",
        ])
    }

    @Test func aScriptGoesOnFromTheStateAnotherEndedIn() throws {
        let folder = try Self.scripts()
        let state = folder.appendingPathComponent("state.json").path
        let saved = try CallBox.run(["replay", "-q", folder.appendingPathComponent("calling.events").path, "--save-state", state])
        #expect(saved.status == .success, "\(saved.error)")
        let text = try String(contentsOfFile: state, encoding: .utf8)
        #expect(text.contains(#""controls":{"line":"ringing"}"#))
        #expect(text.contains(#""kind":"ring""#) && text.contains(#""status":"pending""#))
        // Both scripts start from the same saved call: one answers it, in the other the caller's
        // patience (10 s, started before the save) runs out.
        let answered = try CallBox.run([
            "replay", folder.appendingPathComponent("answering.events").path,
            folder.appendingPathComponent("waiting.events").path, "--from-state", state,
        ])
        #expect(answered.status == .success, "\(answered.error)")
        #expect(answered.output.contains("respond ring#1 \"Bob\""))
        #expect(answered.output.contains("@10000ms timer patience"))
    }

    @Test func aStateIsSavedAfterFailedExpectationsButNotAfterAnInvalidScript() throws {
        let folder = try Self.scripts()
        let state = folder.appendingPathComponent("state.json").path
        let failed = try CallBox.run([
            "replay", "-q", folder.appendingPathComponent("failing.events").path, "--save-state", state,
        ])
        #expect(failed.status == .failure)
        #expect(FileManager.default.fileExists(atPath: state))
        let other = folder.appendingPathComponent("other.json").path
        let invalid = try CallBox.run([
            "replay", "-q", folder.appendingPathComponent("invalid.events").path, "--save-state", other,
        ])
        #expect(invalid.status == .invalid)
        #expect(!FileManager.default.fileExists(atPath: other))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test func usageErrors() throws {
        let folder = try Self.scripts()
        let state = folder.appendingPathComponent("state.json").path
        let calling = folder.appendingPathComponent("calling.events").path
        let two = try CallBox.run(["replay", calling, calling, "--save-state", state])
        #expect(two.status == .usage)
        #expect(two.error.contains("error: --save-state writes the state one script ends in: name one script, not 2"))
        #expect(!FileManager.default.fileExists(atPath: state))
        let snapshot = try CallBox.run(["replay", calling, "--snapshot", folder.path, "--from-state", state])
        #expect(snapshot.status == .usage)
        #expect(snapshot.error.hasPrefix("error: --snapshot does not go with --from-state\n"))
        let stdin = try CallBox.run(["replay", "-", "--from-state", "-"], input: "send call\n")
        #expect(stdin.status == .usage)
    }

    @Test func aBadStateFileIsInvalidNamingTheFileAndTheProblem() throws {
        let folder = try Self.scripts()
        let answering = folder.appendingPathComponent("answering.events").path
        let state = folder.appendingPathComponent("state.json").path
        _ = try CallBox.run(["replay", folder.appendingPathComponent("calling.events").path, "--save-state", state])
        let good = try String(contentsOfFile: state, encoding: .utf8)
        let cases: [(String, String)] = [
            (String(good.prefix(40)), "the saved state is not valid: not valid JSON: "),
            (good.replacingOccurrences(of: #""format":3"#, with: #""format":7"#), "format version 7"),
            (good.replacingOccurrences(of: #""line":"ringing""#, with: #""line":"buzzing""#), "inconsistent: controls.line"),
        ]
        for (contents, fragment) in cases {
            let bad = folder.appendingPathComponent("bad.json").path
            try Data(contents.utf8).write(to: URL(fileURLWithPath: bad))
            let result = try CallBox.run(["replay", answering, "--from-state", bad])
            #expect(result.status == .invalid)
            #expect(result.error.hasPrefix("error: '\(bad)': "), "\(result.error)")
            #expect(result.error.contains(fragment), "\(result.error)")
            #expect(result.output.isEmpty, "nothing is replayed")
        }
        let missing = try CallBox.run(["replay", answering, "--from-state", folder.appendingPathComponent("none.json").path])
        #expect(missing.status == .cannotReadOrWrite)
    }

    /// `--from-state` checks the restored state against the tool's invariants: the pager's say
    /// patience runs exactly while the line rings; a tool given none restores the same file.
    @Test func aStateThatBreaksTheToolsInvariantsIsRefused() throws {
        let folder = try Self.scripts()
        let state = folder.appendingPathComponent("state.json").path
        _ = try CallBox.run(["replay", folder.appendingPathComponent("calling.events").path, "--save-state", state])
        let saved = try String(contentsOfFile: state, encoding: .utf8)
        let noTimer = saved.replacing(try Regex(#""timers":\s*\[[^\]]*\]"#), with: #""timers":[]"#)
        #expect(noTimer != saved, "\(saved)")
        let broken = folder.appendingPathComponent("broken.json").path
        try Data(noTimer.utf8).write(to: URL(fileURLWithPath: broken))
        let answering = folder.appendingPathComponent("answering.events").path
        let refused = try CallBox.run(["replay", answering, "--from-state", broken])
        #expect(refused.status == .invalid)
        #expect(refused.error.contains("(the invariant: patience runs exactly when line is ringing)"), "\(refused.error)")
        let withoutInvariants = MachineCommandLine(name: "call-box", vocabulary: PagerVocabulary(), savedStates: .json)
        let restored = try CallBox.run(["replay", answering, "--from-state", broken], tool: withoutInvariants)
        #expect(restored.status == .success, "\(restored.error)")
    }

    @Test func aToolWithoutSavedStatesHasNoSuchOptions() throws {
        let result = try CallBox.run(["replay", "--save-state", "x.json", "-"], tool: CallBox.withoutSamples)
        #expect(result.status == .usage)
        #expect(result.error.hasPrefix("error: unknown option '--save-state'"))
    }

    @Test func aScriptWithGivenLinesCannotStartFromASavedState() throws {
        let folder = try Self.scripts()
        let state = folder.appendingPathComponent("state.json").path
        _ = try CallBox.run(["replay", folder.appendingPathComponent("calling.events").path, "--save-state", state])
        let given = folder.appendingPathComponent("given.events").path
        let result = try CallBox.run(["replay", given, "--from-state", state])
        #expect(result.status == .invalid)
        #expect(
            result.error.contains(
                "\(given):1:1: error: 'given' sets up a new machine; with --from-state the script starts from the saved state"),
            "\(result.error)")
    }

    @Test func helpListsBothOptions() throws {
        let help = try CallBox.run(["replay", "--help"]).output
        #expect(help.contains("[--save-state <file>] [--from-state <file>]"))
        #expect(
            help.contains(
                "  --save-state <file>     Write the state the script ends in to <file> (JSON), atomically; one script only.\n"))
        #expect(
            help.contains(
                "  --from-state <file>     Start every script from the state saved in <file> instead of a new machine.\n"))
        #expect(help.contains("\nSAVED STATES:\n"))
    }
}
