/// Why a geocoder's request failed, with the service's name, in words a person can act on.
///
/// The picker shows it as the failure of the request (`completionsFailed`, `placesFailed`,
/// `addressFailed` carry its ``description``); the `address-picker` tool prints it.
public struct GeocoderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        /// The service refused to answer this often: HTTP `status` (429 or 503), asking to wait
        /// `retryAfter` when it said, after the retries the rules allow.
        case throttled(status: Int, retryAfter: Duration?)
        /// Any other HTTP status that is not a success.
        case httpStatus(Int)
        /// No whole answer within the geocoder's timeout.
        case timedOut(Duration)
        /// The service could not be reached: the connection was refused, the host not found, the
        /// network down, or the connection closed without an answer.
        case unreachable(String)
        /// The connection closed before the whole answer came.
        case cutShort
        /// The answer grew past `limit` bytes, and was stopped there.
        case tooLarge(limit: Int)
        /// The answer is not JSON in the shape the service documents: malformed, or missing what
        /// a result needs.
        case malformedAnswer(String)
        /// The answer's content type is not JSON.
        case wrongContentType(String?)
        /// The service found nothing at a coordinate (a reverse lookup over the sea, say).
        case nothingFound
        /// The rules forbid the request, so it was not sent: completions from a service that
        /// forbids autocomplete, or a request without the User-Agent the service requires.
        case notAllowed(String)
    }

    /// The service's name: "Photon", "Nominatim".
    public var service: String
    /// What went wrong.
    public var reason: Reason

    /// An error of `service`.
    init(service: String, reason: Reason) {
        self.service = service
        self.reason = reason
    }

    /// One line: the service, then what happened ("Nominatim: HTTP 429 Too Many Requests, retry
    /// after 30 s").
    public var description: String {
        "\(service): \(reasonText)"
    }

    private var reasonText: String {
        switch reason {
        case .throttled(let status, let retryAfter):
            let wait = retryAfter.map { ", retry after \(Self.seconds($0))" } ?? ""
            return "HTTP \(status) \(Self.statusPhrase(status)): the service asks for fewer requests\(wait)"
        case .httpStatus(let status):
            return "HTTP \(status) \(Self.statusPhrase(status))"
        case .timedOut(let duration):
            return "no answer within \(Self.seconds(duration))"
        case .unreachable(let why):
            return "cannot reach the service: \(why)"
        case .cutShort:
            return "the answer was cut short"
        case .tooLarge(let limit):
            return "the answer is larger than \(limit >> 20) MiB"
        case .malformedAnswer(let why):
            return "the answer is not the JSON the service documents: \(why)"
        case .wrongContentType(let type):
            return "the answer is \(type.map { "'\($0)'" } ?? "of no content type"), not JSON"
        case .nothingFound:
            return "no address there"
        case .notAllowed(let why):
            return why
        }
    }

    /// The reason phrase of the HTTP statuses a geocoder meets.
    static func statusPhrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: status >= 500 ? "(server error)" : "(client error)"
        }
    }

    /// A duration in seconds as a person reads it: "30 s", "1.5 s".
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = (attoseconds + 50_000_000_000_000_000) / 100_000_000_000_000_000
        let whole = seconds + tenths / 10
        return tenths % 10 == 0 ? "\(whole) s" : "\(seconds).\(tenths % 10) s"
    }
}
