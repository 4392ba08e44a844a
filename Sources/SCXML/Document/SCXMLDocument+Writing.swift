/// A document written back as SCXML: what the importer read, in a canonical form (two spaces of
/// indentation, attributes in one order, generated ids written out, delays in seconds), which
/// imports to the same machine.
extension SCXMLDocument {
    /// The document as SCXML text.
    var text: String {
        var writer = SCXMLWriter()
        var attributes = [("xmlns", "http://www.w3.org/2005/07/scxml"), ("version", "1.0")]
        if let name { attributes.append(("name", name)) }
        if !initial.isEmpty { attributes.append(("initial", initial.joined(separator: " "))) }
        attributes.append(("datamodel", "null"))
        writer.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        writer.open("scxml", attributes)
        for state in states { writer.write(state) }
        writer.close("scxml")
        return writer.text
    }
}

extension SCXMLCondition {
    /// The condition as a `cond` writes it, and as diagrams and transcripts name its guard:
    /// `In('id')`, a name, `!x`, `x && y`, `x || y`, with parentheses around an inner `&&` or `||`.
    var text: String {
        switch self {
        case .inState(let id): id.contains("'") ? "In(\"\(id)\")" : "In('\(id)')"
        case .named(let name): name
        case .constant(let value): value ? "true" : "false"
        case .not(let inner): "!" + inner.grouped
        case .and(let a, let b): a.grouped + " && " + b.grouped
        case .or(let a, let b): a.grouped + " || " + b.grouped
        }
    }

    private var grouped: String {
        switch self {
        case .and, .or: "(" + text + ")"
        default: text
        }
    }
}

/// Writes elements line by line, indented by their depth.
private struct SCXMLWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ line: String) {
        text += String(repeating: "  ", count: depth) + line + "\n"
    }

    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        line("<\(name)\(Self.attributes(attributes))>")
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        line("</\(name)>")
    }

    mutating func empty(_ name: String, _ attributes: [(String, String)] = []) {
        line("<\(name)\(Self.attributes(attributes))/>")
    }

    mutating func write(_ state: SCXMLStateNode) {
        let name: String
        var attributes = [("id", state.id)]
        switch state.kind {
        case .state: name = "state"
        case .parallel: name = "parallel"
        case .final: name = "final"
        case .history(let deep):
            name = "history"
            attributes.append(("type", deep ? "deep" : "shallow"))
        }
        if !state.initial.isEmpty { attributes.append(("initial", state.initial.joined(separator: " "))) }
        let isEmpty =
            state.initialTransition == nil && state.onEntry.isEmpty && state.onExit.isEmpty && state.transitions.isEmpty
            && state.children.isEmpty
        guard !isEmpty else { return empty(name, attributes) }
        open(name, attributes)
        if let initial = state.initialTransition {
            open("initial")
            write(initial)
            close("initial")
        }
        for block in state.onEntry { write(block, in: "onentry") }
        for block in state.onExit { write(block, in: "onexit") }
        for transition in state.transitions { write(transition) }
        for child in state.children { write(child) }
        close(name)
    }

    mutating func write(_ transition: SCXMLTransition) {
        var attributes: [(String, String)] = []
        if !transition.events.isEmpty { attributes.append(("event", transition.events.joined(separator: " "))) }
        if let condition = transition.condition { attributes.append(("cond", condition.text)) }
        if !transition.targets.isEmpty { attributes.append(("target", transition.targets.joined(separator: " "))) }
        if transition.isInternal { attributes.append(("type", "internal")) }
        guard !transition.actions.isEmpty else { return empty("transition", attributes) }
        open("transition", attributes)
        for action in transition.actions { write(action) }
        close("transition")
    }

    mutating func write(_ block: [SCXMLAction], in element: String) {
        guard !block.isEmpty else { return empty(element) }
        open(element)
        for action in block { write(action) }
        close(element)
    }

    mutating func write(_ action: SCXMLAction) {
        switch action {
        case .raise(let event, _):
            empty("raise", [("event", event)])
        case .send(let send):
            var attributes = [("event", send.event)]
            if let id = send.id { attributes.append(("id", id)) }
            if let delay = send.delay { attributes.append(("delay", Self.seconds(delay))) }
            if let target = send.target { attributes.append(("target", target)) }
            if let type = send.type { attributes.append(("type", type)) }
            empty("send", attributes)
        case .cancel(let id, _):
            empty("cancel", [("sendid", id)])
        case .log(let label, let text, _):
            var attributes: [(String, String)] = []
            if let label { attributes.append(("label", label)) }
            if let text { attributes.append(("expr", text.contains("'") ? "\"\(text)\"" : "'\(text)'")) }
            empty("log", attributes)
        case .if(let branches, _):
            for (position, branch) in branches.enumerated() {
                if position == 0 {
                    open("if", [("cond", branch.condition?.text ?? "true")])
                } else if let condition = branch.condition {
                    empty("elseif", [("cond", condition.text)])
                } else {
                    empty("else")
                }
                for inner in branch.actions { write(inner) }
            }
            close("if")
        }
    }

    /// `duration` in seconds, exactly: `2s`, `1.5s`, `0.000001s`.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds != 0 else { return "\(seconds)s" }
        var fraction = String(attoseconds)
        fraction = String(repeating: "0", count: 18 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(seconds).\(fraction)s"
    }

    /// The attributes as written in a start tag, each value escaped.
    static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { name, value in " \(name)=\"\(escaped(value))\"" }.joined()
    }

    static func escaped(_ value: String) -> String {
        var text = ""
        for character in value {
            switch character {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            case "\"": text += "&quot;"
            default: text.append(character)
            }
        }
        return text
    }
}
