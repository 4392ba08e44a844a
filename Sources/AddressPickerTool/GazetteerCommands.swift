import AddressPicker
import Foundation
import Gazetteer
import MachineCommandLine

/// `address-picker search QUERY`: the embedded gazetteer's completions and places for a query.
enum SearchCommand {
    /// The most completions one search lists.
    static let maximumLimit = 1000

    static let subcommand = Subcommand(
        "search", abstract: "Look up places in the embedded offline gazetteer as you would type them.",
        arguments: [
            Argument("query", help: "A prefix, a name, or words that narrow it (\"paris fr\", \"springfield illinois\").")
        ],
        options: [
            .value("limit", "count", help: "How many completions, 1 to \(maximumLimit) (default 10)."),
            .value("near", "latitude,longitude", help: "Also search places, those within a degree of this point first."),
        ],
        exitCodes: [.success: "the search ran (finding nothing included)"],
        discussion: "Place data: GeoNames, geonames.org, CC BY 4.0.",
        perform: run)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        guard arguments.positional.count == 1 else { throw UsageError("give one query (quote it if it has spaces)") }
        let limit = try arguments.wholeNumber("limit", in: 1...maximumLimit) ?? 10
        let provider = GazetteerProvider(gazetteer: try loadGazetteer(), completionLimit: limit)
        let query = arguments.positional[0]
        var output = invocation.standardOutput
        let completions = provider.completionList(for: query)
        if completions.isEmpty { output.write("no completions for \"\(query)\"\n") }
        for completion in completions { output.write("\(completion.title) — \(completion.subtitle)\n") }
        if let near = arguments.value("near") {
            let center = try coordinate(near, "--near")
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

/// `address-picker reverse LATITUDE LONGITUDE`: the address of the nearest place.
enum ReverseCommand {
    static let subcommand = Subcommand(
        "reverse", abstract: "Reverse-geocode a point with the embedded offline gazetteer: the nearest populated place.",
        arguments: [
            Argument("latitude", help: "Degrees north, -90...90."), Argument("longitude", help: "Degrees east, -180...180."),
        ],
        exitCodes: [.success: "the nearest place was printed"],
        discussion: "Distances are great-circle (haversine) distances. Place data: GeoNames, geonames.org, CC BY 4.0.",
        perform: run)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        guard arguments.positional.count == 2 else { throw UsageError("give a latitude and a longitude") }
        let point = try coordinate(latitude: arguments.positional[0], longitude: arguments.positional[1], "the coordinate")
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

/// "latitude,longitude" as a checked coordinate; a usage error names what is wrong.
func coordinate(_ text: String, _ what: String) throws -> Coordinate {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2 else { throw UsageError("\(what) takes a latitude and a longitude in degrees, not '\(text)'") }
    return try coordinate(latitude: String(parts[0]), longitude: String(parts[1]), what)
}

/// A checked coordinate from its two numbers, each in plain decimal degrees; a usage error names
/// what is wrong, quoting the number as given.
func coordinate(latitude latitudeText: String, longitude longitudeText: String, _ what: String) throws -> Coordinate {
    let trimmed = (latitudeText.trimmingCharacters(in: .whitespaces), longitudeText.trimmingCharacters(in: .whitespaces))
    guard let latitude = ParsedArguments.plainDecimal(trimmed.0) else {
        throw UsageError("\(what): the latitude is a number of degrees, not '\(latitudeText)'")
    }
    guard let longitude = ParsedArguments.plainDecimal(trimmed.1) else {
        throw UsageError("\(what): the longitude is a number of degrees, not '\(longitudeText)'")
    }
    do {
        return try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
        throw UsageError("\(what): \(error)")
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
