/// Reads the SCXML elements of a document's tree (``XMLTreeElement``) into the model
/// (``SCXMLDocument``), refusing what the null datamodel does not run and what SCXML does not
/// allow, at the element or attribute that does it, in document order.
///
/// Its methods are spread over files, one kind of element each: states, transitions, executable
/// content, and `<scxml>` itself. Nested states and nested `<if>`s are read on stacks of its
/// own rather than by recursion, so a document nested as deep as ``SCXMLLimits/maximumDepth``
/// allows takes little of the thread's stack.
struct SCXMLElementReader {
    /// SCXML's namespace. An element in no namespace is read as SCXML's too, for documents
    /// written by hand without `xmlns`.
    static let namespace = "http://www.w3.org/2005/07/scxml"

    /// The names of the elements that are states, and so carry state ids.
    static let stateElements: Set<String> = ["state", "parallel", "final", "history"]

    /// The state ids the document writes, and those generated so far: a generated id takes none
    /// of them.
    private var takenIDs: Set<String> = []

    /// A reader of the document whose root is `root`: notes the ids it writes.
    init(root: XMLTreeElement) {
        noteIDs(of: root)
    }

    /// Notes the ids of the states in `root`, itself included, without recursion.
    private mutating func noteIDs(of root: XMLTreeElement) {
        var pending = [root]
        while let element = pending.popLast() {
            if Self.isSCXML(element), Self.stateElements.contains(element.name.localName),
                let id = element.attribute("id")
            {
                takenIDs.insert(id.value)
            }
            pending.append(contentsOf: element.childElements)
        }
    }

    /// Whether `element` is in SCXML's namespace (or none).
    static func isSCXML(_ element: XMLTreeElement) -> Bool {
        element.name.namespace == nil || element.name.namespace == namespace
    }

    /// Refuses `element` if it is in another namespace or is one of the elements the importer
    /// refuses (``SCXMLRefusal``), wherever it is: called on each element before it is read.
    func check(_ element: XMLTreeElement) throws(SCXMLError) {
        guard Self.isSCXML(element) else {
            throw .unsupported(
                "the element <\(element.name)> is in the namespace \(SCXMLError.quoted(element.name.namespace ?? "")): only SCXML's elements are read",
                at: element.location)
        }
        if let reason = SCXMLRefusal.reason(forElement: element.name.localName) {
            throw .unsupported(reason, at: element.location)
        }
    }

    /// The error for `child` inside `parent`, where it does not belong: invalid for an element of
    /// SCXML, unsupported for one SCXML does not define.
    func misplaced(_ child: XMLTreeElement, in parent: XMLTreeElement) -> SCXMLError {
        guard SCXMLRefusal.elements.contains(child.name.localName) else {
            return .unsupported("the element <\(child.name)> is not supported: it is not an element of SCXML", at: child.location)
        }
        return .invalid("<\(child.name)> is not allowed inside <\(parent.name)>", at: child.location)
    }

    /// Refuses any attribute of `element` but namespace declarations and those in `allowed`:
    /// those in other namespaces, those refused by name (``SCXMLRefusal``) and unknown ones.
    func checkAttributes(of element: XMLTreeElement, allowed: Set<String>) throws(SCXMLError) {
        for attribute in element.attributes where !attribute.isNamespaceDeclaration {
            guard attribute.name.prefix == nil else {
                throw .unsupported(
                    "the attribute \(SCXMLError.quoted(attribute.name.description)) of <\(element.name)> is in the namespace \(SCXMLError.quoted(attribute.name.namespace ?? "")): only SCXML's attributes are read",
                    at: attribute.location)
            }
            let name = attribute.name.localName
            if let reason = SCXMLRefusal.reason(forAttribute: name, of: element.name.localName) {
                throw .unsupported(reason, at: attribute.location)
            }
            guard allowed.contains(name) else {
                throw .unsupported(
                    "the attribute \(SCXMLError.quoted(name)) of <\(element.name)> is not supported", at: attribute.location)
            }
        }
    }

    /// Refuses text other than white space inside `element`: no element the importer reads holds
    /// text.
    func checkNoText(in element: XMLTreeElement) throws(SCXMLError) {
        for case .text(let text, let location) in element.children where !XMLCharacters.isWhitespace(text) {
            throw .invalid("text is not allowed inside <\(element.name)>: \(SCXMLError.quoted(text))", at: location)
        }
    }

    /// Refuses any content of `element`, an element SCXML defines as empty (`<raise>`,
    /// `<cancel>`, `<log>`, `<elseif>`, `<else>`).
    func checkEmpty(_ element: XMLTreeElement) throws(SCXMLError) {
        try checkNoText(in: element)
        if let child = element.childElements.first {
            try check(child)
            throw .invalid("<\(element.name)> has no content, so <\(child.name)> is not allowed in it", at: child.location)
        }
    }

    /// The id of the state `element`: its `id` attribute, or one generated from where it is
    /// (`_state.LINE.COLUMN`, with a suffix if the document happens to use that id).
    mutating func stateID(of element: XMLTreeElement) throws(SCXMLError) -> String {
        if let attribute = element.attribute("id") {
            guard !attribute.value.isEmpty, !attribute.value.unicodeScalars.contains(where: XMLCharacters.isWhitespace) else {
                throw .invalid(
                    "the id \(SCXMLError.quoted(attribute.value)) is not a valid id: one word without white space",
                    at: attribute.location)
            }
            return attribute.value
        }
        let base = "_state.\(element.location.line).\(element.location.column)"
        var id = base
        var suffix = 1
        while takenIDs.contains(id) {
            suffix += 1
            id = "\(base).\(suffix)"
        }
        takenIDs.insert(id)
        return id
    }

    /// The words of the attribute `name` of `element` (ids or event descriptors, separated by
    /// white space), or `nil` without the attribute; refuses an attribute with no words.
    func words(_ name: String, of element: XMLTreeElement, what: String) throws(SCXMLError) -> [String]? {
        guard let attribute = element.attribute(name) else { return nil }
        let words = attribute.value.split(whereSeparator: { $0.unicodeScalars.allSatisfy(XMLCharacters.isWhitespace) })
        guard !words.isEmpty else {
            throw .invalid("the \(name) of <\(element.name)> is empty: \(what)", at: attribute.location)
        }
        return words.map(String.init)
    }
}
