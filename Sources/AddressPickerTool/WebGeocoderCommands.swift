import AddressPicker
import Geocoders
import MachineCommandLine

/// `search` with a geocoder over HTTP: its completions when its rules allow them, then its
/// places with their addresses, and the service's attribution on standard error.
enum WebSearch {
    static func run(_ invocation: Invocation, geocoder: any WebGeocoder, query: String, near: Coordinate?) throws -> ExitCode {
        var output = invocation.standardOutput
        do {
            if geocoder.rules.suggestsAsYouType {
                let completions = try GeocoderOptions.wait { try await geocoder.completions(for: query) }
                if completions.isEmpty { output.write("no completions for \"\(query)\"\n") }
                for completion in completions { output.write("\(completion.title) — \(completion.subtitle)\n") }
                output.write("\n")
            } else {
                output.write("\(geocoder.service) suggests nothing as you type (its usage policy forbids autocomplete)\n\n")
            }
            let search: AddressPicker.PlaceQuery =
                near.map { .text(query, region: MapRegion(center: $0, span: Span(checkedLatitudeDelta: 2, longitudeDelta: 2))) }
                ?? .completion(Completion(title: query, subtitle: ""))
            let answer = try GeocoderOptions.wait { try await geocoder.places(for: search) }
            output.write(answer.places.isEmpty ? "no places for \"\(query)\"\n" : "places:\n")
            for place in answer.places {
                let distance = near.map { String(format: ", %.1f km", $0.distance(to: place.center) / 1000) } ?? ""
                output.write("\(place.address.formatted) (\(place.center.latitude), \(place.center.longitude)\(distance))\n")
            }
        } catch let error as GeocoderError {
            try output.finish("standard output")
            invocation.printError("error: \(error)")
            return GeocoderOptions.exitCode(of: error)
        }
        try output.finish("standard output")
        invocation.printError(WebReverse.attribution(geocoder))
        return .success
    }
}

/// `reverse` with a geocoder over HTTP: each point in order, under the service's rules.
enum WebReverse {
    static func run(
        _ invocation: Invocation, geocoder: any WebGeocoder, points: [Coordinate], label: (Coordinate) -> String
    ) throws -> ExitCode {
        var output = invocation.standardOutput
        var exitCode = ExitCode.success
        for point in points {
            do {
                let address = try GeocoderOptions.wait { try await geocoder.address(at: point) }
                output.write("\(label(point))\(address.formatted)\n")
            } catch let error as GeocoderError where error.reason == .nothingFound {
                // Nothing at one point (the sea): said, and the batch goes on.
                try output.finish("standard output")
                invocation.printError("\(label(point))\(error)")
                exitCode = .failure
            } catch let error as GeocoderError {
                try output.finish("standard output")
                invocation.printError("error: \(label(point))\(error)")
                return GeocoderOptions.exitCode(of: error)
            }
        }
        try output.finish("standard output")
        invocation.printError(attribution(geocoder))
        return exitCode
    }

    /// The line that credits the service's data.
    static func attribution(_ geocoder: any WebGeocoder) -> String {
        "Data \(geocoder.rules.attribution), by \(geocoder.service)"
    }
}
