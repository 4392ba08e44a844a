import MachineCommandLine
import MachineRuntime
import Testing

@Suite("--help, derived from the declarations") struct HelpTests {
    static let subcommands = ["replay", "diagram", "check", "coverage", "mutate", "paths", "explore", "verify", "dial"]

    @Test(arguments: subcommands) func everyHelpHasItsUsageOptionsAndExitCodes(_ subcommand: String) throws {
        let help = try CallBox.run([subcommand, "--help"])
        #expect(help.status == .success)
        #expect(help.output.hasPrefix("OVERVIEW: "))
        #expect(help.output.contains("\nUSAGE: call-box \(subcommand)"))
        #expect(help.output.contains("\nOPTIONS:\n"))
        #expect(help.output.contains("  -h, --help              Show help information.\n"))
        #expect(help.output.contains("\nEXIT STATUS:\n  0  "))
        #expect(
            help.output.hasSuffix(
                """
                  64  a usage error: an unknown option, a missing or malformed argument
                  74  a file could not be read or written (missing, unreadable, a folder, a full disk)


                """))
        #expect(try CallBox.run(["help", subcommand]).output == help.output)
    }

    @Test func theUsageLineAndOptionsComeFromTheDeclarations() throws {
        let help = try CallBox.run(["dial", "-h"]).output
        #expect(
            help == """
                OVERVIEW: Dial a number.

                USAGE: call-box dial <number> [--twice] [--prefix <digits>]

                ARGUMENTS:
                  <number>                The digits to dial.

                OPTIONS:
                  --twice                 Dial it twice.
                  -p, --prefix <digits>   Dial these first.
                  -h, --help              Show help information.

                EXIT STATUS:
                  0  the number was dialled
                  64  a usage error: an unknown option, a missing or malformed argument
                  74  a file could not be read or written (missing, unreadable, a folder, a full disk)


                """)
        let paths = try CallBox.run(["paths", "--help"]).output
        #expect(
            paths.contains("USAGE: call-box paths --output <directory> [--expect] [--initial <name>]\n"),
            "a required option is not in brackets")
        #expect(paths.contains("  call-box coverage <directory>/*.events\n"))
        let replay = try CallBox.run(["replay", "--help"]).output
        #expect(
            replay.contains(
                "USAGE: call-box replay <file> ... [--quiet] [--format <format>] [--output <directory>] [--provider <provider>]"))
        #expect(
            replay.contains(
                "  --provider <provider>   Who answers requests: script (default: the script's respond and fail lines), alice or down.\n"
            ))
        #expect(replay.contains("CALL_BOX_RECORD=missing|all"))
    }

    @Test func exploreListsEveryInvariantOnceAndTheInitialContexts() throws {
        let help = try CallBox.run(["explore", "--help"]).output
        #expect(
            help.contains(
                """
                these invariants are checked:
                  - each region is in a leaf, and history remembers leaves of its state
                  - at most one request of each kind in flight
                  - the runtime's timers and requests are the machine's
                  - a dropped answer changes nothing
                  - a finished machine accepts nothing and runs nothing
                  - ring in flight exactly when line is ringing
                  - patience runs exactly when line is ringing
                The machine
                """))
        #expect(
            help.contains(
                """
                INITIAL CONTEXTS (--initial):
                  default (default)       the machine's initial context (no given line)
                  impatient               given patience 1s
                """))
        #expect(
            help.contains("  --initial <name>        Start from the initial context <name>: default (default) or impatient.\n"))
    }

    @Test func theToolsHelpListsEverySubcommand() throws {
        let help = try CallBox.run(["--help"])
        #expect(help.status == .success)
        #expect(
            help.output.hasPrefix(
                "OVERVIEW: Replay, draw, check, cover, mutate, explore and verify the pager machine.\n\nUSAGE: call-box <subcommand>\n"
            ))
        #expect(help.output.contains("  --version               Show the version.\n"))
        for subcommand in Self.subcommands { #expect(help.output.contains("\n  \(subcommand) ")) }
        #expect(help.output.contains("  dial                    Dial a number.\n"))
        #expect(help.output.contains("See 'call-box help <subcommand>' for detailed help."))
        #expect(try CallBox.run(["help"]).output == help.output)
        #expect(try CallBox.run(["--version"]).output == "call-box 1.2\n")
    }

    @Test func withoutAVersionThereIsNoVersionOption() throws {
        #expect(try !CallBox.run(["--help"], tool: CallBox.withoutSamples).output.contains("--version"))
        #expect(try CallBox.run(["--version"], tool: CallBox.withoutSamples).status == .usage)
    }
}
