import Foundation

/// `address-picker`: replay event scripts against the address-picker machine.
let version = "0.1.0"

let overview = """
    OVERVIEW: An explicit state machine for picking an address on a map: replay its event scripts.

    USAGE: address-picker <subcommand>

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      replay                  Replay event scripts and print their transcripts.
      diagram                 Draw the machine (DOT, Mermaid, SCXML) from its table.
      check                   Check the table for unreachable states, dead ends and non-determinism.
      coverage                Replay scripts and report which rows, states, events and guards they exercise.
      paths                   Write event scripts that together fire every row.
      explore                 Drive the machine with random inputs and check its invariants.
      search                  Look up places in the embedded offline gazetteer.
      reverse                 The nearest place to a latitude and longitude, offline.

      See 'address-picker help <subcommand>' for detailed help.

    EXIT STATUS:
      0 success, 1 a failure found (expectation, finding, violation), 2 invalid input,
      64 a usage error, 74 a file could not be read or written; each subcommand's help says more.
    """

/// A subcommand: its help, its options and what it does.
struct Subcommand: Sendable {
    let help: String
    let options: [Arguments.Option]
    let run: @Sendable (Arguments) throws -> Int32
}

let subcommands: [String: Subcommand] = [
    "replay": Subcommand(help: ReplayCommand.help, options: ReplayCommand.options, run: ReplayCommand.run),
    "diagram": Subcommand(help: DiagramCommand.help, options: DiagramCommand.options, run: DiagramCommand.run),
    "check": Subcommand(help: CheckCommand.help, options: CheckCommand.options, run: CheckCommand.run),
    "coverage": Subcommand(help: CoverageCommand.help, options: CoverageCommand.options, run: CoverageCommand.run),
    "paths": Subcommand(help: PathsCommand.help, options: PathsCommand.options, run: PathsCommand.run),
    "explore": Subcommand(help: ExploreCommand.help, options: ExploreCommand.options, run: ExploreCommand.run),
    "search": Subcommand(help: SearchCommand.help, options: SearchCommand.options, run: SearchCommand.run),
    "reverse": Subcommand(help: ReverseCommand.help, options: ReverseCommand.options, run: ReverseCommand.run),
    "build-gazetteer": Subcommand(
        help: BuildGazetteerCommand.help, options: BuildGazetteerCommand.options, run: BuildGazetteerCommand.run),
]

@MainActor
func main() -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let first = arguments.first else {
        printError("error: missing subcommand\n\n\(overview)")
        return ExitStatus.usage
    }
    switch first {
    case "-h", "--help":
        return show(overview)
    case "--version":
        return show("address-picker \(version)\nPlace data of the embedded gazetteer: GeoNames, geonames.org, CC BY 4.0.")
    case "help":
        guard arguments.count > 1 else { return show(overview) }
        guard let subcommand = subcommands[arguments[1]] else {
            printError("error: unknown subcommand '\(arguments[1])'\n\n\(overview)")
            return ExitStatus.usage
        }
        return show(subcommand.help)
    default:
        break
    }
    arguments.removeFirst()
    guard let subcommand = subcommands[first] else {
        printError("error: unknown subcommand '\(first)'\n\n\(overview)")
        return ExitStatus.usage
    }
    do {
        let parsed = try Arguments(arguments, options: subcommand.options)
        if parsed.has("help") { return show(subcommand.help) }
        return try subcommand.run(parsed)
    } catch let error as UsageError {
        printError("error: \(error.message)\n\n\(subcommand.help)")
        return ExitStatus.usage
    } catch let error as ToolError {
        printError("error: \(error)")
        return ExitStatus.cannotReadOrWrite
    } catch let error as CocoaError where error.isFileError {
        printError("error: \(error.localizedDescription)")
        return ExitStatus.cannotReadOrWrite
    } catch {
        printError("error: \(error)")
        return ExitStatus.invalid
    }
}

/// Prints help or version text: 0, or 74 when standard output cannot be written.
func show(_ text: String) -> Int32 {
    do {
        try printOutput(text)
        return ExitStatus.success
    } catch {
        printError("error: \(error)")
        return ExitStatus.cannotReadOrWrite
    }
}

TemporaryFile.removeOnSignals()
exit(main())
