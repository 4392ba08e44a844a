import Foundation
import LoopbackServer
import Testing

/// `search` and `reverse` with `--provider photon|nominatim`, against a server on 127.0.0.1.
@Suite("address-picker search and reverse over HTTP") struct WebGeocoderCommandTests {
    @Test func photonSearchPrintsCompletionsThenPlacesWithTheirAddresses() throws {
        let server = try LoopbackServer(respond: GeocodingServices.photon)
        let result = try Tool.run(["search", "brandenburger", "--provider", "photon", "--endpoint", server.url.absoluteString])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output == """
                Brandenburger Tor — Pariser Platz 1, Berlin, Berlin 10117, Deutschland

                places:
                Brandenburger Tor, Pariser Platz 1, Berlin, Berlin 10117, Deutschland (52.5162746, 13.3777041)

                """)
        #expect(result.error == "Data © OpenStreetMap contributors, by Photon\n")
        // The places are the completions' request again: the cache answers it.
        #expect(server.requests.map(\.path) == ["/api"])
        #expect(server.requests.allSatisfy { $0.headers["user-agent"] == "address-picker/1.1.0" })
    }

    @Test func nominatimSearchSaysItSuggestsNothingAndAsksOnce() throws {
        let server = try LoopbackServer(respond: GeocodingServices.nominatim)
        let result = try Tool.run([
            "search", "Empire", "--provider", "nominatim", "--endpoint", server.url.absoluteString, "--near", "40.7,-74",
            "--user-agent", "ToolTests/1.0 (tests@example.com)",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.hasPrefix("Nominatim suggests nothing as you type (its usage policy forbids autocomplete)\n\nplaces:\n")
        )
        #expect(
            result.output.contains(
                "Empire State Building, 350 Fifth Avenue, New York, New York 10118, United States (40.7484284, -73.9856546, 5.5 km)"
            ))
        #expect(server.requests.count == 1)
        #expect(server.requests.first?[query: "viewbox"] == "-75,41.7,-73,39.7")
        #expect(server.requests.first?.headers["user-agent"] == "ToolTests/1.0 (tests@example.com)")
    }

    /// A batch: each point in order, one a second as Nominatim's policy says; a point with no
    /// address is said and skipped.
    @Test func reverseResolvesEveryPointInOrderUnderThePolicy() throws {
        let server = try LoopbackServer(respond: GeocodingServices.nominatim)
        let result = try Tool.run([
            "reverse", "52.5163,13.3777", "0,0", "40.7484,-73.9857", "--provider", "nominatim", "--endpoint",
            server.url.absoluteString,
        ])
        #expect(result.status == 1)
        #expect(
            result.output == """
                52.5163,13.3777: Brandenburger Tor, Pariser Platz 1, Berlin, Berlin 10117, Deutschland
                40.7484,-73.9857: Empire State Building, 350 Fifth Avenue, New York, New York 10118, United States

                """)
        #expect(result.error == "0.0,0.0: Nominatim: no address there\nData © OpenStreetMap contributors, by Nominatim\n")
        let arrivals = server.requests.map(\.arrival)
        #expect(server.requests.map { $0[query: "lat"] } == ["52.5163", "0", "40.7484"])
        // One a second: the server stamps arrivals a scheduling hiccup after the sends.
        for (earlier, later) in zip(arrivals, arrivals.dropFirst()) { #expect(later - earlier >= .milliseconds(900)) }
    }

    @Test func failuresHaveTheirOwnExitCodesAndSayWhatHappened() throws {
        let broken = try LoopbackServer { _ in .json("[{\"lat\":") }
        let malformed = try Tool.run(["reverse", "1,1", "--provider", "photon", "--endpoint", broken.url.absoluteString])
        #expect(malformed.status == 76)
        #expect(
            malformed.error.hasPrefix("error: Photon: the answer is not the JSON the service documents: the JSON ends too early"))

        let failing = try LoopbackServer { _ in .json("{}").with(status: 500) }
        let status = try Tool.run(["search", "x", "--provider", "photon", "--endpoint", failing.url.absoluteString])
        #expect(status.status == 69)
        #expect(status.error == "error: Photon: HTTP 500 Internal Server Error\n")

        let slow = try LoopbackServer { request in
            var answer = GeocodingServices.photon(request)
            answer.delay = .seconds(2)
            return answer
        }
        let timedOut = try Tool.run([
            "reverse", "1,1", "--provider", "photon", "--endpoint", slow.url.absoluteString, "--timeout", "200ms",
        ])
        #expect(timedOut.status == 69)
        #expect(timedOut.error == "error: Photon: no answer within 0.2 s\n")

        let gone = try LoopbackServer { _ in .json("{}") }
        gone.stop()
        let refused = try Tool.run(["reverse", "1,1", "--provider", "nominatim", "--endpoint", gone.url.absoluteString])
        #expect(refused.status == 69)
        #expect(refused.error == "error: Nominatim: cannot reach the service: the connection was refused\n")
    }

    @Test(
        "HTTP options are usage errors where they make no sense",
        arguments: [
            (["--endpoint", "http://127.0.0.1:9"], "error: --endpoint is for a geocoder over HTTP"),
            (["--provider", "photon", "--endpoint", "ftp://example.org"], "error: --endpoint takes an http or https URL"),
            (["--provider", "photon", "--timeout", "0ms"], "error: --timeout takes a duration"),
            (["--provider", "photon", "--timeout", "10"], "error: --timeout takes a duration"),
            (["--provider", "bing"], "error: --provider takes"),
            (["--provider", "nominatim", "--user-agent", " "], "error: --user-agent takes one line of text"),
            (["--provider", "nominatim", "--user-agent", "a\r\nX-Injected: 1"], "error: --user-agent takes one line of text"),
        ])
    func usageErrors(options: [String], message: String) throws {
        let result = try Tool.run(["reverse", "1,1"] + options)
        #expect(result.status == 64)
        #expect(result.error.hasPrefix(message), "\(result.error)")
    }
}
