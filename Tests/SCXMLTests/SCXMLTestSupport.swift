import Testing

@testable import SCXML

/// SCXML's namespace, as the documents of the tests declare it.
let scxmlNamespace = "http://www.w3.org/2005/07/scxml"

/// Reads `text` as an SCXML document.
func readDocument(_ text: String, limits: SCXMLLimits = .init()) throws(SCXMLError) -> SCXMLDocument {
    try SCXMLDocument(reading: Array(text.utf8), limits: limits)
}

/// The error reading `bytes` throws, or `nil` if it reads.
func readingError(_ bytes: [UInt8], limits: SCXMLLimits = .init()) -> SCXMLError? {
    do {
        _ = try SCXMLDocument(reading: bytes, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// The error reading `text` throws, or `nil` if it reads.
func readingError(_ text: String, limits: SCXMLLimits = .init()) -> SCXMLError? {
    readingError(Array(text.utf8), limits: limits)
}

/// `body` inside `<scxml>` and a first line of its own, so that the body's first line is line 2.
func document(_ body: String, attributes: String = "") -> String {
    "<scxml xmlns=\"\(scxmlNamespace)\" version=\"1.0\"\(attributes)>\n\(body)\n</scxml>"
}

/// Expects reading `text` to fail with `kind` at `line`:`column`, with a message containing each
/// of `fragments`.
func expectError(
    _ text: String, _ kind: SCXMLError.Kind, at line: Int, _ column: Int, mentioning fragments: [String],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    guard let error = readingError(text) else {
        Issue.record("expected a \(kind) error at \(line):\(column), but the document was read", sourceLocation: sourceLocation)
        return
    }
    #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
    #expect(error.location == SCXML.SourceLocation(line: line, column: column), "\(error)", sourceLocation: sourceLocation)
    for fragment in fragments {
        #expect(error.message.contains(fragment), "\(error) should mention \(fragment)", sourceLocation: sourceLocation)
    }
}

extension SCXMLAction {
    /// The branches of an `<if>`, or `nil` for another action.
    var ifBranches: [(condition: SCXMLCondition?, actions: [SCXMLAction])]? {
        if case .if(let branches, _) = self { return branches }
        return nil
    }

    /// A short, comparable rendering of the action and what it holds.
    var summary: String {
        switch self {
        case .raise(let event, _): return "raise \(event)"
        case .send(let send):
            let delay = send.delay.map { " delay \($0)" } ?? ""
            return
                "send \(send.event) id \(send.id ?? "-") target \(send.target ?? "-") type \(send.type ?? "-")\(delay)"
        case .cancel(let sendID, _): return "cancel \(sendID)"
        case .log(let label, let text, _): return "log \(label ?? "-") \(text ?? "-")"
        case .if(let branches, _):
            let parts = branches.map { branch in
                "\(branch.condition.map { "\($0)" } ?? "else"): [\(branch.actions.map(\.summary).joined(separator: ", "))]"
            }
            return "if " + parts.joined(separator: "; ")
        }
    }
}
