import FuzzChecks
import Gazetteer

/// The tab-separated source `build-gazetteer` reads: refused with a `GazetteerSourceError` that
/// names the file and a line of it (none only for a source without records), or parsed into one
/// record a line, each on the globe, that build into a gazetteer which loads with that many places.
enum GazetteerSource {
    static func test(_ bytes: [UInt8]) {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        // Every line is a record: the line ends, and one more when the last line has none.
        let lines = body.filter { $0 == 0x0A }.count + (body.last == 0x0A || body.isEmpty ? 0 : 1)
        let records: [GazetteerBuilder.Record]
        do {
            records = try GazetteerBuilder.records(fromTSV: bytes, file: "fuzz.tsv")
        } catch {
            require(error.file == "fuzz.tsv", "an error names another file: \(error)")
            require(error.description.hasPrefix("fuzz.tsv:") || error.description.hasPrefix("fuzz.tsv: "), "\(error)")
            if let line = error.line {
                require((1...max(lines, 1)).contains(line), "line \(line) of a source of \(lines) lines: \(error)")
            } else {
                require(lines == 0, "a source of \(lines) lines refused without a line: \(error)")
            }
            return
        }
        require(records.count == lines, "\(records.count) records from \(lines) lines")
        for record in records {
            require(abs(Int(record.latitudeE5)) <= 9_000_000 && abs(Int(record.longitudeE5)) <= 18_000_000, "off the globe")
            require(!record.name.isEmpty && record.countryCode.utf8.count == 2, "a required field is empty: \(record)")
        }
        do {
            let gazetteer = try Gazetteer(bytes: GazetteerBuilder.build(records))
            require(gazetteer.count == records.count, "\(records.count) records built into \(gazetteer.count) places")
        } catch {
            require(false, "records that parsed do not build into a gazetteer that loads: \(error)")
        }
    }
}

runFuzzer { data, size in
    GazetteerSource.test(bytes(data, size))
    return 0
}
