import Gazetteer
import MachineCommandLine

/// `address-picker build-gazetteer`: writes the gazetteer file from source records (for
/// maintainers; Scripts/build-gazetteer.py runs it), or rewrites a gazetteer file of an earlier
/// format version in the current one.
enum BuildGazetteerCommand {
    /// `--output <file>`.
    static let output = Option(
        required: "output", short: "o", "file", .file,
        help: "Where to write the gazetteer (atomically); a file, never standard output (- is refused).")

    static let subcommand = Subcommand(
        "build-gazetteer",
        abstract: "Build the gazetteer file from tab-separated place records, or upgrade a gazetteer file (for maintainers).",
        arguments: [
            Argument(
                "source",
                help:
                    "Tab-separated records (see SOURCE below), or a gazetteer file of an earlier format version to rewrite with the same answers; - reads standard input."
            )
        ],
        options: [output],
        exitCodes: [
            .success: "the file was written",
            .invalid: "the source is invalid: a malformed record (reported as FILE:LINE: error: ...) or a damaged gazetteer file",
        ],
        discussion: """
            Scripts/build-gazetteer.py downloads the GeoNames data and runs this command.

            SOURCE:
              UTF-8 text, one record a line, no header: eight fields separated by tabs, in order
                name, latitude, longitude, population, region, subregion, country code, country name
              such as Springfield, 39.80172, -89.64371, 116250, Illinois, Sangamon County, US, United States
              with a tab for each comma.
              Lines end with \\n or \\r\\n (the last line's end is optional); a blank line is an error, at the end
              too; a byte order mark at the very start is skipped.
              Latitude and longitude: decimal degrees, an optional -, digits, optionally . and digits (no +,
              exponent, hex, inf or nan), latitude -90 to 90, longitude -180 to 180; stored to 1e-5 degrees.
              Population: decimal digits only, 0 to 4294967295.
              Country code: two capital letters (ISO 3166-1 alpha-2); each code has one country name.
              Only region and subregion may be empty. No field holds a control character (NUL, a \\r not
              ending the line, ...), a byte order mark or invalid UTF-8. An empty source has no places
              and is refused.
              The first problem is reported as FILE:LINE: error: ..., LINE counting every line of the file
              from 1 (FILE is <stdin> for -), and nothing is written.
            """,
        perform: run)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        guard arguments.positional.count == 1 else { throw UsageError("name one file of records") }
        let output = arguments[Self.output]
        // The gazetteer is binary and never written to standard output: `-o -` would name a file.
        guard output != "-" else {
            throw UsageError(
                "--output takes a file (./- names one called -): the gazetteer is binary and is not written to standard output")
        }
        let file = arguments.positional[0]
        let name = file == "-" ? "<stdin>" : file
        let source = try invocation.read(file)
        let bytes: [UInt8]
        do {
            bytes = try GazetteerBuilder.upgrade(source)
        } catch .notAGazetteer {
            do {
                bytes = GazetteerBuilder.build(try GazetteerBuilder.records(fromTSV: source, file: name))
            } catch {
                // `file:line: error: ...`, as replay reports a script's errors.
                invocation.printError(error.description)
                return .invalid
            }
        } catch {
            // A gazetteer file that cannot be upgraded: damaged, or of an unknown version.
            invocation.printError("\(name): error: \(error)")
            return .invalid
        }
        let gazetteer = try Gazetteer(bytes: bytes)
        try invocation.write(to: output) { $0.write(bytes: bytes) }
        try invocation.print("wrote \(output): \(gazetteer.count) places, \(bytes.count) bytes")
        return .success
    }
}
