import Testing

@testable import SCXML

@Suite("XML reader: elements, attributes, text and where each is") struct XMLReaderTests {
    typealias Location = SCXML.SourceLocation

    func read(_ text: String, options: XMLReaderOptions = .init()) throws(SCXMLError) -> XMLTreeElement {
        try XMLReader.read(Array(text.utf8), options: options)
    }

    func error(_ bytes: [UInt8], options: XMLReaderOptions = .init()) -> SCXMLError? {
        do {
            _ = try XMLReader.read(bytes, options: options)
            return nil
        } catch {
            return error
        }
    }

    func error(_ text: String) -> SCXMLError? { error(Array(text.utf8)) }

    @Test func elementsAttributesAndTextAreReadInOrderWithTheirLocations() throws {
        let root = try read("<a x=\"1\" y='2'>\n  <b/>text<c z=\"3\">more</c>\n</a>")
        #expect(root.name == XMLQualifiedName(prefix: nil, localName: "a", namespace: nil))
        #expect(root.location == Location(line: 1, column: 1))
        #expect(root.attributes.map(\.name.localName) == ["x", "y"])
        #expect(root.attributes.map(\.value) == ["1", "2"])
        #expect(root.attributes.map(\.location) == [Location(line: 1, column: 4), Location(line: 1, column: 10)])
        #expect(root.children.count == 5)
        #expect(root.children[0] == .text("\n  ", location: Location(line: 1, column: 16)))
        #expect(root.childElements.map(\.name.localName) == ["b", "c"])
        #expect(root.childElements.map(\.location) == [Location(line: 2, column: 3), Location(line: 2, column: 11)])
        #expect(root.children[2] == .text("text", location: Location(line: 2, column: 7)))
        #expect(root.childElements[1].children == [.text("more", location: Location(line: 2, column: 20))])
        #expect(root.childElements[1].attribute("z")?.value == "3")
        #expect(root.children[4] == .text("\n", location: Location(line: 2, column: 28)))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try read("<a>\n<!-- é€😀 --><b/>é€😀<c/></a>")
        #expect(root.childElements.map(\.location) == [Location(line: 2, column: 13), Location(line: 2, column: 20)])
    }

    @Test func lineEndsAreNormalizedAndCountedOnce() throws {
        let root = try read("<a>\r\n<b/>\r<c/>\n\r\n<d>x\r\ny\ry</d></a>")
        #expect(root.childElements.map(\.location.line) == [2, 3, 5])
        #expect(root.childElements[2].children == [.text("x\ny\ny", location: Location(line: 5, column: 4))])
        #expect(root.children.first == .text("\n", location: Location(line: 1, column: 4)))
    }

    @Test func attributeValuesAreNormalizedAsXMLSays() throws {
        let root = try read("<a v=\"a\tb\nc\r\nd&#9;e&#xA;f\"/>")
        #expect(root.attribute("v")?.value == "a b c d\te\nf")
    }

    @Test func predefinedEntitiesAndCharacterReferencesAreReplaced() throws {
        let root = try read("<a v='&lt;&gt;&amp;&apos;&quot;'/>")
        #expect(root.attribute("v")?.value == "<>&'\"")
        // `&#X43;` is not a reference (the x is lowercase): the reader refuses it.
        #expect(error("<a>&#X43;</a>")?.kind == .malformed)
        let text = try read("<a>&lt;x&gt; &#65;&#x42;&#x1F600;</a>")
        #expect(text.children == [.text("<x> AB😀", location: Location(line: 1, column: 4))])
    }

