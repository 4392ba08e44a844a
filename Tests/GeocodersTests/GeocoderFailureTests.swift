import AddressPicker
import Foundation
import LoopbackServer
import Testing

@testable import Geocoders

/// Every way an HTTP answer goes wrong becomes a ``GeocoderError`` that says what happened, on a
/// real server on 127.0.0.1 and the real clock.
@Suite struct GeocoderFailureTests {
    let berlin = try! Coordinate(latitude: 52.5163, longitude: 13.3777)

    /// A Photon on a server that answers everything with `answer`.
    func photon(
        answering answer: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Answer,
        // The timeout is a deadline for the whole answer: long enough for 8 MiB while the
        // other suites hold both cores, short where a test is about it.
        rules: UsageRules = .testing(.photon), timeout: Duration = .seconds(60)
    ) throws -> (LoopbackServer, PhotonGeocoder) {
        let server = try LoopbackServer(respond: answer)
        return (server, try PhotonGeocoder(endpoint: server.url, rules: rules, timeout: timeout))
    }

    /// The geocoder's error for a lookup, or `nil` when it answered; any other error is an issue
    /// of its own, named (a geocoder throws only `GeocoderError`s).
    func failure(_ geocoder: PhotonGeocoder) async -> GeocoderError? {
        do {
            _ = try await geocoder.address(at: berlin)
            return nil
        } catch let error as GeocoderError {
            return error
        } catch {
            Issue.record("expected a GeocoderError or an answer, got \(type(of: error)): \(error)")
            return nil
        }
    }

