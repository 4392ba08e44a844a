import AddressPicker
import Foundation
import MachineRuntime

/// What both geocoders share: a service's endpoint and rules, and the one path every request
/// takes (the cache, the application-wide gate, HTTP, `Retry-After`), so that no request can
/// slip past the rules.
struct ServiceClient: Sendable {
    /// The service's name, for errors: "Photon", "Nominatim".
    let service: String
    /// The base URL the paths are resolved against.
    let endpoint: URL
    /// The rules in force, the public endpoint's floor included.
    let rules: UsageRules
    private let http: HTTPClient
    private let gate: RateLimiter
    private let cache: AnswerCache

    /// A client of `service` at `endpoint` under `rules`.
    ///
    /// - Throws: ``GeocoderError/Reason/notAllowed(_:)`` when the rules require a User-Agent and
    ///   `userAgent` is empty.
    init(service: String, endpoint: URL, rules: UsageRules, userAgent: String, timeout: Duration) throws(GeocoderError) {
        let agent = userAgent.trimmingCharacters(in: .whitespacesAndNewlines)
        if rules.requiresUserAgent && agent.isEmpty {
            throw GeocoderError(
                service: service,
                reason: .notAllowed("a User-Agent that identifies the application is required (\"MyApp/1.0 (contact)\")"))
        }
        self.service = service
        self.endpoint = endpoint
        self.rules = rules
        http = HTTPClient(service: service, userAgent: agent.isEmpty ? nil : agent, timeout: timeout)
        gate = RequestGates.gate(for: endpoint, interval: rules.requestInterval)
        cache = AnswerCache(capacity: rules.cacheCapacity)
    }

    /// The URL of `path` under the endpoint with `query`, its values percent-encoded.
    func url(_ path: String, _ query: [(String, String)]) -> URL {
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) ?? URLComponents()
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + path
        components.percentEncodedQuery = query.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return components.url ?? endpoint
    }

    /// The body of `url`'s answer: from the cache, or fetched through the gate, sent again after
    /// a throttling answer's wait as many times as the rules allow.
    func get(_ url: URL) async throws -> Data {
        let key = url.absoluteString
        if let kept = await cache.answer(for: key) { return kept }
        var retriesLeft = max(0, rules.retries)
        while true {
            let answer = try await gate.run { try await http.get(url) }
            switch answer {
            case .body(let data):
                await cache.keep(data, for: key)
                return data
            case .throttled(let status, let retryAfter):
                let wait = retryAfter ?? rules.requestInterval
                guard retriesLeft > 0, wait <= rules.longestRetryWait else {
                    throw GeocoderError(service: service, reason: .throttled(status: status, retryAfter: retryAfter))
                }
                retriesLeft -= 1
                try await Task.sleep(for: wait)
            }
        }
    }

    /// `text` percent-encoded for a query component: everything but unreserved characters.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// A coordinate's number as the services read it: plain decimals, at most 6 places (about
    /// 0.1 m), so that the same point always makes the same URL (and cache key).
    static func degrees(_ value: Double) -> String {
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        return rounded == 0
            ? "0"
            : String(format: "%.6f", rounded).replacingOccurrences(
                of: #"\.?0+$"#, with: "", options: .regularExpression)
    }
}
