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
        options: options) + """

        Scripts/build-gazetteer.py downloads the GeoNames data and runs this command.
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positional.count == 1 else { throw UsageError("name one file of records") }
        guard let output = arguments[value: "output"] else { throw UsageError("missing --output <file>") }
        let text = try String(contentsOfFile: arguments.positional[0], encoding: .utf8)
        let records = try GazetteerBuilder.records(fromTSV: text)
        let bytes = GazetteerBuilder.build(records)
        let gazetteer = try Gazetteer(bytes: bytes)
        var file = try AtomicFile(output)
        file.output.write(bytes: bytes)
        try file.commit()
        print("wrote \(output): \(gazetteer.count) places, \(bytes.count) bytes")
        return 0
    }
}
