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
        print(overview)
        return 0
    }
    switch first {
    case "-h", "--help":
        print(overview)
        return 0
    case "--version":
        print("address-picker \(version)\nPlace data of the embedded gazetteer: GeoNames, geonames.org, CC BY 4.0.")
        return 0
    case "help":
        guard arguments.count > 1 else {
            print(overview)
            return 0
        }
        guard let subcommand = subcommands[arguments[1]] else {
            printError("error: unknown subcommand '\(arguments[1])'\n\n\(overview)")
            return 64
        }
        print(subcommand.help)
        return 0
    default:
        break
    }
    arguments.removeFirst()
    guard let subcommand = subcommands[first] else {
        printError("error: unknown subcommand '\(first)'\n\n\(overview)")
        return 64
    }
    do {
        let parsed = try Arguments(arguments, options: subcommand.options)
        if parsed.has("help") {
            print(subcommand.help)
            return 0
        }
        return try subcommand.run(parsed)
    } catch let error as UsageError {
        printError("error: \(error.message)\n\n\(subcommand.help)")
        return 64
    } catch {
        printError("error: \(error)")
        return 2
    }
}

exit(main())
