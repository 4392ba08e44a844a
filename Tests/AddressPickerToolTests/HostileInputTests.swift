import Foundation
import ScriptFiles
import Testing

/// Bad input a newcomer or an attacker might give the tool: each gets its own exit status and a
/// clear message, never a crash (132, 134), a silent pass, or a file half written.
@Suite("address-picker with hostile input") struct HostileInputTests {
    /// One case: the files in a fresh folder, the command, what is on standard input, and what
    /// must come out.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        var files: [String: String] = [:]
        let arguments: [String]
        var input = ""
        let status: Int32
        /// Text standard error must contain (empty: anything).
        var error = ""
        /// Text standard output must contain (empty: anything).
        var output = ""

        var testDescription: String { name }
    }

    static let passing = "send appeared\nexpect map == geocoding\n"

    static let cases: [Case] = [
        Case(name: "no arguments", arguments: [], status: 64, error: "error: missing subcommand"),
        Case(name: "an unknown subcommand", arguments: ["teleport"], status: 64, error: "error: unknown subcommand 'teleport'"),
        Case(
            name: "a missing script", arguments: ["replay", "nope.events"], status: 74,
            error: "error: cannot read 'nope.events': No such file or directory"),
        Case(
            name: "a folder as a script", files: ["dir/a.events": passing], arguments: ["replay", "dir"], status: 74,
            error: "error: cannot read 'dir': it is a folder"),
        Case(
            name: "CR-only line endings are line breaks", files: ["cr.events": "send appeared\rexpect map == idle\r"],
            arguments: ["replay", "-q", "cr.events"], status: 1, output: "FAIL cr.events (1 of 1 expectation failed)"),
        Case(
            name: "CR LF line endings are one break each",
            files: ["crlf.events": "send appeared\r\n\r\nexpect map == geocoding\r\n"],
            arguments: ["replay", "-q", "crlf.events"], status: 0, output: "PASS crlf.events (1 expectation)"),
        Case(
            name: "a script with no statement", files: ["empty.events": "# nothing here\n\n   \n"],
            arguments: ["replay", "empty.events"], status: 2,
            error: "empty.events:1:1: error: the script holds no statement (only blank lines and comments): nothing to replay"),
        Case(
            name: "an empty file", files: ["zero.events": ""], arguments: ["replay", "-q", "zero.events"], status: 2,
            error: "zero.events:1:1: error: the script holds no statement"),
        Case(
            name: "a script on standard input", arguments: ["replay", "-"], input: passing, status: 0,
            output: "script <stdin> (machine address-picker)"),
        Case(
            name: "coverage of a script on standard input, read as it is checked", arguments: ["coverage", "-"],
            input: passing, status: 0, output: "rows        1 of"),
        Case(
            name: "standard input twice", arguments: ["replay", "-", "-"], status: 64,
            error: "error: standard input (-) can be read only once"),
        Case(
            name: "two scripts of the same name into one folder",
            files: ["a/x.events": passing, "b/x.events": passing, "out/keep": ""],
            arguments: ["replay", "-o", "out", "a/x.events", "b/x.events"], status: 64,
            error: "error: 'a/x.events' and 'b/x.events' would both write"),
        Case(
            name: "an output folder that is a file", files: ["a.events": passing, "out": ""],
            arguments: ["replay", "--output", "out", "a.events"], status: 74,
            error: "error: cannot write to 'out': it is not a folder"),
        Case(
            name: "an output folder that does not exist yet", files: ["a.events": passing],
            arguments: ["replay", "--output", "new/transcripts", "a.events"], status: 0),
        Case(
            name: "a huge search limit", arguments: ["search", "a", "--limit", "10000000000"], status: 64,
            error: "error: --limit takes a whole number from 1 to 1000, not '10000000000'"),
        Case(
            name: "the largest Int as a search limit", arguments: ["search", "a", "--limit", "9223372036854775807"], status: 64,
            error: "--limit takes a whole number from 1 to 1000"),
        Case(
            name: "a huge number of exploration steps", arguments: ["explore", "--steps", "99999999999999999999"], status: 64,
            error: "--steps takes a whole number from 1 to 1000000000"),
        Case(
            name: "a diagram into a folder", files: ["dir/keep": ""], arguments: ["diagram", "-o", "dir"], status: 74,
            error: "error: cannot write 'dir': it is a folder"),
        Case(
            name: "a diagram into a folder that cannot be made", files: ["plain": ""],
            arguments: ["diagram", "-o", "plain/x.dot"], status: 74,
            error: "error: cannot write 'plain/x.dot': Not a directory"),
        Case(
            name: "a diagram into a full device", arguments: ["diagram", "-o", "/dev/full"], status: 74,
            error: "error: cannot write '/dev/full': No space left on device"),
        Case(
            name: "a records file that does not exist", arguments: ["build-gazetteer", "none.tsv", "-o", "g.bin"], status: 74,
            error: "error: cannot read 'none.tsv'"),
        Case(
            name: "a gazetteer file cut short", files: ["old.bin": "APGAZETR\u{1}\0\0\0"],
            arguments: ["build-gazetteer", "old.bin", "-o", "g.bin"],
            status: 2, error: "old.bin: error: the gazetteer file is truncated: 12 bytes, 32 expected"),
        Case(
            name: "a saved state over its own script", files: ["a.events": passing],
            arguments: ["replay", "-q", "--save-state", "a.events", "a.events"], status: 64,
            error: "error: the saved state 'a.events' is the script 'a.events' itself; write it somewhere else"),
        Case(
            name: "a transcript over its own script", files: ["out/a.transcript": passing],
            arguments: ["replay", "-o", "out", "out/a.transcript"], status: 64,
            error: "/out/a.transcript' is the script 'out/a.transcript' itself; write it somewhere else"),
        Case(
            name: "a coverage page over its own script", files: ["a.events": passing],
            arguments: ["coverage", "--html", "a.events", "a.events"], status: 64,
            error: "error: the page 'a.events' is the script 'a.events' itself; write it somewhere else"),
        Case(
            name: "a mutation page over its own script", files: ["a.events": passing],
            arguments: ["mutate", "--html", "a.events", "a.events"], status: 64,
            error: "error: the page 'a.events' is the script 'a.events' itself; write it somewhere else"),
        Case(
            name: "suggestions into a file, refused before the mutants run", files: ["a.events": passing, "plain": ""],
            arguments: ["mutate", "--suggest", "plain", "a.events"], status: 74,
            error: "error: cannot write suggestions into 'plain': it is a file, not a folder"),
        Case(
            name: "two scripts of one name against one snapshot folder",
            files: ["a/x.events": passing, "b/x.events": passing, "snaps/keep": ""],
            arguments: ["replay", "--snapshot", "snaps", "--record", "a/x.events", "b/x.events"], status: 64,
            error: "error: 'a/x.events' and 'b/x.events' would both have the reference"),
        Case(
            name: "a snapshot reference over its own script", files: ["a.transcript": passing],
            arguments: ["replay", "--snapshot", ".", "--record=all", "a.transcript"], status: 64,
            error: "/a.transcript' is the script 'a.transcript' itself; write it somewhere else"),
        Case(
            name: "a hexadecimal coordinate", arguments: ["reverse", "0x10", "0"], status: 64,
            error: "error: the latitude is a number of degrees, not '0x10'"),
        Case(
            name: "a coordinate with a comma and another number", arguments: ["reverse", "1,2", "3"], status: 64,
            error: "error: give each point as latitude,longitude, not '3'"),
        Case(
            name: "an exponent in --near", arguments: ["search", "paris", "--near", "4e1,2"], status: 64,
            error: "error: --near: the latitude is a number of degrees, not '4e1'"),
        Case(
            name: "a hexadecimal coverage minimum", files: ["a.events": passing],
            arguments: ["coverage", "--min", "0x10", "a.events"], status: 64,
            error: "error: --min takes a percentage from 0 to 100, not '0x10'"),
        Case(
            name: "a saved state into a folder, refused before the script runs", files: ["a.events": passing, "dir/keep": ""],
            arguments: ["replay", "--save-state", "dir", "a.events"], status: 74,
            error: "error: cannot write 'dir': it is a folder"),
        Case(
            name: "a saved state to -", files: ["a.events": passing],
            arguments: ["replay", "-q", "--save-state", "-", "a.events"], status: 64,
            error: "error: --save-state takes a file, not - (the transcript goes to standard output)"),
        Case(
            name: "transcripts into -", files: ["a.events": passing], arguments: ["replay", "-o", "-", "a.events"],
            status: 64, error: "error: --output: - is standard output, which holds no files; name a folder"),
        Case(
            name: "covering paths into -", arguments: ["paths", "-o", "-"], status: 64,
            error: "error: --output: - is standard output, which holds no files; name a folder"),
        Case(
            name: "a transcript that cannot be written, quiet", files: ["a.events": passing, "out/a.transcript/keep": ""],
            arguments: ["replay", "-q", "-o", "out", "a.events"], status: 74, error: "it is a folder", output: "ERROR a.events"),
        Case(
            name: "an endless script on standard input's place, checked as it is read", arguments: ["replay", "/dev/zero"],
            status: 2, error: "/dev/zero:1:1: error: a NUL byte is not allowed in a script", output: "INVALID: /dev/zero:1:1"),
    ]

    @Test(arguments: cases) func exitStatusAndMessage(_ example: Case) throws {
        let folder = try Tool.folder([:])
        for (name, contents) in example.files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        let before = try Self.listing(folder)
        let result = try Tool.run(example.arguments, in: folder, input: example.input)
        #expect(result.status == example.status, "\(result.error)")
        // (In Swift, no string contains the empty string.)
        #expect(example.error.isEmpty || result.error.contains(example.error), "standard error was: \(result.error)")
        #expect(example.output.isEmpty || result.output.contains(example.output), "standard output was: \(result.output)")
        if example.status != 0 {
            #expect(try Self.listing(folder) == before, "a failed run wrote or left files")
        }
    }

    /// Every file under `folder`, relative.
    static func listing(_ folder: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        return (enumerator?.allObjects as? [String] ?? []).sorted()
    }

    /// An argument that is not UTF-8 would reach the tool with U+FFFD for its bad bytes, naming
    /// another file or none: it is a usage error that says so.
    @Test func anArgumentThatIsNotUTF8IsAUsageError() throws {
        let executable = try #require(Tool.executable, "the address-picker executable was not built")
        let folder = try Tool.folder(["s.events": Self.passing])
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        // printf makes the byte 0xFE, which no UTF-8 text holds.
        shell.arguments = ["-c", #"exec "$0" replay -q "$(printf 's\376.events')""#, executable.path]
        shell.currentDirectoryURL = folder
        let error = Pipe()
        shell.standardError = error
        shell.standardOutput = Pipe()
        try shell.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 64)
        #expect(message == "error: argument 3 ('s\u{FFFD}.events') is not valid UTF-8; name files in UTF-8\n")
    }

    /// A FIFO as the saved state's file is written to, once: checking it before the run does not
    /// open it (that would hand its reader an end of file, and leave the real write waiting).
    @Test func aSavedStateIntoAFIFOReachesItsReaderWhole() throws {
        let folder = try Tool.folder(["a.events": Self.passing])
        let fifo = folder.appendingPathComponent("state.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat state.fifo > state.json"]
        reader.currentDirectoryURL = folder
        try reader.run()
        let result = try Tool.run(["replay", "-q", "--save-state", "state.fifo", "a.events"], in: folder)
        reader.waitUntilExit()
        #expect(result.status == 0, "\(result.error)")
        let saved = try String(contentsOf: folder.appendingPathComponent("state.json"), encoding: .utf8)
        #expect(saved.hasPrefix("{") && saved.contains("\"lastTimerSerial\""))
    }

    /// `diagram -o -` prints the diagram; it never writes a file called `-`.
    @Test func aDashAsADiagramsOutputIsStandardOutput() throws {
        let folder = try Tool.folder([:])
        let printed = try Tool.run(["diagram"], in: folder)
        let dashed = try Tool.run(["diagram", "-o", "-"], in: folder)
        #expect(dashed.status == 0)
        #expect(!dashed.output.isEmpty && dashed.output == printed.output)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test(arguments: ["replay", "check", "diagram", "reverse"])
    func aFullStandardOutputIsAnErrorNotACrashOrASilentLoss(_ subcommand: String) throws {
        let arguments: [String] =
            switch subcommand {
            case "replay": ["replay", "Examples/search-nearby.events"]
            case "reverse": ["reverse", "48.85", "2.35"]
            default: [subcommand]
            }
        let result = try Tool.run(arguments, outputFile: "/dev/full")
        #expect(result.status == 74, "\(result.error)")
        #expect(result.error.contains("cannot write"), "\(result.error)")
        #expect(result.error.contains("No space left on device"), "\(result.error)")
    }

    @Test func writingThroughALinkKeepsTheLinkAndWritesItsTarget() throws {
        let folder = try Tool.folder(["target.dot": "old\n"])
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.dot").path, withDestinationPath: "target.dot")
        let result = try Tool.run(["diagram", "-o", "link.dot"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("link.dot").path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        let written = try String(contentsOf: folder.appendingPathComponent("target.dot"), encoding: .utf8)
        #expect(written.hasPrefix("// Generated from the address-picker transition table"))
        #expect(try Self.listing(folder) == ["link.dot", "target.dot"])
    }

    @Test func writingToADeviceWritesToItAndLeavesItADevice() throws {
        let result = try Tool.run(["diagram", "-o", "/dev/stdout"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("// Generated from the address-picker transition table"))
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
        #expect(try Tool.run(["diagram", "-o", "/dev/null"]).status == 0)
        #expect(
            try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType == .typeCharacterSpecial)
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        let folder = try Tool.folder(["machine.dot": "old\n"])
        let path = folder.appendingPathComponent("machine.dot").path
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(try Tool.run(["diagram", "-o", "machine.dot"], in: folder).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func quietJSONPrintsOneObjectPerScript() throws {
        let folder = try Tool.folder(["pass.events": Self.passing, "fail.events": "send appeared\nexpect map == idle\n"])
        let result = try Tool.run(["replay", "--quiet", "--format", "json", "pass.events", "fail.events"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.output == """
                {"exitCode":0,"expectations":1,"failures":0,"file":"pass.events","outcome":"passed"}
                {"exitCode":1,"expectations":1,"failures":1,"file":"fail.events","outcome":"failed"}

                """)
    }

    /// A script that cannot be read has its line too, so that every script named is accounted for.
    @Test func quietOutputHasALineForAScriptThatCannotBeRead() throws {
        let folder = try Tool.folder(["pass.events": Self.passing])
        let json = try Tool.run(["replay", "-q", "--format", "json", "pass.events", "nope.events"], in: folder)
        #expect(json.status == 74)
        #expect(
            json.output == """
                {"exitCode":0,"expectations":1,"failures":0,"file":"pass.events","outcome":"passed"}
                {"error":"cannot read 'nope.events': No such file or directory","exitCode":74,"file":"nope.events","outcome":"unreadable"}

                """)
        let text = try Tool.run(["replay", "-q", "nope.events", "pass.events"], in: folder)
        #expect(text.output == "UNREADABLE nope.events\nPASS pass.events (1 expectation)\n")
        #expect(text.error == "error: cannot read 'nope.events': No such file or directory\n")
    }

    @Test func aCopiedExecutableCarriesItsGazetteer() throws {
        let original = try #require(Tool.executable)
        let folder = try Tool.folder([:])
        let copy = folder.appendingPathComponent("address-picker")
        try FileManager.default.copyItem(at: original, to: copy)
        let result = try Tool.run(["reverse", "48.8566", "2.3522"], in: folder, executable: copy)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("Paris"))
    }

    @Test(arguments: [
        "replay", "diagram", "check", "coverage", "mutate", "paths", "explore", "search", "reverse", "build-gazetteer",
    ])
    func everyHelpListsTheSharedExitStatusesAndNoGluedLines(_ subcommand: String) throws {
        let help = try Tool.run([subcommand, "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("EXIT STATUS:\n  0  "))
        #expect(help.output.contains("\n  64  a usage error"))
        #expect(help.output.contains("\n  74  a file could not be read or written"))
        // A name fills at most its column of 24 and a space follows; a longer one stands alone,
        // its help on the next line: never glued to it.
        let lines = help.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var inList = false
        for (index, line) in lines.enumerated() {
            if line == "ARGUMENTS:" || line == "OPTIONS:" { inList = true }
            if line.isEmpty { inList = false }
            guard inList, line.hasPrefix("  -") || line.hasPrefix("  <") else { continue }
            let body = Array(line.dropFirst(2))
            guard body.count > 24, body[23] != " " else { continue }
            let next = index + 1 < lines.count ? lines[index + 1] : ""
            #expect(next.hasPrefix(String(repeating: " ", count: 26)), "glued: \(line)")
        }
    }

    @Test func aLongOptionNameHasItsHelpOnTheNextLine() throws {
        let help = try Tool.run(["search", "--help"])
        #expect(
            help.output.contains(
                "  --near <latitude,longitude>\n" + String(repeating: " ", count: 26) + "Prefer places near this point"))
    }
}
