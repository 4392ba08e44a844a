/// The elements and attributes of SCXML the importer refuses, and why: each needs a datamodel to
/// hold data or run code, or another service, and the null datamodel (SCXML §B.1) has none.
/// Refusing them, rather than skipping them, keeps an imported machine from silently doing less
/// than its document says.
enum SCXMLRefusal {
    /// Why the SCXML element `localName` is refused, or `nil` if it is read.
    static func reason(forElement localName: String) -> String? {
        switch localName {
        case "datamodel": "<datamodel> declares data; the null datamodel has none (SCXML §B.1)"
        case "data": "<data> declares data; the null datamodel has none (SCXML §B.1)"
        case "assign": "<assign> changes data; the null datamodel has none (SCXML §B.1)"
        case "script": "<script> runs code; the null datamodel runs none (SCXML §B.1)"
        case "foreach": "<foreach> iterates over data; the null datamodel has none (SCXML §B.1)"
        case "donedata": "<donedata> sends data with a done event; the null datamodel has none (SCXML §B.1)"
        case "param": "<param> sends data with an event; the null datamodel has none (SCXML §B.1)"
        case "content": "<content> sends data with an event; the null datamodel has none (SCXML §B.1)"
        case "invoke": "<invoke> starts another service; the importer runs the document's own machine only"
        case "finalize": "<finalize> handles the events of an <invoke>; the importer runs no <invoke>"
        default: nil
        }
    }

    /// Why the attribute `name` of the SCXML element `element` is refused, or `nil` if it is not
    /// one of the attributes refused by name (an attribute neither read nor refused by name is
    /// refused as unknown).
    static func reason(forAttribute name: String, of element: String) -> String? {
        switch (element, name) {
        case ("send", "eventexpr"), ("send", "targetexpr"), ("send", "typeexpr"), ("send", "delayexpr"),
            ("cancel", "sendidexpr"):
            let plain = String(name.dropLast("expr".count))
            return "<\(element) \(name)> is an expression; the null datamodel evaluates none: write \(plain) instead"
        case ("send", "idlocation"):
            return "<send idlocation> stores the send id in data; the null datamodel has none: write id instead"
        case ("send", "namelist"):
            return "<send namelist> sends data with the event; the null datamodel has none"
        default:
            return nil
        }
    }

    /// The names of SCXML 1.0's elements, for telling an element out of place (invalid) from an
    /// unknown one (unsupported).
    static let elements: Set<String> = [
        "scxml", "state", "parallel", "transition", "initial", "final", "onentry", "onexit", "history", "raise", "if",
        "elseif", "else", "foreach", "log", "datamodel", "data", "assign", "donedata", "content", "param", "script",
        "send", "cancel", "invoke", "finalize",
    ]
}
