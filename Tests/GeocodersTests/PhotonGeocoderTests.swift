import AddressPicker
import Foundation
import LoopbackServer
import Testing

@testable import Geocoders

/// Photon over HTTP, against a server on 127.0.0.1 that answers as Photon documents.
@Suite struct PhotonGeocoderTests {
    let server: LoopbackServer
    let photon: PhotonGeocoder

    init() throws {
        server = try LoopbackServer(respond: GeocodingServices.photon)
        photon = try PhotonGeocoder(
            endpoint: server.url, rules: .testing(.photon), userAgent: "PhotonTests/1.0", limit: 5, language: "de")
    }

    @Test func completionsAreTheFeaturesNamesAndTheRestOfTheirAddresses() async throws {
        let completions = try await photon.completions(for: "ber")
        #expect(
            completions == [
                Completion(title: "Berlin", subtitle: "Deutschland"),
                Completion(title: "Bern", subtitle: "Bern 3011, Schweiz"),
                Completion(title: "Berlin", subtitle: "New Hampshire, United States"),
            ])
        let request = try #require(server.requests.first)
        #expect(request.path == "/api")
        #expect(request[query: "q"] == "ber")
        #expect(request[query: "limit"] == "5")
        #expect(request[query: "lang"] == "de")
        #expect(request[query: "lat"] == nil)
        #expect(request.headers["user-agent"] == "PhotonTests/1.0")
    }

    @Test func aSearchIsBiasedToTheMapCentreAndGivesEveryAddressField() async throws {
        let region = MapRegion(
            center: try Coordinate(latitude: 52.52, longitude: 13.4), span: try Span(latitudeDelta: 0.1, longitudeDelta: 0.1))
        let answer = try await photon.places(for: .text("Brandenburger", region: region))
        let place = try #require(answer.places.first)
        #expect(place.name == "Brandenburger Tor")
        #expect(place.center == (try Coordinate(latitude: 52.5162746, longitude: 13.3777041)))
        #expect(
            place.address
                == Address(
                    name: "Brandenburger Tor", street: "Pariser Platz", houseNumber: "1", city: "Berlin", region: "Berlin",
                    postalCode: "10117", country: "Deutschland", countryCode: "DE"))
        #expect(place.address.formatted == "Brandenburger Tor, Pariser Platz 1, Berlin, Berlin 10117, Deutschland")
        let extent = try #require(answer.boundingRegion)
        #expect(abs(extent.center.latitude - 52.5163) < 0.0001)
        #expect(abs(extent.span.longitudeDelta - 0.001) < 0.0001)
        #expect(server.requests.first?[query: "lat"] == "52.52")
        #expect(server.requests.first?[query: "lon"] == "13.4")
    }

    /// A service's text is anyone's: an escape that would colour or retitle a terminal, a line
    /// break, a character that turns the line around, none reaches an address.
    @Test func controlCharactersInAnAnswerNeverReachAnAddress() async throws {
        let hostile = try LoopbackServer { _ in
            .json(
                #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[13.4,52.5]},"#
                    + #""properties":{"name":"\u001b[31mRed\u001b]0;owned\u0007","street":"Main\r\nStreet","city":"\u202eBerlin","#
                    + #""country":"\t"}}]}"#)
        }
        let geocoder = try PhotonGeocoder(endpoint: hostile.url, rules: .testing(.photon), userAgent: "PhotonTests/1.0")
        let region = MapRegion(
            center: try Coordinate(latitude: 52.52, longitude: 13.4), span: try Span(latitudeDelta: 0.1, longitudeDelta: 0.1))
        let place = try #require(try await geocoder.places(for: .text("red", region: region)).places.first)
        #expect(place.address == Address(name: "[31mRed ]0;owned", street: "Main  Street", city: "Berlin"))
        #expect(!place.address.formatted.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func aPickedCompletionIsSearchedByItsTwoLines() async throws {
        let answer = try await photon.places(for: .completion(Completion(title: "Bern", subtitle: "Bern 3011, Schweiz")))
        #expect(answer.places.map(\.name) == ["Bern"])
        #expect(server.requests.first?[query: "q"] == "Bern, Bern 3011, Schweiz")
    }

    @Test func aReverseLookupGivesTheNearestAddress() async throws {
        let address = try await photon.address(at: try Coordinate(latitude: 40.7485, longitude: -73.9857))
        #expect(address.formatted == "Empire State Building, 350 Fifth Avenue, New York, New York 10118, United States")
        let request = try #require(server.requests.first)
        #expect(request.path == "/reverse")
        #expect(request[query: "lat"] == "40.7485")
        #expect(request[query: "lon"] == "-73.9857")
    }

    @Test func nothingAtAPointIsAFailureThatSaysSo() async throws {
        let error = await #expect(throws: GeocoderError.self) {
            try await photon.address(at: try Coordinate(latitude: 0, longitude: 0))
        }
        #expect(error?.description == "Photon: no address there")
    }

    @Test func theSameRequestIsAnsweredFromTheCache() async throws {
        _ = try await photon.completions(for: "bern")
        let again = try await photon.completions(for: "bern")
        #expect(again.map(\.title) == ["Bern"])
        #expect(server.requests.count == 1)
    }

    @Test func thePublicEndpointKeepsItsFairUseWhateverTheRules() throws {
        var loose = UsageRules.photon
        loose.requestInterval = .zero
        loose.completions = .allowed(minimumLength: 1, debounce: .zero)
        let onPublic = try PhotonGeocoder(rules: loose)
        #expect(onPublic.rules.requestInterval == .milliseconds(300))
        #expect(onPublic.rules.completions == .allowed(minimumLength: 3, debounce: .milliseconds(300)))
        let ownInstance = try PhotonGeocoder(endpoint: server.url, rules: loose)
        #expect(ownInstance.rules == loose)
    }
}

extension UsageRules {
    /// `rules` for a test's own server: no spacing, so that tests do not wait, unless they test it.
    static func testing(_ rules: UsageRules, interval: Duration = .zero) -> UsageRules {
        var rules = rules
        rules.requestInterval = interval
        return rules
    }
}
