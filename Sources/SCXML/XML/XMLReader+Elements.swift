/// Elements and their content, read without recursion: the open elements are a stack of the
/// reader's own, as deep as ``XMLReaderOptions/maximumDepth`` at most.
extension XMLReader {
    /// An element whose end tag is still to come, and the text read since its last child.
    private struct OpenElement {
        var element: XMLTreeElement
        var text = ""
        var textLocation: SourceLocation?

        /// Ends the run of text read so far, adding it to the element's children.
        mutating func endText() {
            guard let textLocation else { return }
            element.children.append(.text(text, location: textLocation))
            text = ""
            self.textLocation = nil
        }

        /// Adds `more` to the run of text, which begins at `location` if none has begun.
        mutating func addText(_ more: Unicode.Scalar, at location: SourceLocation) {
            if textLocation == nil { textLocation = location }
            text.unicodeScalars.append(more)
        }
    }

    /// Reads the root element at `<` and everything in it, up to its end tag.
    mutating func readRootElement() throws(SCXMLError) -> XMLTreeElement {
        var namespaces = XMLNamespaceScope()
        let (root, isEmpty) = try readStartTag(depth: 1, namespaces: &namespaces)
        if isEmpty { return root }
        var open = [OpenElement(element: root)]
        while let top = open.last {
            let location = scanner.location
            guard let byte = scanner.peek() else {
                throw .malformed(
                    "the element <\(top.element.name)> is not closed: the document ends first", at: top.element.location)
            }
            if byte == UInt8(ascii: "&") {
                open[open.count - 1].addText(try readReference(), at: location)
            } else if byte != UInt8(ascii: "<") {
                if scanner.hasPrefix("]]>") {
                    throw .malformed("']]>' is not allowed in text", at: location)
                }
                if let character = try scanner.nextCharacter() {
                    open[open.count - 1].addText(character, at: location)
                }
            } else if scanner.hasPrefix("<![CDATA[") {
                for character in try readCDATA().unicodeScalars {
                    open[open.count - 1].addText(character, at: location)
                }
            } else if scanner.hasPrefix("</") {
                open[open.count - 1].endText()
                let name = try readEndTag()
                guard name == top.element.name.description else {
                    throw .malformed(
                        "the end tag </\(name)> does not match the start tag <\(top.element.name)> at \(top.element.location)",
                        at: location)
                }
                let closed = open.removeLast().element
                namespaces.leave()
                guard !open.isEmpty else { return closed }
                open[open.count - 1].element.children.append(.element(closed))
            } else if scanner.hasPrefix("<!--") {
                open[open.count - 1].endText()
                try skipComment()
            } else if scanner.hasPrefix("<?") {
                open[open.count - 1].endText()
                try skipProcessingInstruction()
            } else if scanner.hasPrefix("<!") {
                throw refusedDeclaration()
            } else {
                open[open.count - 1].endText()
                let (child, isEmpty) = try readStartTag(depth: open.count + 1, namespaces: &namespaces)
                if isEmpty {
                    open[open.count - 1].element.children.append(.element(child))
                } else {
                    open.append(OpenElement(element: child))
                }
            }
        }
        // Not reached: the loop returns when the root element ends.
        throw .malformed("the document has no root element", at: scanner.location)
    }

    /// Reads a start tag at `<` (`<name attribute="value" …>` or `/>`) of an element at `depth`
    /// and returns the element, empty so far, and whether the tag was `/>` (the element ends
    /// there, and its namespace declarations with it).
    private mutating func readStartTag(
        depth: Int, namespaces: inout XMLNamespaceScope
    ) throws(SCXMLError)
        -> (XMLTreeElement, isEmpty: Bool)
    {
        let location = scanner.location
        guard depth <= options.maximumDepth else {
            throw .malformed("elements are nested deeper than the limit of \(options.maximumDepth) levels", at: location)
        }
        scanner.skip("<")
        let name = try readName("an element name after '<'")
        var attributes: [XMLNamespaceScope.RawAttribute] = []
        var seen: [String: SourceLocation] = [:]
        var isEmpty = false
        while true {
            let hadSpace = scanner.skipWhitespace()
            if scanner.hasPrefix("/>") {
                scanner.skip("/>")
                isEmpty = true
                break
            }
            if scanner.hasPrefix(">") {
                scanner.skip(">")
                break
            }
            guard scanner.peek() != nil else {
                throw .malformed("the start tag <\(name)> is not closed with '>'", at: location)
            }
            guard hadSpace else {
                throw .malformed("expected white space, '>' or '/>' in the start tag <\(name)>", at: scanner.location)
            }
            let attributeLocation = scanner.location
            let attributeName = try readName("an attribute name in <\(name)>")
            scanner.skipWhitespace()
            guard scanner.hasPrefix("=") else {
                throw .malformed("expected '=' after the attribute \(SCXMLError.quoted(attributeName))", at: scanner.location)
            }
            scanner.skip("=")
            scanner.skipWhitespace()
            let value = try readAttributeValue()
            if let earlier = seen[attributeName] {
                throw .malformed(
                    "the attribute \(SCXMLError.quoted(attributeName)) is in <\(name)> twice (also at \(earlier))",
                    at: attributeLocation)
            }
            seen[attributeName] = attributeLocation
            attributes.append(.init(name: attributeName, value: value, location: attributeLocation))
        }
        let resolved = try namespaces.enter(name, attributes: attributes, at: location)
        if isEmpty { namespaces.leave() }
        let element = XMLTreeElement(name: resolved.name, attributes: resolved.attributes, children: [], location: location)
        return (element, isEmpty)
    }

    /// Reads an end tag at `</` and returns its name as written.
    private mutating func readEndTag() throws(SCXMLError) -> String {
        let location = scanner.location
        scanner.skip("</")
        let name = try readName("an element name after '</'")
        scanner.skipWhitespace()
        guard scanner.hasPrefix(">") else {
            throw .malformed("the end tag </\(name)> is not closed with '>'", at: location)
        }
        scanner.skip(">")
        return name
    }
}
