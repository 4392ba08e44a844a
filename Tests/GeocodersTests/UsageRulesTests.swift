import AddressPicker
import Foundation
import LoopbackServer
import Testing

@testable import Geocoders

@Suite struct UsageRulesTests {
    @Test func forbiddenCompletionsMakeEveryQueryTooShortToAsk() {
        let configuration = UsageRules.nominatim.configuration()
        #expect(configuration.minimumQueryLength == Int(Int32.max))
        #expect(configuration.isShort("Brandenburger Tor, Pariser Platz 1, Berlin"))
        #expect(configuration.requestInterval == .seconds(1))
        #expect(configuration.geocodeInterval == .zero)
        #expect(configuration.cooldown == .seconds(1))
        #expect(UsageRules.nominatim.areFollowed(by: configuration))
        #expect(!UsageRules.nominatim.areFollowed(by: AddressPicker.Configuration()))
        #expect(!UsageRules.photon.areFollowed(by: configuration))
        #expect(!UsageRules.nominatim.suggestsAsYouType)
    }

    @Test func allowedCompletionsSetTheMinimumAndTheDebounceAndKeepTheRest() {
        var base = AddressPicker.Configuration()
        base.completionCache = 8
        base.geocodeInterval = .seconds(2)
        let configuration = UsageRules.photon.configuration(base)
        #expect(configuration.minimumQueryLength == 3)
        #expect(configuration.searchDebounce == .milliseconds(300))
        #expect(configuration.completionCache == 8)
        #expect(configuration.geocodeInterval == .seconds(2))
        #expect(configuration.requestInterval == .milliseconds(300))
        #expect(configuration.cooldown == .seconds(2))
    }

    @Test func atLeastTakesTheStricterOfEachPart() {
        var loose = UsageRules.photon
        loose.completions = .allowed(minimumLength: 5, debounce: .milliseconds(100))
        loose.requestInterval = .zero
        loose.retries = 4
        let rules = loose.atLeast(.photon)
        #expect(rules.completions == .allowed(minimumLength: 5, debounce: .milliseconds(300)))
        #expect(rules.requestInterval == .milliseconds(300))
        #expect(rules.retries == 1)
        #expect(loose.atLeast(.nominatim).completions == .forbidden)
        #expect(loose.atLeast(.nominatim).requiresUserAgent)
    }

    @Test func requestsAreSpacedOutForTheWholeApplication() async throws {
        let server = try LoopbackServer(respond: GeocodingServices.photon)
        let rules = UsageRules.testing(.photon, interval: .milliseconds(300))
        let first = try PhotonGeocoder(endpoint: server.url, rules: rules)
        let second = try PhotonGeocoder(endpoint: server.url, rules: rules)
        async let a = first.completions(for: "ber")
        async let b = second.completions(for: "bern")
        async let c = first.completions(for: "empire")
        _ = try await (a, b, c)
        let arrivals = server.requests.map(\.arrival).sorted()
        #expect(arrivals.count == 3)
        // The gate spaces the sends 300 ms apart; the server stamps each arrival once it has
        // read the request, a scheduling hiccup later (tens of milliseconds on a loaded machine).
        // Without the gate the three would arrive within a few milliseconds.
        for (earlier, later) in zip(arrivals, arrivals.dropFirst()) {
            #expect(later - earlier >= .milliseconds(150))
        }
    }

    @Test func retryAfterReadsSecondsAndHTTPDates() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.parse("120", now: now) == .seconds(120))
        #expect(RetryAfter.parse(" 0 ", now: now) == .zero)
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:50:07 GMT", now: now) == .seconds(30))
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:49:00 GMT", now: now) == .zero)
        #expect(RetryAfter.parse("soon", now: now) == nil)
        #expect(RetryAfter.parse("-5", now: now) == nil)
        #expect(RetryAfter.parse("99999999999999999999", now: now) == nil)
        #expect(RetryAfter.parse("86401", now: now) == nil)
        #expect(RetryAfter.parse(nil, now: now) == nil)
        #expect(RetryAfter.imfFixdate("Thu, 29 Feb 2024 23:59:59 GMT") == Date(timeIntervalSince1970: 1_709_251_199))
    }

    @Test func coordinatesAreWrittenAsPlainDecimals() {
        #expect(ServiceClient.degrees(52.516_274_6) == "52.516275")
        #expect(ServiceClient.degrees(-74) == "-74")
        #expect(ServiceClient.degrees(0.000_000_1) == "0")
        #expect(ServiceClient.degrees(13.4) == "13.4")
    }
}
