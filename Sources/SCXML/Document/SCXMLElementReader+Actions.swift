/// Reading executable content: `<raise>`, `<send>`, `<cancel>`, `<log>` and `<if>` with its
/// `<elseif>`s and `<else>`, in `<onentry>`, `<onexit>`, `<transition>` and `<if>`.
extension SCXMLElementReader {
    /// Reads `element`, an `<onentry>` or `<onexit>`: one block of executable content.
    func readBlock(_ element: XMLTreeElement) throws(SCXMLError) -> [SCXMLAction] {
        try checkAttributes(of: element, allowed: [])
        return try readActions(in: element)
    }

    /// Reads the executable content inside `element`, in order.
    func readActions(in element: XMLTreeElement) throws(SCXMLError) -> [SCXMLAction] {
        try checkNoText(in: element)
        var actions: [SCXMLAction] = []
        for child in element.childElements {
            if Self.isIf(child) {
                actions.append(try readIf(child))
            } else {
                actions.append(try readAction(child, in: element))
            }
        }
        return actions
    }

    /// Whether `element` is an `<if>`.
    private static func isIf(_ element: XMLTreeElement) -> Bool {
        isSCXML(element) && element.name.localName == "if"
    }

    /// Reads `element`, one element of executable content other than `<if>` inside `parent`.
    private func readAction(_ element: XMLTreeElement, in parent: XMLTreeElement) throws(SCXMLError) -> SCXMLAction {
        try check(element)
        switch element.name.localName {
        case "raise": return try readRaise(element)
        case "send": return .send(try readSend(element))
        case "cancel": return try readCancel(element)
        case "log": return try readLog(element)
        case "elseif", "else":
            throw .invalid("<\(element.name)> belongs directly inside an <if>", at: element.location)
        default: throw misplaced(element, in: parent)
        }
    }

    /// Reads a `<raise event>`: an event name, required.
    private func readRaise(_ element: XMLTreeElement) throws(SCXMLError) -> SCXMLAction {
        try checkAttributes(of: element, allowed: ["event"])
        try checkEmpty(element)
        return .raise(event: try eventName(of: element), location: element.location)
    }

    /// Reads a `<send>`: an event name (required: without a datamodel there is no `eventexpr`
    /// or `<content>`), an id, a delay, a target and a type.
    private func readSend(_ element: XMLTreeElement) throws(SCXMLError) -> SCXMLSend {
        try checkAttributes(of: element, allowed: ["event", "id", "delay", "target", "type"])
        try checkEmpty(element)
        let event = try eventName(of: element)
        if let id = element.attribute("id"), id.value.isEmpty {
            throw .invalid("the id of a <send> is empty: leave it out for none", at: id.location)
        }
        var delay: Duration?
        if let attribute = element.attribute("delay") {
            delay = try SCXMLDelay.duration(attribute.value, at: attribute.location)
        }
        return SCXMLSend(
            event: event, id: element.attribute("id")?.value, delay: delay, target: element.attribute("target")?.value,
            type: element.attribute("type")?.value, location: element.location)
    }

    /// The `event` of a `<raise>` or `<send>`: present, and an event name.
    private func eventName(of element: XMLTreeElement) throws(SCXMLError) -> String {
        guard let attribute = element.attribute("event"), !XMLCharacters.isWhitespace(attribute.value) else {
            throw .invalid("a <\(element.name)> needs an event: a non-empty event attribute", at: element.location)
        }
        guard SCXMLEventName.isName(attribute.value) else {
            throw .invalid(
                "the event \(SCXMLError.quoted(attribute.value)) of <\(element.name)> is not a valid event name: dot-separated parts of letters, digits, '_' and '-'",
                at: attribute.location)
        }
        return attribute.value
    }

    /// Reads a `<cancel sendid>`: the id of the `<send>` to cancel, required.
    private func readCancel(_ element: XMLTreeElement) throws(SCXMLError) -> SCXMLAction {
        try checkAttributes(of: element, allowed: ["sendid"])
        try checkEmpty(element)
        guard let sendID = element.attribute("sendid"), !sendID.value.isEmpty else {
            throw .invalid("a <cancel> needs a sendid: the id of the <send> to cancel", at: element.location)
        }
        return .cancel(sendID: sendID.value, location: element.location)
    }

    /// Reads a `<log label expr>`: `expr` only as a quoted string literal, since without a
    /// datamodel nothing else can be evaluated.
    private func readLog(_ element: XMLTreeElement) throws(SCXMLError) -> SCXMLAction {
        try checkAttributes(of: element, allowed: ["label", "expr"])
        try checkEmpty(element)
        var text: String?
        if let expr = element.attribute("expr") {
            guard let literal = Self.stringLiteral(expr.value) else {
                throw .unsupported(
                    "the expression \(SCXMLError.quoted(expr.value)) of <log> is not supported: without a datamodel an expr is a quoted string literal, 'text' or \"text\"",
                    at: expr.location)
            }
            text = literal
        }
        return .log(label: element.attribute("label")?.value, text: text, location: element.location)
    }

