import AddressPicker
import AddressPickerPlay
import EventScripts
import Foundation
import MachineCommandLine
import ScriptFiles
import TerminalUI

/// `address-picker play`: the picker in a terminal, on the live runtime, the real clock and the
/// embedded gazetteer; confirming prints the address (and writes it to `--output`), so a shell
/// script can pick one.
enum PlayCommand {
    /// `--location <latitude,longitude>`.
    static let location = Option(
        "location", "latitude,longitude", .coordinate,
        help: "Where the device is (a simulated location): the map starts there, and locate-me finds it.")
    /// `--record <file>`.
    static let record = Option("record", "file", .file, help: "Record the session as an event script that 'replay' plays back.")
    /// `--output <file>`.
    static let output = Option(
        "output", short: "o", "file", .file,
        help: "Also write the confirmed address to <file>, atomically, for a script to read.")

    static let subcommand = Subcommand(
        "play", abstract: "Use the picker in the terminal: search, pan the map, locate, confirm; the address is printed.",
        options: [location, record, output] + GeocoderOptions.all,
        exitCodes: [
            .success: "an address was confirmed and printed on standard output",
            .failure: "quit without confirming (q), or standard input closed",
            .invalid: "standard input or standard output is not a terminal",
            ExitCode(130): "interrupted: Ctrl-C or SIGINT (SIGTERM 143, SIGHUP 129)",
        ],
        discussion: """
            KEYS:
            \(PlayKeys.help.map { "  \($0.key.padding(toLength: 10, withPad: " ", startingAt: 0))\($0.meaning)" }.joined(separator: "\n"))

            The map shows the places of the embedded gazetteer around its centre; the address under
            the crosshair is looked up once the map has been still. The gazetteer has populated
            places only: a category of points of interest fails with a note. Colours follow NO_COLOR.
            Place data: GeoNames, geonames.org, CC BY 4.0.

            With --provider photon or nominatim, completions, searches and lookups go to that
            service over HTTP under its usage policy (the picker's debounce, minimum characters and
            spacing follow it; Nominatim suggests nothing as you type, so Enter searches), and its
            attribution stays on screen. The map still draws the gazetteer's places.

            IN A SCRIPT:
              Standard output is the screen, so a script that picks an address reads it from
              --output instead:  address-picker play --output address.txt && cat address.txt
            """,
        perform: run)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        // The address is written once confirmed: a path that cannot be written fails now, not then.
        if let path = arguments[output] { try invocation.checkWritable(path) }
        let geocoder = try GeocoderOptions.geocoder(arguments)
        let terminal = Terminal(input: invocation.streams.input, output: invocation.streams.output)
        guard terminal.isTerminal else {
            invocation.printError(
                "error: play needs a terminal: standard input and standard output must both be one (to run a script, use replay)")
            return .invalid
        }
        guard Thread.isMainThread else { throw ToolError("play runs on the main thread only") }
        let colors = (invocation.environment["NO_COLOR"] ?? "").isEmpty
        let options = PlaySession.Options(
            location: arguments[location], record: arguments[record], colors: colors,
            geocoder: geocoder)
        let gazetteer = try loadGazetteer()
        let outcome = try MainActor.assumeIsolated { () throws -> PlaySession.Outcome in
            do {
                return try PlaySession(terminal: terminal, gazetteer: gazetteer, options: options).run()
            } catch let error as RecordingError {
                throw ToolError("\(error)")
            } catch let error as TerminalError {
                throw ToolError("\(error)")
            }
        }
        switch outcome {
        case .confirmed(let address):
            try invocation.print(address.formatted)
            if let path = arguments[output] {
                try invocation.write(to: path) { $0.write(address.formatted + "\n") }
            }
            return .success
        case .quit(let interrupted):
            return interrupted ? ExitCode(128 + SIGINT) : .failure
        case .signal(let number):
            return ExitCode(128 + number)
        case .inputClosed:
            invocation.printError("error: standard input closed")
            return .failure
        }
    }
}
