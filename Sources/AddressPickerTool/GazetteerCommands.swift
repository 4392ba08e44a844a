import AddressPicker
import Foundation
import Gazetteer
import MachineCommandLine

/// `address-picker search QUERY`: the embedded gazetteer's completions and places for a query.
enum SearchCommand {
    /// The most completions one search lists.
    static let maximumLimit = 1000

    /// `--limit <count>`.
    static let limit = Option(
        "limit", "count", .wholeNumber(in: 1...maximumLimit), default: 10,
        help: "How many completions (1 to \(maximumLimit)), and places with --near, at most.")
    /// `--near <latitude,longitude>`.
    static let near = Option(
        "near", "latitude,longitude", .coordinate, help: "Also search places, those within a degree of this point first.")

    static let subcommand = Subcommand(
        "search", abstract: "Look up places in the embedded offline gazetteer as you would type them.",
        arguments: [
            Argument("query", help: "A prefix, a name, or words that narrow it (\"paris fr\", \"springfield illinois\").")
        ],
        options: [limit, near],
        exitCodes: [.success: "the search ran (finding nothing included)"],
        discussion: "Place data: GeoNames, geonames.org, CC BY 4.0.",
        perform: run)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        guard arguments.positional.count == 1 else { throw UsageError("give one query (quote it if it has spaces)") }
        let limit = arguments[Self.limit]
        let provider = GazetteerProvider(gazetteer: try loadGazetteer(), completionLimit: limit)
        let query = arguments.positional[0]
        var output = invocation.standardOutput
        let completions = provider.completionList(for: query)
        if completions.isEmpty { output.write("no completions for \"\(query)\"\n") }
        for completion in completions.prefix(limit) { output.write("\(completion.title) — \(completion.subtitle)\n") }
        if let center = arguments[near] {
            let answer = provider.placeAnswer(
                for: .text(query, region: MapRegion(center: center, span: Span(checkedLatitudeDelta: 2, longitudeDelta: 2))))
            output.write("\nplaces, those near \(center.latitude), \(center.longitude) first:\n")
            for place in answer.places.prefix(limit) {
                let kilometres = center.distance(to: place.center) / 1000
                output.write("\(place.address.formatted) (\(String(format: "%.1f", kilometres)) km)\n")
            }
        }
        try output.finish("standard output")
        return .success
    }
}

/// `address-picker reverse LATITUDE,LONGITUDE`: the address of the nearest place.
enum ReverseCommand {
    static let subcommand = Subcommand(
        "reverse", abstract: "Reverse-geocode a point with the embedded offline gazetteer: the nearest populated place.",
        arguments: [
            Argument(
                "latitude,longitude",
                help: "The point, in degrees: latitude -90...90, longitude -180...180 (or the two as two arguments).")
        ],
        exitCodes: [.success: "the nearest place was printed"],
        discussion: "Distances are great-circle (haversine) distances. Place data: GeoNames, geonames.org, CC BY 4.0.",
        perform: run)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let point: Coordinate
        switch invocation.arguments.positional {
        case let arguments where arguments.count == 1:
            guard let parsed = try Coordinates.parse(arguments[0]) else {
                throw UsageError("give the point as latitude,longitude, not '\(arguments[0])'")
            }
            point = parsed
        case let arguments where arguments.count == 2:
            point = try Coordinates.checked(latitude: arguments[0], longitude: arguments[1])
        default:
            throw UsageError("give the point as latitude,longitude")
        }
        let gazetteer = try loadGazetteer()
        guard let index = gazetteer.nearest(to: point) else { throw ToolError("the gazetteer is empty") }
        let entry = gazetteer.entry(index)
        let kilometres = point.distance(to: entry.coordinate) / 1000
        try invocation.print(
            "\(entry.address.formatted) (\(entry.coordinate.latitude), \(entry.coordinate.longitude), \(String(format: "%.1f", kilometres)) km away)"
        )
        return .success
    }
}

/// A point as every option and argument of the tool writes it: `latitude,longitude`, in plain
/// decimal degrees (`51.5,-0.12`; spaces around the numbers are allowed).
enum Coordinates {
    /// The point `text` stands for, or `nil` when it is not two numbers separated by a comma.
    ///
    /// - Throws: a ``UsageError`` naming the number that is not one, or the one out of range.
    static func parse(_ text: String) throws(UsageError) -> Coordinate? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        return try checked(latitude: String(parts[0]), longitude: String(parts[1]))
    }

    /// A checked point from its two numbers, quoted as given in the errors.
    static func checked(latitude latitudeText: String, longitude longitudeText: String) throws(UsageError) -> Coordinate {
        let trimmed = (latitudeText.trimmingCharacters(in: .whitespaces), longitudeText.trimmingCharacters(in: .whitespaces))
        guard let latitude = ParsedArguments.plainDecimal(trimmed.0) else {
            throw UsageError("the latitude is a number of degrees, not '\(latitudeText)'")
        }
        guard let longitude = ParsedArguments.plainDecimal(trimmed.1) else {
            throw UsageError("the longitude is a number of degrees, not '\(longitudeText)'")
        }
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw UsageError("\(error)")
        }
    }
}

extension ValueParser where Value == Coordinate {
    /// A point, `latitude,longitude`.
    static var coordinate: ValueParser {
        ValueParser("a point as latitude,longitude in degrees") { text throws(UsageError) in try Coordinates.parse(text) }
    }
}

/// The embedded gazetteer; its data missing or damaged is a tool failure, with the reason.
func loadGazetteer() throws(ToolError) -> Gazetteer {
    do {
        return try Gazetteer.bundled()
    } catch {
        throw ToolError("cannot load the embedded gazetteer: \(error)")
    }
}
