import Gazetteer
import MachineCommandLine

/// `address-picker build-gazetteer`: writes the gazetteer file from source records (for
/// maintainers; Scripts/build-gazetteer.py runs it), or rewrites a gazetteer file of an earlier
/// format version in the current one.
enum BuildGazetteerCommand {
    static let subcommand = Subcommand(
        "build-gazetteer",
        abstract: "Build the gazetteer file from tab-separated place records, or upgrade a gazetteer file (for maintainers).",
        arguments: [
            Argument(
                "source",
                help:
                    "Tab-separated records (name, latitude, longitude, population, region, subregion, country code, country name), or a gazetteer file of an earlier format version to rewrite with the same answers."
            )
        ],
        options: [.value("output", short: "o", "file", required: true, help: "Where to write the gazetteer (atomically).")],
        exitCodes: [.success: "the file was written", .invalid: "a record or the gazetteer file is invalid"],
        discussion: "Scripts/build-gazetteer.py downloads the GeoNames data and runs this command.",
        perform: run)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        guard arguments.positional.count == 1 else { throw UsageError("name one file of records") }
        guard let output = arguments.value("output") else { throw UsageError("missing --output <file>") }
        let source = try invocation.read(arguments.positional[0])
        let bytes: [UInt8]
        do {
            bytes = try GazetteerBuilder.upgrade(source)
        } catch .notAGazetteer {
            bytes = GazetteerBuilder.build(try GazetteerBuilder.records(fromTSV: String(decoding: source, as: UTF8.self)))
        }
        let gazetteer = try Gazetteer(bytes: bytes)
        try invocation.write(to: output) { $0.write(bytes: bytes) }
        try invocation.print("wrote \(output): \(gazetteer.count) places, \(bytes.count) bytes")
        return .success
    }
}
