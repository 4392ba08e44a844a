extension GazetteerBuilder {
    /// The columns of a source record, in order, as errors name them.
    static let columns = ["name", "latitude", "longitude", "population", "region", "subregion", "country code", "country name"]

    /// Parses the tab-separated records of `bytes`, the source `file` (named in errors): one record
    /// a line, no header; every column is checked, so that a malformed source is refused with its
    /// line rather than built into a gazetteer that answers wrongly.
    ///
    /// The source is UTF-8 (a leading byte order mark is skipped); lines end with `\n` or `\r\n`,
    /// the last one optionally; every line is a record (a blank line is an error); a record is
    /// exactly eight fields separated by tabs: name, latitude, longitude, population, region,
    /// subregion, country code, country name. Latitude and longitude are decimal degrees
    /// (`-89.6`: an optional `-`, digits, optionally `.` and digits) within -90...90 and
    /// -180...180; the population is decimal digits up to 4,294,967,295; the country code is two
    /// capital letters and has one country name throughout; only the region and the subregion may
    /// be empty; no field holds a control character (NUL, a carriage return, ...) or a byte order
    /// mark. The same rules, with examples: <doc:TheGazetteer>.
    ///
    /// - Throws: a ``GazetteerSourceError`` at the first problem, with its line, or without one
    ///   when the source holds no records at all.
    public static func records(fromTSV bytes: [UInt8], file: String) throws(GazetteerSourceError) -> [Record] {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard start < bytes.count else { throw GazetteerSourceError("no places: the file is empty", file: file, line: nil) }
        var records: [Record] = []
        var countries: [String: (name: String, line: Int)] = [:]
        var line = 1
        while start < bytes.count {
            let lineEnd = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
            var end = lineEnd ?? bytes.count
            // `\r\n` ends a line as `\n` does; a `\r` anywhere else is refused as a control character.
            if lineEnd != nil, end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            do throws(SourceProblem) {
                let record = try parseRecord(bytes[start..<end])
                if let country = countries[record.countryCode] {
                    guard country.name == record.countryName else {
                        throw SourceProblem(
                            "country code \(record.countryCode) is named '\(shown(record.countryName))' here but '\(shown(country.name))' on line \(country.line): a code has one name"
                        )
                    }
                } else {
                    countries[record.countryCode] = (record.countryName, line)
                }
                records.append(record)
            } catch {
                throw GazetteerSourceError(error.message, file: file, line: line)
            }
            guard let lineEnd else { break }
            start = lineEnd + 1
            line += 1
        }
        return records
    }

    /// Parses the records of `text` as the overload taking bytes does its UTF-8 bytes.
    ///
    /// - Throws: a ``GazetteerSourceError`` at the first problem.
    package static func records(fromTSV text: String, file: String = "<source>") throws(GazetteerSourceError) -> [Record] {
        try records(fromTSV: Array(text.utf8), file: file)
    }

    /// What is wrong with a line, before the line is known.
    struct SourceProblem: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The record of one line, its line end removed.
    static func parseRecord(_ line: ArraySlice<UInt8>) throws(SourceProblem) -> Record {
        guard !line.isEmpty else {
            throw SourceProblem("the line is blank: every line must hold a record (blank lines are refused, at the end too)")
        }
        var fields: [ArraySlice<UInt8>] = []
        var fieldStart = line.startIndex
        for index in line.indices where line[index] == UInt8(ascii: "\t") {
            fields.append(line[fieldStart..<index])
            fieldStart = index + 1
        }
        fields.append(line[fieldStart...])
        var texts: [String] = []
        for (column, field) in fields.enumerated() { texts.append(try text(field, column: column)) }
        guard fields.count == columns.count else {
            throw SourceProblem(
                "\(fields.count) \(fields.count == 1 ? "field" : "fields"), \(columns.count) expected, separated by tabs: \(columns.joined(separator: ", "))"
            )
        }
        // Checked column by column, so that the first problem of the line is the one reported.
        func required(_ column: Int) throws(SourceProblem) {
            if texts[column].isEmpty { throw SourceProblem("\(fieldName(column)) is empty") }
        }
        try required(0)
        try required(1)
        let latitude = try degrees(fields[1], texts[1], column: 1, limit: 90)
        try required(2)
        let longitude = try degrees(fields[2], texts[2], column: 2, limit: 180)
        try required(3)
        guard fields[3].allSatisfy(isDigit) else {
            throw SourceProblem("the population '\(shown(texts[3]))' is not a whole number written in decimal digits")
        }
        guard let population = UInt32(texts[3]) else {
            throw SourceProblem("the population \(shown(texts[3])) is out of range: 0 to \(UInt32.max)")
        }
        try required(6)
        guard fields[6].count == 2, fields[6].allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            throw SourceProblem(
                "the country code '\(shown(texts[6]))' is not two capital letters (ISO 3166-1 alpha-2, such as US)")
        }
        try required(7)
        return Record(
            name: texts[0], latitudeE5: Int32((latitude * 1e5).rounded()), longitudeE5: Int32((longitude * 1e5).rounded()),
            population: population, region: texts[4], subregion: texts[5], countryCode: texts[6], countryName: texts[7])
    }

    /// `field` as text: valid UTF-8 with no control character and no byte order mark.
    private static func text(_ field: ArraySlice<UInt8>, column: Int) throws(SourceProblem) -> String {
        var iterator = field.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = field.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded).value
                switch scalar {
                case 0: throw SourceProblem("\(fieldName(column)) holds a NUL byte")
                case 0x0D:
                    throw SourceProblem(
                        "\(fieldName(column)) holds a carriage return (\\r) that does not end the line: lines end with \\n or \\r\\n"
                    )
                case 0..<0x20, 0x7F...0x9F:
                    throw SourceProblem("\(fieldName(column)) holds the control character \(hex(scalar))")
                case 0xFEFF:
                    throw SourceProblem(
                        "\(fieldName(column)) holds a byte order mark (\(hex(scalar))): only the file's first bytes may be one")
                default: offset += encoded.count
                }
            case .error:
                throw SourceProblem("\(fieldName(column)) is not valid UTF-8 (byte 0x\(hexDigits(UInt32(field[offset]), 2)))")
            case .emptyInput:
                return String(decoding: field, as: UTF8.self)
            }
        }
    }

    /// The degrees of latitude or longitude in `field`: decimal, within -`limit`...`limit`.
    private static func degrees(
        _ field: ArraySlice<UInt8>, _ text: String, column: Int, limit: Double
    ) throws(SourceProblem)
        -> Double
    {
        var index = field.startIndex
        if index < field.endIndex, field[index] == UInt8(ascii: "-") { index += 1 }
        let whole = index
        while index < field.endIndex, isDigit(field[index]) { index += 1 }
        var wellFormed = index > whole
        if wellFormed, index < field.endIndex, field[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = index
            while index < field.endIndex, isDigit(field[index]) { index += 1 }
            wellFormed = index > fraction
        }
        guard wellFormed, index == field.endIndex else {
            throw SourceProblem(
                "the \(columns[column]) '\(shown(text))' is not decimal degrees (such as -89.6: digits, an optional '-' and '.', no exponent)"
            )
        }
        // Digits only: a value too large for a Double is infinite, and out of range.
        guard let value = Double(text), value.magnitude <= limit else {
            throw SourceProblem("the \(columns[column]) \(shown(text)) is out of range: -\(Int(limit)) to \(Int(limit))")
        }
        return value
    }

    /// `text` as a message quotes it: at most 40 characters, so that a runaway field does not
    /// fill the terminal.
    private static func shown(_ text: String) -> String {
        text.unicodeScalars.count <= 40 ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(40))) + "…"
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// "field 2 (latitude)", or "field 9" past the last column.
    private static func fieldName(_ column: Int) -> String {
        column < columns.count ? "field \(column + 1) (\(columns[column]))" : "field \(column + 1)"
    }

    private static func hex(_ scalar: UInt32) -> String { "U+\(hexDigits(scalar, 4))" }

    private static func hexDigits(_ value: UInt32, _ width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
