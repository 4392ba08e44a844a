/// Reading a `<transition>`: its events, condition, targets and type, and its executable
/// content.
extension SCXMLElementReader {
    /// Reads `element`, a `<transition>`. Its targets are checked against the document's states
    /// once all are read (``SCXMLDocument/validate()``).
    func readTransition(_ element: XMLTreeElement) throws(SCXMLError) -> SCXMLTransition {
        try checkAttributes(of: element, allowed: ["event", "cond", "target", "type"])
        let events =
            try words("event", of: element, what: "leave it out for a transition without an event") ?? []
        for descriptor in events where !SCXMLEventName.isDescriptor(descriptor) {
            throw .invalid(
                "the event descriptor \(SCXMLError.quoted(descriptor)) is not valid: a name of dot-separated parts of letters, digits, '_' and '-', optionally ending in '.*', or '*'",
                at: element.attribute("event")?.location)
        }
        var condition: SCXMLCondition?
        if let cond = element.attribute("cond") {
            condition = try SCXMLCondition(parsing: cond.value, at: cond.location)
        }
        let targets =
            try words("target", of: element, what: "leave it out for a transition without a target") ?? []
        var isInternal = false
        if let type = element.attribute("type") {
            switch type.value {
            case "internal": isInternal = true
            case "external": isInternal = false
            default:
                throw .invalid(
                    "the type of a <transition> is 'internal' or 'external', not \(SCXMLError.quoted(type.value))",
                    at: type.location)
            }
        }
        return SCXMLTransition(
            events: events, condition: condition, targets: targets, isInternal: isInternal,
            actions: try readActions(in: element), location: element.location)
    }
}
