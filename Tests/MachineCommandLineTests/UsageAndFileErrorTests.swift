import Foundation
import MachineCommandLine
import Testing

@Suite("usage errors (64) and files that cannot be read or written (74)") struct UsageAndFileErrorTests {
    @Test(
        "usage errors print the message, then the subcommand's usage line",
        arguments: [
            // A usage line longer than a terminal's 80 columns leaves its options to --help.
            (
                ["replay", "--colour", "x.events"],
                "error: unknown option '--colour'\nUsage: call-box replay <file> ... [<options>]\n"
            ),
            (["replay"], "error: missing <file>"),
            (["replay", "-", "-"], "error: standard input (-) can be read only once"),
            (["replay", "--record", "x.events"], "error: --record goes with --snapshot <directory>"),
            (["check", "extra"], "error: unexpected argument 'extra'\nUsage: call-box check\n"),
            (
                ["paths"],
                "error: missing --output <directory>\nUsage: call-box paths --output <directory> [--expect] [--initial <name>]\n"
            ),
            (["explore", "--seed"], "error: missing value for '--seed <n>'"),
            (["explore", "--steps", "0"], "error: --steps takes a whole number from 1 to 1000000000, not '0'"),
            (["explore", "--quiet=yes"], "error: unknown option '--quiet=yes'"),
            (["replay", "-o", "", "x.events"], "error: '--output <directory>' takes a value, not an empty one"),
            (["explore", "--seed="], "error: '--seed <n>' takes a value, not an empty one"),
            (["dial"], "error: dial one number\nUsage: call-box dial <number> [--twice] [--prefix <digits>]\n"),
            (["dial", "1", "--twice=yes"], "error: '--twice' takes no value"),
            (["dial", "1", "-p", "x1"], "error: --prefix takes digits, not 'x1'"),
            (
                ["explore", "--initial", "impatent"],
                "error: --initial takes default or impatient, not 'impatent'; did you mean 'impatient'?"
            ),
            (["replay", "--check", "x.events"], "error: --check goes with --update"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try CallBox.run(arguments)
        #expect(result.status == .usage)
        #expect(result.error.hasPrefix(message), "\(result.error)")
        #expect(result.output.isEmpty)
        let subcommand = arguments[0]
        #expect(result.error.hasSuffix("\n  See 'call-box \(subcommand) --help' for more information.\n"))
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 3, "the message, the usage line and where to read more")
        #expect(lines.dropFirst().allSatisfy { $0.count <= 80 }, "\(result.error)")
    }

    /// A mistyped subcommand or option prints one line of usage and the nearest name, not the
    /// whole help.
    @Test(
        arguments: [
            (
                ["replya", "x.events"],
                "error: unknown subcommand 'replya'; did you mean 'replay'?\nUsage: call-box <subcommand>\n"
            ),
            (
                ["help", "exlpore"],
                "error: unknown subcommand 'exlpore'; did you mean 'explore'?\nUsage: call-box <subcommand>\n"
            ),
            (
                ["replay", "--quite", "x.events"],
                "error: unknown option '--quite'; did you mean '--quiet'?\nUsage: call-box replay "
            ),
            (["replay", "--fromat=json", "-"], "error: unknown option '--fromat=json'; did you mean '--format'?\n"),
            (["replay", "--format", "jsno", "-"], "error: --format takes text or json, not 'jsno'; did you mean 'json'?\n"),
            (["coverage", "--provder", "alice", "-"], "error: unknown option '--provder'; did you mean '--provider'?\n"),
        ])
    func typosSuggestTheNearestName(arguments: [String], message: String) throws {
        let result = try CallBox.run(arguments)
        #expect(result.status == .usage)
        #expect(result.error.hasPrefix(message), "\(result.error)")
        #expect(result.error.split(separator: "\n").count == 3, "\(result.error)")
    }

    @Test func farFromEveryNameNothingIsSuggested() throws {
        #expect(try CallBox.run(["teleport"]).error.hasPrefix("error: unknown subcommand 'teleport'\nUsage: "))
        #expect(try CallBox.run(["replay", "--colour", "-"]).error.hasPrefix("error: unknown option '--colour'\nUsage: "))
        #expect(try CallBox.run(["replay", "-x", "-"]).error.hasPrefix("error: unknown option '-x'\nUsage: "))
    }

    @Test func unknownOrMissingSubcommands() throws {
        let none = try CallBox.run([])
        #expect(none.status == .usage)
        #expect(none.error.hasPrefix("error: missing subcommand\n\nOVERVIEW: "))
        let unknown = try CallBox.run(["teleport"])
        #expect(unknown.status == .usage)
        #expect(unknown.error.hasPrefix("error: unknown subcommand 'teleport'"))
        #expect(try CallBox.run(["help", "teleport"]).status == .usage)
    }

    @Test func helpAndVersionTakeNoMoreThanTheyUse() throws {
        let extra = try CallBox.run(["--help", "extra"])
        #expect(extra.status == .usage)
        #expect(extra.error.hasPrefix("error: --help takes no argument, not 'extra'\nUsage: call-box <subcommand>\n"))
        let twoSubcommands = try CallBox.run(["help", "check", "extra"])
        #expect(twoSubcommands.status == .usage)
        #expect(twoSubcommands.error.hasPrefix("error: help takes one subcommand, not 'extra' as well"))
        let helpOfHelp = try CallBox.run(["help", "help"])
        #expect(helpOfHelp.status == .success)
        #expect(helpOfHelp.output.hasPrefix("OVERVIEW: "))
        #expect(try CallBox.run(["help", "--help"]).status == .success)
        #expect(try CallBox.run(["help", "help", "extra"]).error.hasPrefix("error: help takes one subcommand, not 'extra'"))
    }

    @Test func aMissingOrFolderScriptCannotBeRead() throws {
        let folder = try CallBox.folder([:])
        let missing = folder.appendingPathComponent("nope.events").path
        let result = try CallBox.run(["replay", missing])
        #expect(result.status == .cannotReadOrWrite)
        #expect(result.error == "error: cannot read '\(missing)': No such file or directory\n")
        let directory = try CallBox.run(["coverage", folder.path])
        #expect(directory.status == .cannotReadOrWrite)
        #expect(directory.error.hasPrefix("error: cannot read '\(folder.path)': it is a folder"))
    }

    @Test func writesThatFailAreErrorsAndLeaveNothingBehind() throws {
        let full = try CallBox.run(["check"], outputFile: "/dev/full")
        #expect(full.status == .cannotReadOrWrite)
        #expect(full.error == "error: cannot write standard output: No space left on device\n")
        #expect(
            try CallBox.run(["diagram", "-o", "/dev/full"]).error == "error: cannot write '/dev/full': No space left on device\n")
        let folder = try CallBox.folder([:])
        let intoFolder = try CallBox.run(["diagram", "-o", folder.path])
        #expect(intoFolder.status == .cannotReadOrWrite)
        #expect(intoFolder.error == "error: cannot write '\(folder.path)': it is a folder\n")
        #expect(CallBox.listing(folder).isEmpty)
        try Data().write(to: folder.appendingPathComponent("plain"))
        let underAFile = try CallBox.run(["diagram", "-o", folder.appendingPathComponent("plain/pager.dot").path])
        #expect(underAFile.status == .cannotReadOrWrite)
        #expect(underAFile.error == "error: cannot write '\(folder.path)/plain/pager.dot': Not a directory\n")
        #expect(CallBox.listing(folder) == ["plain"])
    }

    @Test func anOutputFilesMissingFoldersAreCreated() throws {
        let folder = try CallBox.folder([:])
        let path = folder.appendingPathComponent("out/diagrams/pager.dot").path
        let result = try CallBox.run(["diagram", "-o", path])
        #expect(result.status == .success, "\(result.error)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == CallBox.run(["diagram"]).output)
    }

    @Test func theToolsOwnSubcommandRunsWithItsOptions() throws {
        #expect(try CallBox.run(["dial", "123"]).output == "123\n")
        #expect(try CallBox.run(["dial", "--twice", "-p", "0", "123"]).output == "0123 0123\n")
        #expect(
            try CallBox.run(["dial", "--prefix=9", "--", "--twice"]).error == "error: cannot dial '--twice'\n",
            "-- ends the options")
        let refused = try CallBox.run(["dial", "12a"])
        #expect(refused.status == .cannotReadOrWrite)
        #expect(refused.error == "error: cannot dial '12a'\n")
    }
}
