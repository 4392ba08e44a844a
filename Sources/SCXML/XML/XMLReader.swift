/// A small XML 1.0 reader of our own, for documents we do not trust: it turns a UTF-8 document
/// into a tree of ``XMLTreeElement``s with the namespaces resolved and each node's line and
/// column.
///
/// It reads what a document of elements, attributes and text needs: an XML declaration (UTF-8
/// only), comments, CDATA sections, processing instructions (skipped), the five predefined
/// entities and character references. It refuses, as ``SCXMLError/Kind/malformed``, everything
/// else a document could use to make a reader do more than read it: any `<!DOCTYPE` (so no
/// internal or external entities, no "billion laughs", no XXE), any other entity reference, bytes
/// that are not UTF-8, a byte-order mark other than UTF-8's, and a document past the bounds of
/// its ``XMLReaderOptions``. It never recurses: open elements are kept on a stack of its own.
struct XMLReader {
    /// The cursor over the document.
    var scanner: XMLScanner
    /// The bounds the document must keep within.
    let options: XMLReaderOptions

    /// Reads `bytes` as a document and returns its root element.
    static func read(
        _ bytes: some Collection<UInt8>, options: XMLReaderOptions = .init()
    ) throws(SCXMLError)
        -> XMLTreeElement
    {
        // Counted before anything is copied, so that a document too big costs nothing.
        let count = bytes.count
        guard count <= options.maximumBytes else {
            throw .malformed(
                "the document is \(count) bytes, more than the limit of \(options.maximumBytes) bytes", at: nil)
        }
        var reader = XMLReader(scanner: XMLScanner(Array(bytes)), options: options)
        return try reader.readDocument()
    }

    /// Reads the whole document: a byte-order mark, the XML declaration, the root element and the
    /// comments, processing instructions and white space around it.
    private mutating func readDocument() throws(SCXMLError) -> XMLTreeElement {
        try skipByteOrderMark()
        if scanner.hasPrefix("<?xml"), let byte = scanner.peek(5), XMLCharacters.isWhitespace(byte) {
            try readDeclaration()
        }
        var root: XMLTreeElement?
        while true {
            scanner.skipWhitespace()
            guard let byte = scanner.peek() else { break }
            let location = scanner.location
            if scanner.hasPrefix("<!--") {
                try skipComment()
            } else if scanner.hasPrefix("<?") {
                try skipProcessingInstruction()
            } else if scanner.hasPrefix("<!") {
                throw refusedDeclaration()
            } else if scanner.hasPrefix("</") {
                throw .malformed("an end tag with no element open", at: location)
            } else if byte == UInt8(ascii: "<") {
                guard root == nil else {
                    throw .malformed("a second root element: a document has exactly one", at: location)
                }
                root = try readRootElement()
            } else {
                let place = root == nil ? "before" : "after"
                throw .malformed("text \(place) the root element: all text belongs inside it", at: location)
            }
        }
        guard let root else {
            throw .malformed("the document has no root element", at: scanner.location)
        }
        return root
    }

    /// Moves past UTF-8's byte-order mark, and refuses the marks of UTF-16 and UTF-32: the reader
    /// reads UTF-8 only.
    private mutating func skipByteOrderMark() throws(SCXMLError) {
        if scanner.skipUTF8ByteOrderMark() { return }
        let marks: [(bytes: [UInt8], name: String)] = [
            ([0x00, 0x00, 0xFE, 0xFF], "UTF-32"), ([0xFF, 0xFE, 0x00, 0x00], "UTF-32"),
            ([0xFE, 0xFF], "UTF-16"), ([0xFF, 0xFE], "UTF-16"),
        ]
        for mark in marks where mark.bytes.indices.allSatisfy({ scanner.peek($0) == mark.bytes[$0] }) {
            throw .malformed(
                "the document begins with the byte-order mark of \(mark.name): only UTF-8 is read", at: scanner.location)
        }
    }

    /// The error for a `<!` markup declaration outside a comment or CDATA section.
    func refusedDeclaration() -> SCXMLError {
        if scanner.hasPrefix("<!DOCTYPE") {
            return .malformed(
                "a document type declaration (<!DOCTYPE>) is refused: no DTD and no entities are read", at: scanner.location)
        }
        return .malformed("a markup declaration (<!…>) is refused: no DTD and no entities are read", at: scanner.location)
    }
}
