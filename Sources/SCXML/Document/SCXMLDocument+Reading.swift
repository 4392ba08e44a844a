/// Importing a document: the bytes of an SCXML file into the model, or the reason why not.
extension SCXMLDocument {
    /// Reads the SCXML document in `bytes` (UTF-8 XML), within `limits`.
    ///
    /// The whole document is checked before anything is returned: XML well-formedness (with no
    /// DTD and no entities, see ``XMLReader``), then each element in document order (refusing
    /// what the null datamodel does not run, ``SCXMLError/Kind/unsupported``, and what SCXML
    /// does not allow, ``SCXMLError/Kind/invalid``), then the references between states (ids,
    /// targets, initial states), so that a document read is one the importer can build.
    init(reading bytes: some Collection<UInt8>, limits: SCXMLLimits = .init()) throws(SCXMLError) {
        let root = try XMLReader.read(bytes, options: limits.readerOptions)
        var reader = SCXMLElementReader(root: root)
        self = try reader.readDocument(root)
        try validate()
    }
}

extension SCXMLElementReader {
    /// Reads `element`, the root, which must be `<scxml>`: its attributes and top-level states.
    mutating func readDocument(_ element: XMLTreeElement) throws(SCXMLError) -> SCXMLDocument {
        guard Self.isSCXML(element), element.name.localName == "scxml" else {
            let namespace = element.name.namespace.map { " in the namespace \(SCXMLError.quoted($0))" } ?? ""
            throw .invalid("the root element is <\(element.name)>\(namespace), not SCXML's <scxml>", at: element.location)
        }
        try checkAttributes(of: element, allowed: ["version", "initial", "name", "datamodel", "binding"])
        if let version = element.attribute("version"), version.value != "1.0" {
            throw .unsupported(
                "the SCXML version \(SCXMLError.quoted(version.value)) is not supported: only 1.0", at: version.location)
        }
        if let datamodel = element.attribute("datamodel"), datamodel.value != "null" {
            throw .unsupported(
                "the datamodel \(SCXMLError.quoted(datamodel.value)) is not supported: only the null datamodel (SCXML §B.1)",
                at: datamodel.location)
        }
        // The binding says when data is bound; without data it changes nothing.
        if let binding = element.attribute("binding"), binding.value != "early", binding.value != "late" {
            throw .invalid(
                "the binding of <scxml> is 'early' or 'late', not \(SCXMLError.quoted(binding.value))", at: binding.location)
        }
        let initial = try words("initial", of: element, what: "leave it out to enter the first state") ?? []
        try checkNoText(in: element)
        var states: [SCXMLStateNode] = []
        for child in element.childElements {
            try check(child)
            switch child.name.localName {
            case "state", "parallel", "final", "history": states.append(try readStateNode(child, in: .document))
            default: throw misplaced(child, in: element)
            }
        }
        return SCXMLDocument(name: element.attribute("name")?.value, initial: initial, states: states, location: element.location)
    }
}
