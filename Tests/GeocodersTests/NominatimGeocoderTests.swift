import AddressPicker
import Foundation
import LoopbackServer
import Testing

@testable import Geocoders

/// Nominatim over HTTP, against a server on 127.0.0.1 that answers as Nominatim documents.
@Suite struct NominatimGeocoderTests {
    let server: LoopbackServer
    let nominatim: NominatimGeocoder

    init() throws {
        server = try LoopbackServer(respond: GeocodingServices.nominatim)
        nominatim = try NominatimGeocoder(
            endpoint: server.url, rules: .testing(.nominatim), userAgent: "NominatimTests/1.0 (tests@example.com)")
    }

    @Test func aSearchAsksForJSONv2WithAddressDetailsInTheMapsViewbox() async throws {
        let region = MapRegion(
            center: try Coordinate(latitude: 40.75, longitude: -74), span: try Span(latitudeDelta: 0.2, longitudeDelta: 0.4))
        let answer = try await nominatim.places(for: .text("Empire", region: region))
        let place = try #require(answer.places.first)
        #expect(place.name == "Empire State Building")
        #expect(place.address.houseNumber == "350")
        #expect(place.address.street == "Fifth Avenue")
        #expect(place.address.postalCode == "10118")
        #expect(place.address.countryCode == "US")
        #expect(place.address.formatted == "Empire State Building, 350 Fifth Avenue, New York, New York 10118, United States")
        #expect(answer.boundingRegion != nil)
        let request = try #require(server.requests.first)
        #expect(request.path == "/search")
        #expect(request[query: "q"] == "Empire")
        #expect(request[query: "format"] == "jsonv2")
        #expect(request[query: "addressdetails"] == "1")
        #expect(request[query: "limit"] == "10")
        #expect(request[query: "viewbox"] == "-74.2,40.85,-73.8,40.65")
        #expect(request.headers["user-agent"] == "NominatimTests/1.0 (tests@example.com)")
    }

    @Test func aTownIsItsOwnCity() async throws {
        let answer = try await nominatim.places(for: .completion(Completion(title: "Berlin", subtitle: "New Hampshire")))
        #expect(answer.places.map(\.address.city) == ["Berlin", "Berlin"])
        #expect(server.requests.first?[query: "q"] == "Berlin, New Hampshire")
    }

    @Test func aReverseLookupAsksForJSONv2() async throws {
        let address = try await nominatim.address(at: try Coordinate(latitude: 52.5163, longitude: 13.3777))
        #expect(address.formatted == "Brandenburger Tor, Pariser Platz 1, Berlin, Berlin 10117, Deutschland")
        let request = try #require(server.requests.first)
        #expect(request.path == "/reverse")
        #expect(request[query: "format"] == "jsonv2")
        #expect(request[query: "lat"] == "52.5163")
    }

    @Test func unableToGeocodeIsNothingFound() async throws {
        let error = await #expect(throws: GeocoderError.self) {
            try await nominatim.address(at: try Coordinate(latitude: -45, longitude: -140))
        }
        #expect(error?.reason == .nothingFound)
    }

    @Test func completionsAreRefusedWithoutARequest() async throws {
        let error = await #expect(throws: GeocoderError.self) { try await nominatim.completions(for: "Berlin") }
        #expect(error?.description == "Nominatim: autocomplete is not allowed: search when the person submits")
        #expect(server.requests.isEmpty)
    }

    @Test func aUserAgentIsRequired() {
        #expect(throws: GeocoderError.self) { try NominatimGeocoder(endpoint: server.url, userAgent: "  ") }
        #expect(server.requests.isEmpty)
    }

    @Test func thePublicEndpointKeepsItsPolicyWhateverTheRules() throws {
        var loose = UsageRules.nominatim
        loose.requestInterval = .milliseconds(10)
        loose.completions = .allowed(minimumLength: 1, debounce: .zero)
        loose.requiresUserAgent = false
        let onPublic = try NominatimGeocoder(rules: loose, userAgent: "Tests/1.0")
        #expect(onPublic.rules.requestInterval == .seconds(1))
        #expect(onPublic.rules.completions == .forbidden)
        #expect(onPublic.rules.requiresUserAgent)
        #expect(throws: GeocoderError.self) { try NominatimGeocoder(rules: loose, userAgent: "") }
        // Your own instance may allow more.
        let own = try NominatimGeocoder(endpoint: server.url, rules: loose, userAgent: "")
        #expect(own.rules.suggestsAsYouType)
    }

    @Test func anInstanceThatAllowsCompletionsSuggestsPlaces() async throws {
        var rules = UsageRules.testing(.nominatim)
        rules.completions = .allowed(minimumLength: 3, debounce: .milliseconds(500))
        let own = try NominatimGeocoder(endpoint: server.url, rules: rules, userAgent: "Tests/1.0")
        #expect(try await own.completions(for: "Bern").map(\.title) == ["Bern"])
    }
}
