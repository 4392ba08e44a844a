import Foundation
import ScriptFiles
import Testing

@Suite("address-picker replay") struct ReplayCommandTests {
    let passing = "send appeared\nexpect map == geocoding\n"
    let failing = "send appeared\nexpect map == idle\n"
    let invalid = "send appeared\nsend teleport\n"

    @Test func exitCodesAreZeroOneTwoAndTheHighestWins() throws {
        let folder = try Tool.folder(["pass.events": passing, "fail.events": failing, "invalid.events": invalid])
        #expect(try Tool.run(["replay", "pass.events"], in: folder).status == 0)
        #expect(try Tool.run(["replay", "fail.events"], in: folder).status == 1)
        #expect(try Tool.run(["replay", "invalid.events"], in: folder).status == 2)
        #expect(try Tool.run(["replay", "pass.events", "fail.events"], in: folder).status == 1)
        #expect(try Tool.run(["replay", "fail.events", "invalid.events", "pass.events"], in: folder).status == 2)
    }

    @Test func aFailurePrintsExpectedActualAndTheChanges() throws {
        let folder = try Tool.folder(["fail.events": failing])
        let result = try Tool.run(["replay", "fail.events"], in: folder)
        #expect(
            result.output.contains("FAILED 2:1 expect map == idle\n  expected: idle\n  actual:   geocoding\n  line 1 changed:"))
        #expect(result.output.contains("    state   map: idle → geocoding"))
        #expect(result.error.contains("fail.events:2:1: expectation failed: expect map == idle"))
    }

    @Test func anInvalidScriptNamesFileLineAndColumnAndRunsNothing() throws {
        let folder = try Tool.folder(["invalid.events": invalid])
        let result = try Tool.run(["replay", "invalid.events"], in: folder)
        #expect(result.error.hasPrefix("invalid.events:2:6: error: unknown event 'teleport'"))
        // Its transcript, as that of a script stopped at run time, is its header and its end.
        #expect(
            result.output.hasPrefix(
                "script invalid.events (machine address-picker)\n\n\nINVALID: invalid.events:2:6: unknown event 'teleport'; "))
        #expect(result.output.split(separator: "\n").count == 2, "no step ran")
    }

    /// A script on standard input many times longer than a pipe's buffer and the reader's 64 KiB
    /// chunk, lines cut across chunks, is checked as it is read: the tool reads while the test
    /// still writes, and every line counts.
    @Test func aLongScriptOnStandardInputIsCheckedAsItIsRead() throws {
        var script = "send appeared\n"
        for index in 0..<20_000 { script += "expect query == \"\" # \(index)\n" }
        let result = try Tool.run(["replay", "--quiet", "-"], input: script)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "PASS <stdin> (20000 expectations)\n")
    }

    @Test func quietPrintsALinePerScript() throws {
        let folder = try Tool.folder(["pass.events": passing, "fail.events": failing, "invalid.events": invalid])
        let result = try Tool.run(["replay", "--quiet", "pass.events", "fail.events", "invalid.events"], in: folder)
        #expect(
            result.output == """
                PASS pass.events (1 expectation)
                FAIL fail.events (1 of 1 expectation failed)
                INVALID invalid.events

                """)
    }

    @Test func theExamplesReplayFromTheRepository() throws {
        let examples = try FileManager.default.contentsOfDirectory(
            atPath: Tool.packageRoot.appendingPathComponent("Examples").path
        )
        .filter { $0.hasSuffix(".events") }.sorted().map { "Examples/\($0)" }
        let result = try Tool.run(["replay", "-q"] + examples)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.split(separator: "\n").allSatisfy { $0.hasPrefix("PASS ") })
    }

    @Test func outputWritesTranscriptsAndNeverAHalfWrittenOne() throws {
        let folder = try Tool.folder(["pass.events": passing, "late.events": "send appeared\nrespond completions []\n"])
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let result = try Tool.run(["replay", "--output", "out", "pass.events", "late.events"], in: folder)
        #expect(result.status == 2)
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(written == ["pass.transcript"])
        let transcript = try String(contentsOf: out.appendingPathComponent("pass.transcript"), encoding: .utf8)
        #expect(transcript.hasPrefix("script pass.events (machine address-picker)"))
        #expect(transcript.hasSuffix("passed: 1 expectation held\n"))
    }

    @Test func jsonFormat() throws {
        let folder = try Tool.folder(["pass.events": passing])
        let result = try Tool.run(["replay", "--format=json", "pass.events"], in: folder)
        let lines = result.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix(#"{"type":"script""#) == true)
        #expect(lines.last == #"{"type":"end","outcome":"passed","failures":0,"expectations":1,"error":null,"exitCode":0}"#)
    }

    @Test func helpAndUsageErrors() throws {
        let help = try Tool.run(["replay", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: address-picker replay <file> ..."))
        #expect(help.output.contains("EXIT STATUS:"))
        let top = try Tool.run(["-h"])
        #expect(top.output.contains("SUBCOMMANDS:"))
        #expect(try Tool.run(["--version"]).output.hasPrefix("address-picker "))
        let unknown = try Tool.run(["replay", "--colour", "x.events"])
        #expect(unknown.status == 64)
        #expect(unknown.error.hasPrefix("error: unknown option '--colour'"))
        let missing = try Tool.run(["replay"])
        #expect(missing.status == 64)
        #expect(try Tool.run(["replay", "--format", "yaml", "x.events"]).status == 64)
        #expect(try Tool.run(["teleport"]).status == 64)
    }

    @Test func aMissingFileIsAToolFailureNotAnInvalidScript() throws {
        let result = try Tool.run(["replay", "no-such-file.events"])
        #expect(result.status == 74)
        #expect(result.error == "error: cannot read 'no-such-file.events': No such file or directory\n")
    }
}

@Suite("address-picker replay --snapshot") struct ReplaySnapshotTests {
    let script = "send appeared\nexpect map == geocoding\n"

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        environment["ADDRESS_PICKER_RECORD"] = nil
        return environment.merging(extra) { $1 }
    }

    @Test func missingThenRecordedThenMatched() throws {
        let folder = try Tool.folder(["story.events": script])
        let missing = try Tool.run(["replay", "--snapshot", "snaps", "story.events"], in: folder, environment: environment())
        #expect(missing.status == 1)
        #expect(missing.output.hasPrefix("MISSING story.events"))
        let recorded = try Tool.run(
            ["replay", "--snapshot", "snaps", "--record", "story.events"], in: folder, environment: environment())
        #expect(recorded.status == 1)
        #expect(recorded.output.hasPrefix("RECORDED story.events"))
        let matched = try Tool.run(["replay", "--snapshot=snaps", "story.events"], in: folder, environment: environment())
        #expect(matched.status == 0)
        #expect(matched.output == "MATCH story.events\n")
    }

    @Test func aMismatchPrintsALineDiff() throws {
        let folder = try Tool.folder(["story.events": script])
        _ = try Tool.run(["replay", "--snapshot", "snaps", "--record", "story.events"], in: folder, environment: environment())
        try Data("send appeared\nsend appeared\n".utf8).write(to: folder.appendingPathComponent("story.events"))
        let result = try Tool.run(["replay", "--snapshot", "snaps", "story.events"], in: folder, environment: environment())
        #expect(result.status == 1)
        #expect(result.output.contains("MISMATCH story.events"))
        #expect(result.output.contains("+@0ms send appeared"))
        let rewritten = try Tool.run(
            ["replay", "--snapshot", "snaps", "story.events"], in: folder,
            environment: environment(["ADDRESS_PICKER_RECORD": "all"]))
        #expect(rewritten.output.hasPrefix("RECORDED story.events"))
        #expect(
            try Tool.run(["replay", "--snapshot", "snaps", "story.events"], in: folder, environment: environment()).status == 0)
    }

    @Test func continuousIntegrationNeverRecords() throws {
        let folder = try Tool.folder(["story.events": script])
        let result = try Tool.run(
            ["replay", "--snapshot", "snaps", "--record=all", "story.events"], in: folder,
            environment: environment(["CI": "true"]))
        #expect(result.status == 1)
        #expect(result.output.contains("CI never records"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("snaps").path))
    }

    /// The audit's case: `sn2/ok.transcript` links to `../refs/real.transcript` (mode 600, "old").
    @Test func recordingAllWritesThroughALinkedReference() throws {
        let folder = try Tool.folder(["ok.events": "send searchActivated\n"])
        for name in ["sn2", "refs"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let target = folder.appendingPathComponent("refs/real.transcript")
        try Data("old\n".utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
        let link = folder.appendingPathComponent("sn2/ok.transcript").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../refs/real.transcript")
        let result = try Tool.run(
            ["replay", "--snapshot", "sn2", "--record=all", "ok.events"], in: folder, environment: environment())
        #expect(result.status == 1)
        // The whole old reference was one line: `diff -u` heads that @@ -1 +1,N @@.
        #expect(result.output.contains(" (- old, + new)\n@@ -1 +1,"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../refs/real.transcript")
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("script ok.events (machine address-picker)\n"))
        #expect(try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func aFolderReferenceAndABadRecordVariableAreRefused() throws {
        let folder = try Tool.folder(["ok.events": "send searchActivated\n"])
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sn/ok.transcript"), withIntermediateDirectories: true)
        let reference = folder.appendingPathComponent("sn/ok.transcript").resolvingSymlinksInPath().path
        let asFolder = try Tool.run(["replay", "--snapshot", "sn", "ok.events"], in: folder, environment: environment())
        #expect(asFolder.status == 74)
        #expect(asFolder.output == "")
        #expect(asFolder.error.hasSuffix("sn/ok.transcript': it is a folder\n"), "\(asFolder.error) for \(reference)")
        #expect(asFolder.error.hasPrefix("error: cannot read the snapshot '"))
        let bogus = try Tool.run(
            ["replay", "--snapshot", "sn3", "ok.events"], in: folder, environment: environment(["ADDRESS_PICKER_RECORD": "bogus"])
        )
        #expect(bogus.status == 64)
        #expect(
            bogus.error.hasPrefix(
                "error: ADDRESS_PICKER_RECORD=bogus names no record mode; expected missing, all or never\n"))
    }

    @Test func recordNeedsSnapshotAndAKnownMode() throws {
        #expect(try Tool.run(["replay", "--record", "x.events"]).status == 64)
        #expect(try Tool.run(["replay", "--snapshot", "s", "--record=sometimes", "x.events"]).status == 64)
    }
}