    /// The text of `expression` if it is one quoted string literal (`'text'` or `"text"`, with
    /// white space around it, without its quote inside), or `nil`.
    static func stringLiteral(_ expression: String) -> String? {
        var scalars = Substring(expression).unicodeScalars
        while let first = scalars.first, XMLCharacters.isWhitespace(first) { scalars.removeFirst() }
        while let last = scalars.last, XMLCharacters.isWhitespace(last) { scalars.removeLast() }
        guard scalars.count >= 2, let quote = scalars.first, quote == "'" || quote == "\"", scalars.last == quote else {
            return nil
        }
        let inside = scalars.dropFirst().dropLast()
        guard !inside.contains(quote) else { return nil }
        var text = ""
        text.unicodeScalars.append(contentsOf: inside)
        return text
    }

    /// The branches of an `<if>` as they are read.
    private struct IfBranches {
        /// The branches before the current one.
        var branches: [(condition: SCXMLCondition?, actions: [SCXMLAction])] = []
        /// The condition of the current branch (`nil` for `<else>`).
        var condition: SCXMLCondition?
        /// The actions of the current branch so far.
        var actions: [SCXMLAction] = []
        /// Where the `<else>` is, once read.
        var elseLocation: SourceLocation?
    }

    /// An `<if>` being read: its element, its branches so far, and the next of its child
    /// elements to read.
    private struct OpenIf {
        var element: XMLTreeElement
        var children: [XMLTreeElement]
        var next = 0
        var branches: IfBranches
    }

    /// Reads an `<if cond>` and its branches: the actions up to the first `<elseif>` or `<else>`
    /// are the `<if>`'s, those after each `<elseif cond>` or `<else>` up to the next are its.
    /// An `<else>` comes last, once at most.
    ///
    /// Nested `<if>`s are read without recursion, on a stack of open `<if>`s of its own, so
    /// that deep nesting takes no more of the thread's stack than none.
    private func readIf(_ element: XMLTreeElement) throws(SCXMLError) -> SCXMLAction {
        var open = [OpenIf(element: element, children: element.childElements, branches: try beginIf(element))]
        while let top = open.last {
            guard top.next < top.children.count else {
                let closed = open.removeLast()
                let action = Self.endIf(closed.branches, at: closed.element.location)
                guard !open.isEmpty else { return action }
                open[open.count - 1].branches.actions.append(action)
                continue
            }
            let child = top.children[top.next]
            open[open.count - 1].next += 1
            if Self.isIf(child) {
                open.append(OpenIf(element: child, children: child.childElements, branches: try beginIf(child)))
            } else {
                try readIfContent(child, of: top.element, into: &open[open.count - 1].branches)
            }
        }
        // Not reached: the loop returns when `element` is closed.
        return Self.endIf(try beginIf(element), at: element.location)
    }

    /// The first branch of the `<if>` `element`, after checking its attributes and text.
    private func beginIf(_ element: XMLTreeElement) throws(SCXMLError) -> IfBranches {
        try checkAttributes(of: element, allowed: ["cond"])
        var branches = IfBranches()
        branches.condition = try requiredCondition(of: element)
        try checkNoText(in: element)
        return branches
    }

    /// Reads `child` of the `<if>` `element`, other than an `<if>`: an `<elseif>` or `<else>`
    /// begins a branch, anything else is an action of the current one.
    private func readIfContent(
        _ child: XMLTreeElement, of element: XMLTreeElement, into branches: inout IfBranches
    )
        throws(SCXMLError)
    {
        try check(child)
        let name = child.name.localName
        guard name == "elseif" || name == "else" else {
            branches.actions.append(try readAction(child, in: element))
            return
        }
        if let elseLocation = branches.elseLocation {
            let what = name == "else" ? "a second <else>" : "an <elseif> after the <else>"
            throw .invalid("\(what) in one <if> (the <else> at \(elseLocation) comes last)", at: child.location)
        }
        let isElse = name == "else"
        try checkAttributes(of: child, allowed: isElse ? [] : ["cond"])
        try checkEmpty(child)
        branches.branches.append((branches.condition, branches.actions))
        branches.actions = []
        if isElse {
            branches.condition = nil
            branches.elseLocation = child.location
        } else {
            branches.condition = try requiredCondition(of: child)
        }
    }

    /// The `<if>` at `location` with its last branch ended.
    private static func endIf(_ branches: IfBranches, at location: SourceLocation) -> SCXMLAction {
        .if(branches: branches.branches + [(branches.condition, branches.actions)], location: location)
    }

    /// The `cond` of an `<if>` or `<elseif>`, which they need.
    private func requiredCondition(of element: XMLTreeElement) throws(SCXMLError) -> SCXMLCondition {
        guard let cond = element.attribute("cond") else {
            throw .invalid("an <\(element.name)> needs a cond", at: element.location)
        }
        return try SCXMLCondition(parsing: cond.value, at: cond.location)
    }
}
