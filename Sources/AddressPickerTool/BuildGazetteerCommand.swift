import Foundation
import Gazetteer

/// `address-picker build-gazetteer`: writes the gazetteer file from source records (for
/// maintainers; Scripts/build-gazetteer.py runs it).
enum BuildGazetteerCommand {
    static let options: [Arguments.Option] = [
        .value("output", short: "o", "file", help: "Where to write the gazetteer (atomically)."),
    ]

    static let help = helpText(
        overview: "Build the gazetteer file from tab-separated place records (for maintainers).",
        usage: "address-picker build-gazetteer <records.tsv> --output <file>",
        arguments: [("<records.tsv>", "name, latitude, longitude, population, region, subregion, country code, country name")],
        options: options,
        exitStatuses: [(0, "the file was written"), (2, "a record is invalid")],
        details: "Scripts/build-gazetteer.py downloads the GeoNames data and runs this command.")

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positional.count == 1 else { throw UsageError("name one file of records") }
        guard let output = arguments[value: "output"] else { throw UsageError("missing --output <file>") }
        let source = arguments.positional[0]
        let text = String(decoding: try InputFiles.read(source), as: UTF8.self)
        let records = try GazetteerBuilder.records(fromTSV: text)
        let bytes = GazetteerBuilder.build(records)
        let gazetteer = try Gazetteer(bytes: bytes)
        try OutputFile.write(output) { file in
            file.write(bytes: bytes)
            return true
        }
        try printOutput("wrote \(output): \(gazetteer.count) places, \(bytes.count) bytes")
        return ExitStatus.success
    }
}
