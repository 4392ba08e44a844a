import EventScripts
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

    /// The tool writes the text transcript into its output's buffer as bytes; the library's
    /// `TextTranscript` writes each entry as a string: the same text, failures and their changes
    /// included.
    @Test(arguments: [passing, failing, passing + failing + "respond ring \"Ann\"\n"])
    func theToolsTranscriptIsTheLibrarys(_ script: String) throws {
        let vocabulary = PagerVocabulary()
        let checked = try ScriptChecker(vocabulary: vocabulary).check(Array(script.utf8), file: "<stdin>")
        let (outcome, text) = try Player(vocabulary: vocabulary).transcript(of: checked)
        let tool = try CallBox.run(["replay", "-"], input: script)
        #expect(tool.output == text)
        #expect(tool.status.rawValue == outcome.exitCode)
        #expect(text.contains("changed") == (outcome != .passed(expectations: 2)), "a failure shows its input's changes")
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

    @Test func anUnknownModeInTheEnvironmentIsAUsageErrorThatNamesTheVariable() throws {
        let result = try CallBox.run(
            ["replay", "--snapshot", "/nonexistent", "-"], input: ReplayTests.passing,
            environment: ["CALL_BOX_RECORD": "sometimes"])
        #expect(result.status == .usage)
        #expect(result.output == "", "nothing is replayed")
        #expect(
            result.error.hasPrefix(
                "error: CALL_BOX_RECORD=sometimes names no record mode; expected missing, all or never\nUsage: call-box replay "))
    }

    /// The arguments of a snapshot run of `story.events` in `folder` against `folder/snaps`.
    static func arguments(_ folder: URL, _ options: String...) -> [String] {
        ["replay", "--snapshot", folder.appendingPathComponent("snaps").path] + options
            + [folder.appendingPathComponent("story.events").path]
    }

    @Test func recordingWritesThroughASymbolicLinkAndKeepsTheTargetsPermissions() throws {
        let folder = try CallBox.folder(["story.events": ReplayTests.passing])
        let snaps = folder.appendingPathComponent("snaps")
        let references = folder.appendingPathComponent("references")
        for directory in [snaps, references] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        let target = references.appendingPathComponent("real.transcript")
        try Data("old\n".utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
        let link = snaps.appendingPathComponent("story.transcript")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../references/real.transcript")

        let recorded = try CallBox.run(Self.arguments(folder, "--record=all"))
        #expect(recorded.status == .failure, "a recorded reference fails once, to be reviewed")
        #expect(recorded.output.hasPrefix("RECORDED "), "\(recorded.error)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "../references/real.transcript")
        let written = try String(contentsOf: target, encoding: .utf8)
        #expect(written.hasPrefix("script story.events (machine pager)\n"))
        #expect(written.hasSuffix("passed: 2 expectations held\n"))
        let permissions = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(CallBox.listing(snaps) == ["story.transcript"], "no temporary file is left")
        #expect(CallBox.listing(references) == ["real.transcript"], "no temporary file is left")
        #expect(try CallBox.run(Self.arguments(folder)).output.hasPrefix("MATCH "), "the link is read through")
    }

    @Test func aDanglingLinkIsRecordedAtItsTarget() throws {
        let folder = try CallBox.folder(["story.events": ReplayTests.passing])
        let snaps = folder.appendingPathComponent("snaps")
        try FileManager.default.createDirectory(at: snaps, withIntermediateDirectories: true)
        let link = snaps.appendingPathComponent("story.transcript")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "elsewhere.transcript")
        let recorded = try CallBox.run(Self.arguments(folder, "--record"))
        #expect(recorded.output.hasPrefix("RECORDED "), "\(recorded.error)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "elsewhere.transcript")
        #expect(FileManager.default.fileExists(atPath: snaps.appendingPathComponent("elsewhere.transcript").path))
    }

    @Test(arguments: [[], ["--record"], ["--record=all"]])
    func aReferenceThatIsAFolderIsAnIOError(record: [String]) throws {
        let folder = try CallBox.folder(["story.events": ReplayTests.passing])
        let reference = folder.appendingPathComponent("snaps/story.transcript")
        try FileManager.default.createDirectory(at: reference, withIntermediateDirectories: true)
        let result = try CallBox.run(
            ["replay", "--snapshot", folder.appendingPathComponent("snaps").path] + record
                + [folder.appendingPathComponent("story.events").path])
        #expect(result.status == .cannotReadOrWrite)
        #expect(result.output == "")
        #expect(result.error == "error: cannot read the snapshot '\(reference.path)': it is a folder\n")
    }

    @Test func aReferenceThatCannotBeReadOrWrittenSaysWhyOnce() throws {
        let folder = try CallBox.folder(["story.events": ReplayTests.passing])
        let script = folder.appendingPathComponent("story.events").path
        let snaps = folder.appendingPathComponent("snaps")
        try FileManager.default.createDirectory(at: snaps, withIntermediateDirectories: true)
        // A dangling link into a folder that does not exist: written as --output writes it.
        let reference = snaps.appendingPathComponent("story.transcript")
        try FileManager.default.createSymbolicLink(atPath: reference.path, withDestinationPath: "gone/story.transcript")
        let dangling = try CallBox.run(Self.arguments(folder, "--record"))
        #expect(dangling.status == .cannotReadOrWrite)
        #expect(
            dangling.error
                == "error: cannot write the snapshot '\(reference.path)': the folder '\(snaps.path)/gone' does not exist\n")
        // A link to a device: a reference is a regular file (/dev/zero would never end).
        try FileManager.default.removeItem(at: reference)
        try FileManager.default.createSymbolicLink(atPath: reference.path, withDestinationPath: "/dev/zero")
        let device = try CallBox.run(Self.arguments(folder, "--record=all"))
        #expect(device.status == .cannotReadOrWrite)
        #expect(device.error == "error: cannot read the snapshot '\(reference.path)': it is not a regular file\n")
        // A snapshot folder inside a device or a file: the path and the system's reason, not a
        // Foundation error's description.
        let inDevice = try CallBox.run(["replay", "--snapshot", "/dev/full", "--record", script])
        #expect(inDevice.status == .cannotReadOrWrite)
        #expect(inDevice.error == "error: cannot read the snapshot '/dev/full/story.transcript': Not a directory\n")
        let inFile = try CallBox.run(["replay", "--snapshot", script + "/deeper", "--record", script])
        #expect(inFile.status == .cannotReadOrWrite)
        #expect(inFile.error == "error: cannot read the snapshot '\(script)/deeper/story.transcript': Not a directory\n")
    }

    @Test(.enabled(if: getuid() != 0, "a superuser writes into read-only folders"))
    func aReadOnlyFolderSaysPermissionDenied() throws {
        let folder = try CallBox.folder(["story.events": ReplayTests.passing])
        let snaps = folder.appendingPathComponent("snaps")
        try FileManager.default.createDirectory(at: snaps, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: snaps.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: snaps.path) }
        let result = try CallBox.run(Self.arguments(folder, "--record"))
        #expect(result.status == .cannotReadOrWrite)
        #expect(
            result.error == "error: cannot write the snapshot '\(snaps.path)/story.transcript': Permission denied\n")
    }

    @Test(
        arguments: [
            (["--format", "json"], "--snapshot does not go with --format"),
            (["--format=text"], "--snapshot does not go with --format"),
            (["-o", "out"], "--snapshot does not go with --output"),
        ])
    func optionsWithNoMeaningForSnapshotsAreRefused(options: [String], message: String) throws {
        let folder = try CallBox.folder(["story.events": ReplayTests.passing])
        let result = try CallBox.run(Self.arguments(folder, "--record") + options)
        #expect(result.status == .usage)
        #expect(result.error.hasPrefix("error: \(message)\nUsage: call-box replay "))
        #expect(result.output == "")
        #expect(CallBox.listing(folder) == ["story.events"], "nothing is written")
    }

    /// `--quiet` changes nothing: a snapshot run prints one line per script already (scripts and
    /// CI configurations written `replay --quiet --snapshot DIR` keep working).
    @Test func quietGoesWithSnapshots() throws {
        let folder = try CallBox.folder(["story.events": ReplayTests.passing])
        let quiet = try CallBox.run(Self.arguments(folder, "--record", "--quiet"))
        #expect(quiet.status == .failure, "a recorded reference fails once: \(quiet.error)")
        #expect(quiet.output.hasPrefix("RECORDED "))
        let again = try CallBox.run(Self.arguments(folder) + ["-q"])
        #expect(again.status == .success)
        #expect(again.output.hasPrefix("MATCH "))
    }

    @Test func theProviderGoesWithSnapshots() throws {
        let folder = try CallBox.folder(["story.events": "send call\nexpect answeredBy == \"Alice\"\n"])
        let result = try CallBox.run(Self.arguments(folder, "--record", "--provider", "alice"))
        #expect(result.output.hasPrefix("RECORDED "), "\(result.error)")
    }

    /// What goes with what is said once, by the option that declares it, in its line of help.
    @Test func helpSaysWhichOptionsGoTogether() throws {
        let help = try CallBox.run(["replay", "--help"]).output
        let lines = help.split(separator: "\n")
        func line(_ option: String) -> String {
            lines.first { $0.hasPrefix("  \(option) ") }.map(String.init) ?? "no line for \(option)"
        }
        #expect(line("--snapshot <directory>").hasSuffix(" Not with --output, --format, --save-state or --from-state."))
        #expect(line("--record[=<mode>]").hasSuffix(" Only with --snapshot <directory>."))
        #expect(
            line("--html <directory>").hasSuffix(" Not with --output, --snapshot, --record, --save-state or --from-state."))
        #expect(
            line("--update").hasSuffix(
                " Not with --snapshot, --record, --output, --format, --quiet, --html, --save-state or --from-state."))
        #expect(line("--check").hasSuffix(" Only with --update."))
        #expect(line("--format <format>").contains("(default: text)."))
        // A tool without saved states neither lists them nor names them.
        let without = try CallBox.run(["replay", "--help"], tool: CallBox.withoutSamples).output
        #expect(!without.contains("--save-state"))
        #expect(without.contains(" Not with --output or --format.\n"))
    }

    /// Every script named has its transcript on standard output, ending with how it ended: one
    /// that cannot be checked as well as one stopped at run time (its error on standard error too).
    @Test(arguments: ["text", "json"]) func anInvalidScriptsTranscriptIsItsHeaderAndItsEnd(_ format: String) throws {
        let folder = try CallBox.folder(["unchecked.events": "send dance\n", "stopped.events": "respond ring \"Bob\"\n"])
        var transcripts: [String] = []
        for name in ["unchecked.events", "stopped.events"] {
            let path = folder.appendingPathComponent(name).path
            let result = try CallBox.run(["replay", "--format", format, path])
            #expect(result.status == .invalid)
            #expect(result.error.hasPrefix("\(path):1:"), "\(result.error)")
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
            if format == "text" {
                #expect(lines.first == "script \(name) (machine pager)")
                #expect(lines.dropLast().last?.hasPrefix("INVALID: \(path):1:") == true, "\(result.output)")
            } else {
                #expect(lines.first?.hasPrefix(#"{"type":"script","file":"\#(path)","#) == true, "\(result.output)")
                #expect(lines.dropLast().last?.hasPrefix(#"{"type":"end","outcome":"invalid""#) == true, "\(result.output)")
            }
            transcripts.append(result.output.replacingOccurrences(of: name, with: "NAME"))
        }
        // Neither ran a step: the two transcripts differ only in the error.
        #expect(transcripts[0].split(separator: "\n").count == transcripts[1].split(separator: "\n").count)
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
