import Gazetteer
import MachineCommandLine

/// `address-picker build-gazetteer`: writes the gazetteer file from source records (for
/// maintainers; Scripts/build-gazetteer.py runs it).
enum BuildGazetteerCommand {
    static let subcommand = Subcommand(
        "build-gazetteer", abstract: "Build the gazetteer file from tab-separated place records (for maintainers).",
        arguments: [Argument("records.tsv", help: "name, latitude, longitude, population, region, subregion, country code, country name")],
        options: [.value("output", short: "o", "file", required: true, help: "Where to write the gazetteer (atomically).")],
        exitCodes: [.success: "the file was written", .invalid: "a record is invalid"],
        discussion: "Scripts/build-gazetteer.py downloads the GeoNames data and runs this command.",
        perform: run)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        guard arguments.positional.count == 1 else { throw UsageError("name one file of records") }
        guard let output = arguments.value("output") else { throw UsageError("missing --output <file>") }
        let text = String(decoding: try invocation.read(arguments.positional[0]), as: UTF8.self)
        let records = try GazetteerBuilder.records(fromTSV: text)
        let bytes = GazetteerBuilder.build(records)
        let gazetteer = try Gazetteer(bytes: bytes)
        try invocation.write(to: output) { $0.write(bytes: bytes) }
        try invocation.print("wrote \(output): \(gazetteer.count) places, \(bytes.count) bytes")
        return .success
    }
}