    @Test func cdataCommentsAndProcessingInstructions() throws {
        let root = try read(
            "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\n<!-- c --><?pi data?>\n<a>x<![CDATA[<b>&amp;]]>y<!-- c -->z<?pi?></a>\n<!-- end -->\n"
        )
        #expect(root.location == Location(line: 3, column: 1))
        #expect(
            root.children == [
                .text("x<b>&amp;y", location: Location(line: 3, column: 4)),
                .text("z", location: Location(line: 3, column: 36)),
            ])
    }

    @Test func aUTF8ByteOrderMarkIsSkippedAndTakesNoColumn() throws {
        let root = try XMLReader.read([0xEF, 0xBB, 0xBF] + Array("<a><b/></a>".utf8))
        #expect(root.location == Location(line: 1, column: 1))
        #expect(root.childElements.first?.location == Location(line: 1, column: 4))
    }

    @Test func otherByteOrderMarksAreRefused() {
        for (mark, name) in [([0xFE, 0xFF], "UTF-16"), ([0xFF, 0xFE], "UTF-16"), ([0x00, 0x00, 0xFE, 0xFF], "UTF-32")]
            as [([UInt8], String)]
        {
            let failure = error(mark + Array("<a/>".utf8))
            #expect(failure?.kind == .malformed)
            #expect(failure?.message.contains(name) == true, "\(String(describing: failure))")
        }
    }

    @Test func theXMLDeclarationMustBeFirstAndSayUTF8() {
        #expect(error("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>")?.message.contains("ISO-8859-1") == true)
        #expect(error("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>")?.kind == .unsupported)
        #expect(error("<?xml version=\"1.1\"?><a/>")?.kind == .unsupported)
        #expect(error("<?xml encoding=\"UTF-8\"?><a/>")?.kind == .malformed)
        #expect(error("<?xml version=\"1.0\" standalone=\"maybe\"?><a/>")?.kind == .malformed)
        #expect(error("<?xml version=\"1.0\"?")?.kind == .malformed)
        let late = error(" <?xml version=\"1.0\"?><a/>")
        #expect(late?.kind == .malformed)
        #expect(late?.location == Location(line: 1, column: 2))
        #expect(error("<a><?xml version=\"1.0\"?></a>")?.location == Location(line: 1, column: 4))
    }

    @Test func namespacesAreResolved() throws {
        let root = try read(
            "<s:a xmlns:s=\"urn:s\" xmlns=\"urn:d\" s:x=\"1\" y=\"2\"><b/><c xmlns=\"\"/><s:d xmlns:s=\"urn:t\"/><e xml:lang=\"en\"/></s:a>"
        )
        #expect(root.name == XMLQualifiedName(prefix: "s", localName: "a", namespace: "urn:s"))
        #expect(root.attributes.map(\.isNamespaceDeclaration) == [true, true, false, false])
        #expect(root.attributes[2].name.namespace == "urn:s")
        #expect(root.attributes[3].name.namespace == nil)
        #expect(root.attribute("y")?.value == "2")
        #expect(root.attribute("x") == nil)
        let children = root.childElements
        #expect(children.map(\.name.namespace) == ["urn:d", nil, "urn:t", "urn:d"])
        #expect(children[3].attributes.first?.name.namespace == XMLNamespace.xml)
    }

    @Test func namespaceMistakesAreRefused() {
        #expect(error("<p:a/>")?.message.contains("not declared") == true)
        #expect(error("<a p:x=\"1\"/>")?.kind == .malformed)
        #expect(error("<a xmlns:p=\"\"/>")?.kind == .malformed)
        #expect(error("<a xmlns:xmlns=\"urn:x\"/>")?.kind == .malformed)
        #expect(error("<a xmlns:xml=\"urn:x\"/>")?.kind == .malformed)
        #expect(error("<a:b:c xmlns:a=\"urn:a\"/>")?.kind == .malformed)
        let twice = error("<a xmlns:p=\"urn:x\" xmlns:q=\"urn:x\" p:v=\"1\" q:v=\"2\"/>")
        #expect(twice?.kind == .malformed)
        #expect(twice?.location == Location(line: 1, column: 44))
        // A declaration ends with its element.
        #expect(error("<a><b xmlns:p=\"urn:p\"/><p:c/></a>")?.location == Location(line: 1, column: 24))
    }

    @Test func wellFormednessMistakesAreRefusedWhereTheyAre() {
        let cases: [(String, Location, String)] = [
            ("<a><b></a>", Location(line: 1, column: 7), "</a>"),
            ("<a>\n<b>", Location(line: 2, column: 1), "<b>"),
            ("<a x=\"1\" x=\"2\"/>", Location(line: 1, column: 10), "'x'"),
            ("<a/><b/>", Location(line: 1, column: 5), "second root"),
            ("<a/>text", Location(line: 1, column: 5), "after the root"),
            ("text<a/>", Location(line: 1, column: 1), "before the root"),
            ("", Location(line: 1, column: 1), "no root"),
            ("<!-- only -->", Location(line: 1, column: 14), "no root"),
            ("</a>", Location(line: 1, column: 1), "end tag"),
            ("<a x=\"1\"y=\"2\"/>", Location(line: 1, column: 9), "white space"),
            ("<a x=1/>", Location(line: 1, column: 6), "quoted"),
            ("<a x=\"<\"/>", Location(line: 1, column: 7), "'<'"),
            ("<a>]]></a>", Location(line: 1, column: 4), "']]>'"),
            ("<a><!-- a -- b --></a>", Location(line: 1, column: 11), "'--'"),
            ("<a><![CDATA[x</a>", Location(line: 1, column: 4), "CDATA"),
            ("<a><!-- x</a>", Location(line: 1, column: 4), "comment"),
            ("<a><?pi x</a>", Location(line: 1, column: 4), "processing instruction"),
            ("<a>&#;</a>", Location(line: 1, column: 4), "digits"),
            ("<a>&#65</a>", Location(line: 1, column: 4), "';'"),
            ("<a>&amp</a>", Location(line: 1, column: 4), "';'"),
            ("<a>&#0;</a>", Location(line: 1, column: 4), "&#0;"),
            ("<a>\u{1}</a>", Location(line: 1, column: 4), "U+0001"),
            ("<1a/>", Location(line: 1, column: 2), "element name"),
            ("<a><!ELEMENT a ANY></a>", Location(line: 1, column: 4), "declaration"),
        ]
        for (text, location, fragment) in cases {
            let failure = error(text)
            #expect(failure?.kind == .malformed, "\(text)")
            #expect(failure?.location == location, "\(text): \(String(describing: failure))")
            #expect(failure?.message.contains(fragment) == true, "\(text): \(String(describing: failure))")
        }
    }

    @Test func theDepthBoundIsKeptAndSettable() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        }
        _ = try read(nested(256))
        let deep = error(nested(257))
        #expect(deep?.kind == .malformed)
        #expect(deep?.location == Location(line: 1, column: 256 * 3 + 1))
        #expect(deep?.message.contains("256") == true)
        var options = XMLReaderOptions()
        options.maximumDepth = 3
        _ = try read(nested(3), options: options)
        #expect(error(Array(nested(4).utf8), options: options)?.message.contains("3 levels") == true)
        // An empty element counts as a level too.
        #expect(error(Array("<a><a><a><a/></a></a></a>".utf8), options: options)?.location == Location(line: 1, column: 10))
    }

    @Test func theSizeBoundIsKeptAndSettable() throws {
        var options = XMLReaderOptions()
        options.maximumBytes = 10
        _ = try read("<a></a>   ", options: options)
        let big = error(Array("<a></a>    ".utf8), options: options)
        #expect(big?.kind == .malformed)
        #expect(big?.location == nil)
        #expect(big?.message.contains("11 bytes") == true)
    }
}
