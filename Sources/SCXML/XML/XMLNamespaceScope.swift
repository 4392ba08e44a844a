/// The namespace declarations in force at an element (Namespaces in XML 1.0): one frame of
/// bindings for each open element, so that a declaration ends with the element that makes it.
struct XMLNamespaceScope {
    /// One namespace declaration: a prefix (`nil` for the default namespace) and the namespace it
    /// stands for (`nil` when `xmlns=""` undeclares the default namespace).
    private struct Binding {
        var prefix: String?
        var namespace: String?
    }

    /// The bindings of each open element, the innermost last.
    private var frames: [[Binding]] = []

    /// An attribute as written: its name, value and where it is.
    struct RawAttribute {
        var name: String
        var value: String
        var location: SourceLocation
    }

    /// Enters an element named `rawName` with `attributes`: takes in its namespace declarations
    /// and returns its name and attributes with their namespaces resolved. Call ``leave()`` when
    /// the element ends (at once for an empty element).
    mutating func enter(
        _ rawName: String, attributes: [RawAttribute], at location: SourceLocation
    ) throws(SCXMLError)
        -> (name: XMLQualifiedName, attributes: [XMLTreeAttribute])
    {
        var bindings: [Binding] = []
        for attribute in attributes {
            if attribute.name == "xmlns" {
                try Self.checkDeclared(attribute.value, as: nil, at: attribute.location)
                bindings.append(Binding(prefix: nil, namespace: attribute.value.isEmpty ? nil : attribute.value))
            } else if attribute.name.hasPrefix("xmlns:") {
                let prefix = String(attribute.name.dropFirst("xmlns:".count))
                guard !prefix.isEmpty, !prefix.contains(":") else {
                    throw .malformed(
                        "\(SCXMLError.quoted(attribute.name)) is not a valid namespace declaration", at: attribute.location)
                }
                try Self.checkDeclared(attribute.value, as: prefix, at: attribute.location)
                bindings.append(Binding(prefix: prefix, namespace: attribute.value))
            }
        }
        frames.append(bindings)
        let (prefix, localName) = try Self.split(rawName, at: location)
        let name = XMLQualifiedName(
            prefix: prefix, localName: localName, namespace: try namespace(of: prefix, in: rawName, at: location))
        var resolved: [XMLTreeAttribute] = []
        var expandedNames: [XMLQualifiedName: SourceLocation] = [:]
        for attribute in attributes {
            let isDeclaration = attribute.name == "xmlns" || attribute.name.hasPrefix("xmlns:")
            let (prefix, localName) = try Self.split(attribute.name, at: attribute.location)
            var attributeName = XMLQualifiedName(prefix: prefix, localName: localName, namespace: nil)
            if isDeclaration {
                attributeName.namespace = XMLNamespace.xmlns
            } else if let prefix {
                attributeName.namespace = try namespace(of: prefix, in: attribute.name, at: attribute.location)
                // Two prefixes for one namespace make two spellings of one attribute.
                let expanded = XMLQualifiedName(prefix: nil, localName: localName, namespace: attributeName.namespace)
                if let earlier = expandedNames[expanded] {
                    throw .malformed(
                        "the attribute \(SCXMLError.quoted(attribute.name)) is in <\(rawName)> twice (also at \(earlier)), under two prefixes",
                        at: attribute.location)
                }
                expandedNames[expanded] = attribute.location
            }
            resolved.append(
                XMLTreeAttribute(
                    name: attributeName, value: attribute.value, location: attribute.location,
                    isNamespaceDeclaration: isDeclaration))
        }
        return (name, resolved)
    }

    /// Leaves the innermost element: its declarations end.
    mutating func leave() {
        if !frames.isEmpty { frames.removeLast() }
    }

    /// The namespace `prefix` stands for (`nil`: the default namespace), innermost declaration
    /// first; throws for a prefix no open element declares.
    private func namespace(of prefix: String?, in name: String, at location: SourceLocation) throws(SCXMLError) -> String? {
        if prefix == "xml" { return XMLNamespace.xml }
        for frame in frames.reversed() {
            for binding in frame.reversed() where binding.prefix == prefix {
                return binding.namespace
            }
        }
        guard let prefix else { return nil }
        throw .malformed(
            "the namespace prefix \(SCXMLError.quoted(prefix)) of \(SCXMLError.quoted(name)) is not declared", at: location)
    }

    /// Refuses the declarations Namespaces in XML forbids: binding `xmlns`, binding `xml` to any
    /// namespace but its own, binding the XML or XMLNS namespace to another prefix, and
    /// undeclaring a prefix (`xmlns:p=""`).
    private static func checkDeclared(_ namespace: String, as prefix: String?, at location: SourceLocation) throws(SCXMLError) {
        let isXMLPrefix = prefix == "xml"
        if prefix == "xmlns" || namespace == XMLNamespace.xmlns || (namespace == XMLNamespace.xml) != isXMLPrefix {
            throw .malformed("the namespace declaration of \(SCXMLError.quoted(prefix ?? "xmlns")) is reserved", at: location)
        }
        if prefix != nil && namespace.isEmpty {
            throw .malformed(
                "the prefix \(SCXMLError.quoted(prefix ?? "")) cannot be undeclared with an empty namespace in XML 1.0",
                at: location)
        }
    }

    /// `name` split at its colon into a prefix and a local name; throws for more than one colon
    /// or an empty side.
    private static func split(_ name: String, at location: SourceLocation) throws(SCXMLError) -> (String?, String) {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            return (nil, name)
        case 2 where !parts[0].isEmpty && !parts[1].isEmpty:
            return (String(parts[0]), String(parts[1]))
        default:
            throw .malformed("\(SCXMLError.quoted(name)) is not a valid qualified name", at: location)
        }
    }
}
