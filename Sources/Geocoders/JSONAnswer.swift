import Foundation

/// Decoding a service's JSON answer, its failures told as a person reads them.
enum JSONAnswer {
    /// `data` decoded as `T`.
    ///
    /// - Throws: ``GeocoderError/Reason/malformedAnswer(_:)`` saying where the answer went wrong
    ///   ("'features[2].geometry' is missing", "the JSON ends too early or is malformed").
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, service: String) throws(GeocoderError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw GeocoderError(service: service, reason: .malformedAnswer(describe(error)))
        } catch {
            throw GeocoderError(service: service, reason: .malformedAnswer("\(error)"))
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        case .valueNotFound(_, let context):
            return "\(path(context.codingPath)) is null"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) is not \(article(type))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "the JSON ends too early or is malformed (\(data(bytes: context)))"
                : "\(path(context.codingPath)) is malformed: \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func data(bytes context: DecodingError.Context) -> String {
        (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
            .replacingOccurrences(of: "\n", with: " ")
    }

    /// A coding path as JSON reads it, quoted: `'features[2].geometry'`; "the answer" for none.
    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "the answer" : "'\(text)'"
    }

    private static func article(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type: "a number"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "the expected \(type)"
        }
    }
}