    @Test func anHTTPErrorSaysItsStatus() async throws {
        let (_, photon) = try photon { _ in .json(#"{"message":"boom"}"#).with(status: 500) }
        let error = await failure(photon)
        #expect(error?.reason == .httpStatus(500))
        #expect(error?.description == "Photon: HTTP 500 Internal Server Error")
    }

    @Test func throttlingIsWaitedOutAsRetryAfterSays() async throws {
        let calls = Counter()
        let (server, photon) = try photon { request in
            calls.next() == 0
                ? LoopbackServer.Answer(headers: [("Retry-After", "1")], body: Data("{}".utf8)).with(status: 429)
                : GeocodingServices.photon(request)
        }
        let address = try await photon.address(at: berlin)
        #expect(address.name == "Brandenburger Tor")
        let arrivals = server.requests.map(\.arrival)
        #expect(arrivals.count == 2)
        #expect(arrivals[1] - arrivals[0] >= .seconds(1))
    }

    @Test func throttlingBeyondTheRetriesFailsWithTheWait() async throws {
        var rules = UsageRules.testing(.photon)
        rules.retries = 0
        let (server, photon) = try photon(
            answering: { _ in
                LoopbackServer.Answer(headers: [("Retry-After", "30")]).with(status: 503)
            }, rules: rules)
        let error = await failure(photon)
        #expect(error?.reason == .throttled(status: 503, retryAfter: .seconds(30)))
        #expect(
            error?.description == "Photon: HTTP 503 Service Unavailable: the service asks for fewer requests, retry after 30 s")
        #expect(server.requests.count == 1)
    }

    @Test func aWaitLongerThanTheRulesAllowFailsAtOnce() async throws {
        let (server, photon) = try photon { _ in LoopbackServer.Answer(headers: [("Retry-After", "3600")]).with(status: 429) }
        let error = await failure(photon)
        #expect(error?.reason == .throttled(status: 429, retryAfter: .seconds(3600)))
        #expect(server.requests.count == 1)
    }

    @Test func aSlowAnswerTimesOut() async throws {
        let (_, photon) = try photon(
            answering: { request in
                var answer = GeocodingServices.photon(request)
                answer.delay = .seconds(3)
                return answer
            }, timeout: .milliseconds(300))
        // The server does answer, 3 s later: a timeout is the only way to this error.
        let error = await failure(photon)
        #expect(error?.reason == .timedOut(.milliseconds(300)))
        #expect(error?.description == "Photon: no answer within 0.3 s")
    }

    /// A server that answers at once, then sends its body a byte every 50 ms, resets any
    /// per-byte timer: the timeout counts the whole answer.
    @Test func anAnswerDrippedByteByByteTimesOut() async throws {
        let (_, photon) = try photon(
            answering: { request in
                var answer = GeocodingServices.photon(request)
                answer.drip = .milliseconds(50)
                return answer
            }, timeout: .milliseconds(500))
        // The whole answer would take its bytes × 50 ms, some seconds: a timeout is the only way
        // to this error.
        let error = await failure(photon)
        #expect(error?.reason == .timedOut(.milliseconds(500)))
    }

    @Test func aRefusedConnectionSaysSo() async throws {
        let (server, photon) = try photon { GeocodingServices.photon($0) }
        server.stop()
        let error = await failure(photon)
        #expect(error?.reason == .unreachable("the connection was refused"))
    }

    @Test func aHangUpIsUnreachable() async throws {
        let (_, photon) = try photon { _ in
            var answer = LoopbackServer.Answer()
            answer.hangUp = true
            return answer
        }
        let error = await failure(photon)
        #expect(error?.description == "Photon: cannot reach the service: the connection closed without an HTTP answer")
    }

    @Test func anAnswerCutShortFails() async throws {
        let (_, photon) = try photon { request in
            var answer = GeocodingServices.photon(request)
            answer.cutAfter = answer.body.count / 2
            return answer
        }
        let error = await failure(photon)
        #expect(error?.description == "Photon: the answer was cut short")
    }

    @Test(arguments: [true, false]) func anAnswerTooLargeIsStoppedAtTheLimit(announcesLength: Bool) async throws {
        let (_, photon) = try photon { _ in
            var answer = LoopbackServer.Answer(body: Data(repeating: 0x20, count: HTTPClient.largestAnswer + 1))
            answer.announcesLength = announcesLength
            return answer
        }
        let error = await failure(photon)
        #expect(error?.description == "Photon: the answer is larger than 8 MiB")
    }

    @Test func anAnswerWithoutItsLengthIsReadToTheEnd() async throws {
        let (_, photon) = try photon { request in
            var answer = GeocodingServices.photon(request)
            answer.announcesLength = false
            return answer
        }
        let error = await failure(photon)
        #expect(error == nil)
    }

    @Test func malformedJSONSaysSo() async throws {
        let (_, photon) = try photon { _ in .json(#"{"type":"FeatureCollection","features":[{"type":"#) }
        let error = await failure(photon)
        guard case .malformedAnswer(let why)? = error?.reason else {
            Issue.record("expected a malformed answer, got \(error.map { "\($0)" } ?? "an answer")")
            return
        }
        #expect(why.hasPrefix("the JSON ends too early or is malformed"))
    }

    @Test func aFeatureWithoutAPointNamesItsPlace() async throws {
        let (_, photon) = try photon { _ in
            .json(#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"X"}}]}"#)
        }
        let error = await failure(photon)
        #expect(error?.reason == .malformedAnswer("'features[0].geometry' is missing"))
    }

    @Test func aPointOutOfRangeNamesItsPlace() async throws {
        let (_, photon) = try photon { _ in
            .json(
                #"{"features":[{"geometry":{"coordinates":[13.4,52.5]},"properties":{}},{"geometry":{"coordinates":[200,52]},"properties":{}}]}"#
            )
        }
        let error = await #expect(throws: GeocoderError.self) {
            try await photon.places(for: .completion(Completion(title: "Berlin", subtitle: "")))
        }
        #expect(
            error?.reason == .malformedAnswer("'features[1].geometry.coordinates' is not a longitude and a latitude in range"))
    }

    @Test func theWrongContentTypeSaysWhichItIs() async throws {
        let (_, photon) = try photon { _ in
            LoopbackServer.Answer(contentType: "text/html; charset=utf-8", body: Data("<html>".utf8))
        }
        let error = await failure(photon)
        #expect(error?.description == "Photon: the answer is 'text/html; charset=utf-8', not JSON")
    }

    @Test func aCancelledRequestStopsAtOnce() async throws {
        let (_, photon) = try photon { request in
            var answer = GeocodingServices.photon(request)
            answer.delay = .seconds(3)
            return answer
        }
        // The server does answer, 3 s later: only the cancellation ends the request without it.
        let berlin = berlin
        let task = Task { try await photon.address(at: berlin) }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }
}

/// A thread-safe count of calls.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// The count before this call.
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count - 1
    }
}
