import EventScripts

/// A readable, deterministic dump of any value, read through `Mirror`, for the diffs of
/// ``MachineTestStore``: no vocabulary is needed.
///
/// ``lines(_:label:indent:)`` writes one `name: value` line per field, nested fields indented by
/// two spaces, so that a line diff of two dumps points at the field that changed:
///
/// ```
/// query: "Apple"
/// results:
///   [0]:
///     title: "Apple Store"
///     score: 3
/// error: server(code: 503)
/// selected: nil
/// ```
///
/// Strings are quoted and escaped as in Swift source, durations are written in milliseconds
/// (`300ms`), optionals show their value or `nil`, an enumeration its case (and its payload in
/// parentheses when the payload holds no structure or non-empty collection, else nested below
/// the case), sets and dictionaries in the order of their dumped elements and keys. Values of
/// the standard library and Foundation that describe themselves (`Date`, `UUID`, `URL`) show
/// their description. ``inline(_:)`` writes a value on one line (`Match(title: "Apple", score:
/// 3)`), for commands.
enum ValueDump {
    /// `label: value` on one line, or `label:` followed by the value's parts on lines indented by
    /// `indent + 2` spaces; every line ends with a newline.
    static func lines(_ value: Any, label: String, indent: Int = 0) -> String {
        var text = ""
        write(shape(of: value), label: label, indent: indent, into: &text)
        return text
    }

    /// The value on one line.
    static func inline(_ value: Any) -> String {
        inline(shape(of: value))
    }

    /// How a value is dumped: what `Mirror` says of it, with optionals unwrapped.
    private indirect enum Shape {
        /// Text that is never split: a number, a quoted string, a case without payload, `nil`, `[]`.
        case atom(String)
        /// A structure, a class or a tuple (`type` is `nil` for a tuple), with its labelled parts.
        case fields(type: String?, [(label: String, value: Shape)])
        /// A non-empty collection, each element labelled (`[0]`, or `["key"]` in a dictionary).
        case elements([(label: String, value: Shape)], isDictionary: Bool)
        /// An enumeration case with a payload.
        case enumCase(String, payload: Shape)

        /// Whether the shape fits on one line of a dump: it holds no structure and no non-empty
        /// collection.
        var isFlat: Bool {
            switch self {
            case .atom: true
            case .fields(let type, let parts): type == nil && parts.allSatisfy(\.value.isFlat)
            case .elements: false
            case .enumCase(_, let payload): payload.isFlat
            }
        }
    }

    private static func shape(of value: Any, visiting: Set<ObjectIdentifier> = []) -> Shape {
        switch value {
        case let string as String: return .atom(string.debugDescription)
        case let string as Substring: return .atom(String(string).debugDescription)
        case let character as Character: return .atom(String(character).debugDescription)
        case let duration as Duration: return .atom(Value.render(duration))
        default: break
        }
        let mirror = Mirror(reflecting: value)
        var visiting = visiting
        if mirror.displayStyle == .class {
            let object = ObjectIdentifier(value as AnyObject)
            guard visiting.insert(object).inserted else { return .atom("<cycle: \(type(of: value))>") }
        }
        let children = mirror.children.map { child in
            (label: child.label, value: shape(of: child.value, visiting: visiting), raw: child.value)
        }
        switch mirror.displayStyle {
        case .optional:
            return children.first?.value ?? .atom("nil")
        case .collection:
            guard !children.isEmpty else { return .atom("[]") }
            return .elements(children.enumerated().map { ("[\($0)]", $1.value) }, isDictionary: false)
        case .set:
            guard !children.isEmpty else { return .atom("[]") }
            let sorted = children.map(\.value).sorted { inline($0) < inline($1) }
            return .elements(sorted.enumerated().map { ("[\($0)]", $1) }, isDictionary: false)
        case .dictionary:
            guard !children.isEmpty else { return .atom("[:]") }
            let entries = children.map { child -> (label: String, value: Shape) in
                let pair = Array(Mirror(reflecting: child.raw).children)
                guard pair.count == 2 else { return (label: "[?]", value: child.value) }
                return (
                    label: "[\(inline(shape(of: pair[0].value, visiting: visiting)))]",
                    value: shape(of: pair[1].value, visiting: visiting)
                )
            }
            return .elements(entries.sorted { $0.label < $1.label }, isDictionary: true)
        case .tuple:
            return .fields(type: nil, children.enumerated().map { ($1.label ?? ".\($0)", $1.value) })
        case .enum:
            guard let payload = children.first else { return .atom(String(describing: value)) }
            return .enumCase(payload.label ?? String(describing: value), payload: payload.value)
        default:
            if children.isEmpty || describesItself(value) { return .atom(String(describing: value)) }
            return .fields(
                type: String(describing: type(of: value)),
                children.enumerated().map { ($1.label ?? ".\($0)", $1.value) })
        }
    }

    /// Whether `value` is a type of the standard library or Foundation that describes itself:
    /// its description reads better than its stored properties.
    private static func describesItself(_ value: Any) -> Bool {
        guard value is any CustomStringConvertible else { return false }
        let module = String(reflecting: type(of: value)).prefix { $0 != "." }
        return module == "Swift" || module.hasPrefix("Foundation")
    }

    private static func write(_ shape: Shape, label: String, indent: Int, into text: inout String) {
        let margin = String(repeating: " ", count: indent)
        switch shape {
        case .fields(_, let parts) where !shape.isFlat, .elements(let parts, _):
            text += "\(margin)\(label):\n"
            for part in parts { write(part.value, label: part.label, indent: indent + 2, into: &text) }
        case .enumCase(let name, let payload) where !payload.isFlat:
            text += "\(margin)\(label): \(name)\n"
            switch payload {
            case .fields(_, let parts), .elements(let parts, _):
                for part in parts { write(part.value, label: part.label, indent: indent + 2, into: &text) }
            case .atom, .enumCase:
                // A case whose payload is itself a case with structure: its one unlabelled element.
                write(payload, label: ".0", indent: indent + 2, into: &text)
            }
        default:
            text += "\(margin)\(label): \(inline(shape))\n"
        }
    }

    private static func inline(_ shape: Shape) -> String {
        switch shape {
        case .atom(let text):
            return text
        case .fields(let type, let parts):
            return "\(type ?? "")(\(arguments(parts)))"
        case .elements(let parts, let isDictionary):
            if isDictionary {
                return "[" + parts.map { "\($0.label.dropFirst().dropLast()): \(inline($0.value))" }.joined(separator: ", ") + "]"
            }
            return "[" + parts.map { inline($0.value) }.joined(separator: ", ") + "]"
        case .enumCase(let name, .fields(nil, let parts)):
            return "\(name)(\(arguments(parts)))"
        case .enumCase(let name, let payload):
            return "\(name)(\(inline(payload)))"
        }
    }

    /// Tuple elements or fields as call arguments: `label: value`, or the value alone for an
    /// unlabelled tuple element (`.0`).
    private static func arguments(_ parts: [(label: String, value: Shape)]) -> String {
        parts.map { $0.label.hasPrefix(".") ? inline($0.value) : "\($0.label): \(inline($0.value))" }
            .joined(separator: ", ")
    }
}
