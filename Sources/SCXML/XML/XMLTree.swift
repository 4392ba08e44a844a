/// An element of a document the ``XMLReader`` read: its name, attributes and content, each with
/// where it was written, so that whoever interprets the tree can say where a problem is.
struct XMLTreeElement: Equatable, Sendable {
    /// Its name as written and the namespace its prefix (or the default namespace) stands for.
    var name: XMLQualifiedName
    /// Its attributes in the order they were written, namespace declarations included.
    var attributes: [XMLTreeAttribute]
    /// Its elements and text in document order.
    var children: [XMLTreeNode]
    /// Where its start tag begins (the `<`).
    var location: SourceLocation

    /// Its child elements, in document order, without its text.
    var childElements: [XMLTreeElement] {
        children.compactMap { node in
            if case .element(let element) = node { return element }
            return nil
        }
    }

    /// Its attribute written without a prefix and named `localName`, if any (an attribute without
    /// a prefix is in no namespace: the element's own attribute).
    func attribute(_ localName: String) -> XMLTreeAttribute? {
        attributes.first { $0.name.prefix == nil && $0.name.localName == localName && !$0.isNamespaceDeclaration }
    }
}

/// One child of an element: an element, or a run of text.
enum XMLTreeNode: Equatable, Sendable {
    /// A child element.
    case element(XMLTreeElement)
    /// Character data between markup, with references replaced and CDATA sections joined in,
    /// line ends normalized to `\n`; `location` is where it begins.
    case text(String, location: SourceLocation)
}

/// One attribute of an element, with its value after references and whitespace normalization
/// (XML §3.3.3: each tab or line end becomes a space).
struct XMLTreeAttribute: Equatable, Sendable {
    /// Its name as written and the namespace its prefix stands for (none without a prefix).
    var name: XMLQualifiedName
    /// Its normalized value.
    var value: String
    /// Where its name begins.
    var location: SourceLocation
    /// Whether it is a namespace declaration (`xmlns` or `xmlns:p`) rather than an attribute of
    /// the element.
    var isNamespaceDeclaration: Bool
}

/// A name as written (`prefix:localName` or `localName`) and the namespace it is in.
struct XMLQualifiedName: Hashable, Sendable, CustomStringConvertible {
    /// The prefix before the colon, if any.
    var prefix: String?
    /// The name after the colon (or the whole name).
    var localName: String
    /// The namespace URI its prefix is bound to (for an element without a prefix, the default
    /// namespace); `nil` for none.
    var namespace: String?

    /// The name as written.
    var description: String {
        guard let prefix else { return localName }
        return "\(prefix):\(localName)"
    }
}

/// The namespaces XML itself defines.
enum XMLNamespace {
    /// The namespace of the `xml` prefix (`xml:lang`, `xml:space`), bound without a declaration.
    static let xml = "http://www.w3.org/XML/1998/namespace"
    /// The namespace of namespace declarations themselves (`xmlns`, `xmlns:p`).
    static let xmlns = "http://www.w3.org/2000/xmlns/"
}
