/// Why a document cannot be imported: where, and what.
///
/// The importer refuses a document as a whole, at the first problem it finds, so that a machine
/// built from a document always runs what the document says. The ``kind`` tells a caller whether
/// the file is broken, asks for more than the importer runs, or breaks SCXML's own rules.
public struct SCXMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What sort of problem stops the import.
    public enum Kind: String, Sendable, Equatable {
        /// Not a well-formed XML document: invalid UTF-8, an unclosed or mismatched tag, a
        /// document too big or nested too deep, a DTD or an entity reference.
        case malformed
        /// Well-formed, but outside what the importer runs: an element, attribute or expression
        /// that needs a datamodel, another namespace, a version other than 1.0.
        case unsupported
        /// SCXML's own rules broken: a duplicate id, a target naming no state, an element where
        /// SCXML does not allow it.
        case invalid
    }

    /// What sort of problem it is.
    public let kind: Kind
    /// Where in the document the problem is, when it has a place (a document too big has none).
    public let location: SourceLocation?
    /// What is wrong, in a sentence naming the element, attribute or expression.
    public let message: String

    /// A problem of `kind` at `location`, told by `message`.
    init(_ kind: Kind, at location: SourceLocation?, _ message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// `LINE:COLUMN: message`, or just the message when the problem has no place.
    public var description: String {
        guard let location else { return message }
        return "\(location): \(message)"
    }

    /// A document that is not well-formed XML.
    static func malformed(_ message: String, at location: SourceLocation?) -> SCXMLError {
        SCXMLError(.malformed, at: location, message)
    }

    /// A document asking for something the importer does not run.
    static func unsupported(_ message: String, at location: SourceLocation?) -> SCXMLError {
        SCXMLError(.unsupported, at: location, message)
    }

    /// A document breaking SCXML's own rules.
    static func invalid(_ message: String, at location: SourceLocation?) -> SCXMLError {
        SCXMLError(.invalid, at: location, message)
    }

    /// `text` quoted for a message, cut to its first 40 characters so that a hostile document
    /// cannot make a message as big as itself.
    static func quoted(_ text: some StringProtocol) -> String {
        let limit = 40
        var shown = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                return "'\(shown)…'"
            }
            shown.unicodeScalars.append(scalar)
            count += 1
        }
        return "'\(shown)'"
    }
}
