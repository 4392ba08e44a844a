import Foundation
import MachineCommandLine
import Testing

@Suite("replay, in process") struct ReplayTests {
    static let passing = "send call\nrespond ring \"Bob\"\nexpect line == talking\nexpect answeredBy == \"Bob\"\n"
    static let failing = "send call\nexpect line == idle\n"
    static let invalid = "send call\nsend dance\n"

    @Test func exitCodesAreZeroOneTwoAndTheHighestWins() throws {
        let folder = try CallBox.folder([
            "pass.events": Self.passing, "fail.events": Self.failing, "invalid.events": Self.invalid,
        ])
        func status(_ names: String...) throws -> ExitCode {
            try CallBox.run(["replay"] + names.map { folder.appendingPathComponent($0).path }).status
        }
        #expect(try status("pass.events") == .success)
        #expect(try status("fail.events") == .failure)
        #expect(try status("invalid.events") == .invalid)
        #expect(try status("pass.events", "fail.events") == .failure)
        #expect(try status("fail.events", "invalid.events", "pass.events") == .invalid)
    }

    @Test func aTranscriptAndAFailure() throws {
        let passed = try CallBox.run(["replay", "-"], input: Self.passing)
        #expect(passed.status == .success, "\(passed.error)")
        #expect(passed.output.hasPrefix("script <stdin> (machine pager)"))
        #expect(passed.output.contains("command ring"))
        #expect(passed.output.hasSuffix("passed: 2 expectations held\n"))
        let failed = try CallBox.run(["replay", "-"], input: Self.failing)
        #expect(failed.status == .failure)
        #expect(failed.error.contains("<stdin>:2:1: expectation failed: expect line == idle"))
    }

    @Test func quietAndJSON() throws {
        let folder = try CallBox.folder(["pass.events": Self.passing])
        let path = folder.appendingPathComponent("pass.events").path
        #expect(try CallBox.run(["replay", "-q", path]).output == "PASS \(path) (2 expectations)\n")
        let json = try CallBox.run(["replay", "--quiet", "--format=json", path]).output
        #expect(json == #"{"exitCode":0,"expectations":2,"failures":0,"file":"\#(path)","outcome":"passed"}"# + "\n")
    }

    @Test func providersByName() throws {
        let alice = try CallBox.run(["replay", "--provider", "alice", "-"], input: "send call\nexpect answeredBy == \"Alice\"\n")
        #expect(alice.status == .success, "\(alice.output)\(alice.error)")
        let unknown = try CallBox.run(["replay", "--provider", "bob", "-"], input: Self.passing)
        #expect(unknown.status == .usage)
        #expect(unknown.error.hasPrefix("error: --provider takes script, alice or down, not 'bob'"))
        let down = try CallBox.run(["replay", "--provider", "down", "-"], input: Self.passing)
        #expect(down.status == .cannotReadOrWrite)
        #expect(down.error == "error: the line is down\n")
        #expect(try CallBox.run(["replay", "--provider", "script", "-"], input: Self.passing).status == .success)
    }

    @Test func outputWritesOneTranscriptPerScriptAndNoneForAnInvalidOne() throws {
        let folder = try CallBox.folder(["pass.events": Self.passing, "invalid.events": "send call\nrespond ring 3\n"])
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let result = try CallBox.run(
            ["replay", "-o", out.path] + ["pass.events", "invalid.events"].map { folder.appendingPathComponent($0).path })
        #expect(result.status == .invalid)
        #expect(CallBox.listing(out) == ["pass.transcript"])
    }
}

@Suite("replay --snapshot and the tool's record variable") struct SnapshotTests {
    @Test func theToolsVariableRecordsAndTheGenericOneDoesNot() throws {
        let folder = try CallBox.folder(["story.events": ReplayTests.passing])
        let arguments = [
            "replay", "--snapshot", folder.appendingPathComponent("snaps").path,
            folder.appendingPathComponent("story.events").path,
        ]
        let generic = try CallBox.run(arguments, environment: ["SNAPSHOT_RECORD": "missing"])
        #expect(generic.status == .failure)
        #expect(generic.output.hasPrefix("MISSING "))
        let recorded = try CallBox.run(arguments, environment: ["CALL_BOX_RECORD": "missing"])
        #expect(recorded.status == .failure)
        #expect(recorded.output.hasPrefix("RECORDED "))
        let matched = try CallBox.run(arguments)
        #expect(matched.status == .success)
        #expect(matched.output.hasPrefix("MATCH "))
        let onCI = try CallBox.run(arguments, environment: ["CALL_BOX_RECORD": "all", "CI": "true"])
        #expect(onCI.status == .success, "a matching reference matches on CI too")
    }

    @Test func anUnknownModeNamesTheToolsVariable() throws {
        let result = try CallBox.run(
            ["replay", "--snapshot", "/nonexistent", "-"], input: ReplayTests.passing,
            environment: ["CALL_BOX_RECORD": "sometimes"])
        #expect(result.status == .invalid)
        #expect(result.error == "error: CALL_BOX_RECORD=sometimes names no record mode; expected missing, all or never\n")
    }

    @Test(
        "the variable is named after the tool",
        arguments: [
            ("call-box", "CALL_BOX_RECORD"), ("sign-in", "SIGN_IN_RECORD"), ("address-picker", "ADDRESS_PICKER_RECORD"),
            ("my.tool2", "MY_TOOL2_RECORD"), ("café", "CAF__RECORD"),
        ])
    func recordVariable(name: String, variable: String) {
        #expect(MachineCommandLine(name: name, vocabulary: PagerVocabulary()).recordVariable == variable)
    }
}
