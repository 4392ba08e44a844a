import AddressPicker
import Foundation
import Gazetteer
import MachineCommandLine

/// `address-picker search QUERY`: completions and places for a query, from the embedded
/// gazetteer or a geocoder over HTTP.
enum SearchCommand {
    /// The most completions one search lists.
    static let maximumLimit = 1000

    /// `--limit <count>`.
    static let limit = Option(
        "limit", "count", .wholeNumber(in: 1...maximumLimit), default: 10,
        help: "How many completions (1 to \(maximumLimit)), and places, at most (Photon gives 50 at most, Nominatim 40).")
    /// `--near <latitude,longitude>`.
    static let near = Option(
        "near", "latitude,longitude", .coordinate,
        help: "Prefer places near this point (the gazetteer lists its places only with it).")

    static let subcommand = Subcommand(
        "search", abstract: "Look up places as you would type them: completions, then places with their addresses.",
        arguments: [
            Argument("query", help: "A prefix, a name, or words that narrow it (\"paris fr\", \"springfield illinois\").")
        ],
        options: [limit, near] + GeocoderOptions.all,
        exitCodes: [
            .success: "the search ran (finding nothing included)",
            GeocoderOptions.unavailable: GeocoderOptions.unavailableMeaning,
            GeocoderOptions.brokenAnswer: GeocoderOptions.brokenAnswerMeaning,
        ],
        discussion: """
            The gazetteer (the default) works offline. Photon suggests completions as you type; Nominatim's usage policy
            forbids that, so with it the search lists places only. Their data: © OpenStreetMap contributors, printed on
            standard error. Place data of the gazetteer: GeoNames, geonames.org, CC BY 4.0.
            """,
        perform: run)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        guard arguments.positional.count == 1 else { throw UsageError("give one query (quote it if it has spaces)") }
        if let geocoder = try GeocoderOptions.geocoder(arguments, limit: arguments[limit]) {
            return try WebSearch.run(invocation, geocoder: geocoder, query: arguments.positional[0], near: arguments[near])
        }
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

/// `address-picker reverse LATITUDE,LONGITUDE ...`: the address at each point, in order.
enum ReverseCommand {
    static let subcommand = Subcommand(
        "reverse", abstract: "Reverse-geocode points, in order: a small batch geocoder.",
        arguments: [
            Argument(
                "latitude,longitude ...",
                help: "The points, in degrees: latitude -90...90, longitude -180...180 (one point may be given as two numbers).")
        ],
        options: GeocoderOptions.all,
        exitCodes: [
            .success: "every point's address was printed",
            .failure: "some point had no address (the others were printed)",
            GeocoderOptions.unavailable: GeocoderOptions.unavailableMeaning,
            GeocoderOptions.brokenAnswer: GeocoderOptions.brokenAnswerMeaning,
        ],
        discussion: """
            With the gazetteer (the default, offline), a point's address is the nearest populated place's, with its
            great-circle distance; Place data: GeoNames, geonames.org, CC BY 4.0. With Photon or Nominatim, the points
            go one after the other under the service's usage policy (Nominatim: one a second); their data: © OpenStreetMap
            contributors, printed on standard error. With several points, each line starts with its point.
            """,
        perform: run)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let points = try self.points(invocation.arguments.positional)
        let label: (Coordinate) -> String = { point in
            points.count > 1 ? "\(point.latitude),\(point.longitude): " : ""
        }
        if let geocoder = try GeocoderOptions.geocoder(invocation.arguments) {
            return try WebReverse.run(invocation, geocoder: geocoder, points: points, label: label)
        }
        let gazetteer = try loadGazetteer()
        var output = invocation.standardOutput
        for point in points {
            guard let index = gazetteer.nearest(to: point) else { throw ToolError("the gazetteer is empty") }
            let entry = gazetteer.entry(index)
            let kilometres = point.distance(to: entry.coordinate) / 1000
            output.write(
                "\(label(point))\(entry.address.formatted) (\(entry.coordinate.latitude), \(entry.coordinate.longitude), \(String(format: "%.1f", kilometres)) km away)\n"
            )
        }
        try output.finish("standard output")
        return .success
    }

    /// The points the arguments name: each `latitude,longitude`, or one point as two numbers.
    static func points(_ arguments: [String]) throws(UsageError) -> [Coordinate] {
        guard !arguments.isEmpty else { throw UsageError("give the point as latitude,longitude") }
        if arguments.count == 2, !arguments[0].contains(","), !arguments[1].contains(",") {
            return [try Coordinates.checked(latitude: arguments[0], longitude: arguments[1])]
        }
        var points: [Coordinate] = []
        for argument in arguments {
            guard let point = try Coordinates.parse(argument) else {
                throw UsageError(
                    "give \(arguments.count == 1 ? "the point" : "each point") as latitude,longitude, not '\(argument)'")
            }
            points.append(point)
        }
        return points
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
