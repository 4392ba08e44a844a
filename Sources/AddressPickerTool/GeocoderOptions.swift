import AddressPicker
import Dispatch
import Foundation
import Geocoders
import MachineCommandLine

/// The options that choose where `search`, `reverse` and `play` get addresses: the embedded
/// gazetteer (offline, the default), or Photon or Nominatim over HTTP under its usage rules.
enum GeocoderOptions {
    /// The geocoders the tool can use.
    enum Provider: String, CaseIterable, Sendable {
        case gazetteer, photon, nominatim
    }

    /// The version the default User-Agent names.
    static let version = "1.1.0"
    /// What the tool sends as its User-Agent unless told otherwise.
    static let defaultUserAgent = "address-picker/\(version)"
    /// How long an answer may take unless told otherwise.
    static let defaultTimeout = Duration.seconds(10)

    /// `--provider gazetteer|photon|nominatim`.
    static let provider = Option(
        "provider", "name", .choices(Provider.self), default: .gazetteer,
        help: "Where addresses come from: the embedded gazetteer (offline), or Photon or Nominatim over HTTP.")
    /// `--endpoint <url>`.
    static let endpoint = Option(
        "endpoint", "url", .webAddress,
        help: "The service's address, for your own instance (default: its public one, whose usage policy then holds).")
    /// `--timeout <duration>`.
    static let timeout = Option(
        "timeout", "duration", .duration(in: .milliseconds(1) ... .seconds(600)),
        help: "How long one answer may take (default: 10s).")
    /// `--user-agent <text>`.
    static let userAgent = Option(
        "user-agent", "text",
        // A header's value is one line of visible text: a control character (a line break that
        // would start a header of its own) is refused, not dropped on the way.
        ValueParser("one line of text") { text in
            text.trimmingCharacters(in: .whitespaces).isEmpty
                || text.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : text
        },
        help: "What identifies you to the service (default: \(defaultUserAgent)); Nominatim asks for a contact too.")

    /// Every option, in the order help lists them.
    static let all: [any AnyOption] = [provider, endpoint, timeout, userAgent]

    /// The web geocoder the options name, or `nil` for the gazetteer.
    ///
    /// - Throws: ``UsageError`` for HTTP options given with the gazetteer.
    static func geocoder(_ arguments: ParsedArguments, limit: Int = 10) throws -> (any WebGeocoder)? {
        let timeout = arguments[timeout] ?? defaultTimeout
        let agent = arguments[userAgent] ?? defaultUserAgent
        switch arguments[provider] {
        case .gazetteer:
            let given = [
                ("endpoint", arguments[endpoint] != nil), ("timeout", arguments[self.timeout] != nil),
                ("user-agent", arguments[userAgent] != nil),
            ]
            if let (option, _) = given.first(where: { $0.1 }) {
                throw UsageError("--\(option) is for a geocoder over HTTP: add --provider photon or --provider nominatim")
            }
            return nil
        case .photon:
            return try PhotonGeocoder(
                endpoint: arguments[endpoint] ?? PhotonGeocoder.publicEndpoint, userAgent: agent, timeout: timeout,
                limit: limit)
        case .nominatim:
            return try NominatimGeocoder(
                endpoint: arguments[endpoint] ?? NominatimGeocoder.publicEndpoint, userAgent: agent, timeout: timeout,
                limit: limit)
        }
    }

    /// The exit code of a geocoder's failure.
    static func exitCode(of error: GeocoderError) -> ExitCode {
        switch error.reason {
        case .nothingFound: .failure
        case .cutShort, .tooLarge, .malformedAnswer, .wrongContentType: brokenAnswer
        case .throttled, .httpStatus, .timedOut, .unreachable, .notAllowed: unavailable
        }
    }

    /// The service could not answer: unreachable, throttled, an HTTP error, no answer in time.
    static let unavailable = ExitCode(69)
    /// The service's answer was broken: cut short, too large, malformed, or not JSON.
    static let brokenAnswer = ExitCode(76)

    /// What ``unavailable`` means, for the subcommands' help.
    static let unavailableMeaning = "the service could not answer: unreachable, throttled, an HTTP error, no answer in time"
    /// What ``brokenAnswer`` means, for the subcommands' help.
    static let brokenAnswerMeaning = "the service's answer was broken: cut short, too large, malformed JSON, or not JSON"

    /// The result of `operation`, run to its end from the tool's synchronous code.
    static func wait<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        Task {
            do { box.result = .success(try await operation()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }
}

/// A result handed from a task to the thread waiting for it (the semaphore orders the two).
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, any Error>?
}

extension ValueParser where Value == URL {
    /// An `http` or `https` URL with a host.
    static var webAddress: ValueParser {
        ValueParser("an http or https URL such as https://photon.example.org") { text in
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
            else { return nil }
            return url
        }
    }
}
