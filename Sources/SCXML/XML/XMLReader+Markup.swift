/// The markup the reader reads past or takes text from: the XML declaration, comments,
/// processing instructions and CDATA sections.
extension XMLReader {
    /// Reads the XML declaration (`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`) at
    /// the start of the document: version 1.0, and an encoding, if any, of UTF-8, since that is
    /// all the reader decodes.
    mutating func readDeclaration() throws(SCXMLError) {
        let location = scanner.location
        scanner.skip("<?xml")
        var seen: [String] = []
        while true {
            let hadSpace = scanner.skipWhitespace()
            if scanner.hasPrefix("?>") {
                scanner.skip("?>")
                break
            }
            guard scanner.peek() != nil else {
                throw .malformed("the XML declaration is not closed with '?>'", at: location)
            }
            guard hadSpace else {
                throw .malformed("expected white space or '?>' in the XML declaration", at: scanner.location)
            }
            let nameLocation = scanner.location
            let name = try readName("a name in the XML declaration")
            let value = try readEquals(after: name).value
            switch name {
            case "version" where seen.isEmpty:
                guard value == "1.0" else {
                    throw .unsupported(
                        "the XML version \(SCXMLError.quoted(value)) is not read: only XML 1.0", at: nameLocation)
                }
            case "encoding" where seen == ["version"]:
                guard value.lowercased() == "utf-8" else {
                    throw .unsupported(
                        "the encoding \(SCXMLError.quoted(value)) is not read: only UTF-8", at: nameLocation)
                }
            case "standalone" where seen.first == "version" && !seen.contains("standalone"):
                guard value == "yes" || value == "no" else {
                    throw .malformed("standalone is 'yes' or 'no', not \(SCXMLError.quoted(value))", at: nameLocation)
                }
            default:
                throw .malformed(
                    "\(SCXMLError.quoted(name)) is out of place in the XML declaration: it holds version, then encoding, then standalone",
                    at: nameLocation)
            }
            seen.append(name)
        }
        guard seen.first == "version" else {
            throw .malformed("the XML declaration has no version", at: location)
        }
    }

    /// Reads `= "value"` after a name in the XML declaration: a quoted value with no references.
    private mutating func readEquals(after name: String) throws(SCXMLError) -> (value: String, location: SourceLocation) {
        scanner.skipWhitespace()
        guard scanner.hasPrefix("=") else {
            throw .malformed("expected '=' after \(SCXMLError.quoted(name))", at: scanner.location)
        }
        scanner.skip("=")
        scanner.skipWhitespace()
        let location = scanner.location
        guard let quote = scanner.peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw .malformed("expected a quoted value after \(SCXMLError.quoted(name))=", at: location)
        }
        _ = try scanner.nextCharacter()
        var value = ""
        while scanner.peek() != quote {
            guard let character = try scanner.nextCharacter() else {
                throw .malformed("the value of \(SCXMLError.quoted(name)) is not closed", at: location)
            }
            value.unicodeScalars.append(character)
        }
        _ = try scanner.nextCharacter()
        return (value, location)
    }

    /// Moves past a comment (`<!-- … -->`), refusing `--` inside it as XML does.
    mutating func skipComment() throws(SCXMLError) {
        let location = scanner.location
        scanner.skip("<!--")
        while true {
            if scanner.hasPrefix("--") {
                guard scanner.hasPrefix("-->") else {
                    throw .malformed("'--' is not allowed inside a comment", at: scanner.location)
                }
                scanner.skip("-->")
                return
            }
            guard try scanner.nextCharacter() != nil else {
                throw .malformed("the comment is not closed with '-->'", at: location)
            }
        }
    }

    /// Moves past a processing instruction (`<?target … ?>`): the reader acts on none. A target
    /// of `xml` in any case is refused: the XML declaration belongs at the very start only.
    mutating func skipProcessingInstruction() throws(SCXMLError) {
        let location = scanner.location
        scanner.skip("<?")
        let target = try readName("the target of a processing instruction")
        guard target.lowercased() != "xml" else {
            throw .malformed("an XML declaration is only allowed at the very start of the document", at: location)
        }
        guard scanner.hasPrefix("?>") || scanner.skipWhitespace() else {
            throw .malformed("expected white space or '?>' after the target \(SCXMLError.quoted(target))", at: scanner.location)
        }
        while !scanner.hasPrefix("?>") {
            guard try scanner.nextCharacter() != nil else {
                throw .malformed("the processing instruction is not closed with '?>'", at: location)
            }
        }
        scanner.skip("?>")
    }

    /// Reads a CDATA section (`<![CDATA[ … ]]>`) and returns its text, markup characters and all.
    mutating func readCDATA() throws(SCXMLError) -> String {
        let location = scanner.location
        scanner.skip("<![CDATA[")
        var text = ""
        while !scanner.hasPrefix("]]>") {
            guard let character = try scanner.nextCharacter() else {
                throw .malformed("the CDATA section is not closed with ']]>'", at: location)
            }
            text.unicodeScalars.append(character)
        }
        scanner.skip("]]>")
        return text
    }

    /// Reads a name (XML §2.3 `Name`); `what` says what was expected if there is none.
    mutating func readName(_ what: String) throws(SCXMLError) -> String {
        guard let first = try scanner.peekCharacter(), XMLCharacters.isNameStart(first) else {
            throw .malformed("expected \(what)", at: scanner.location)
        }
        var name = ""
        while let character = try scanner.peekCharacter(), XMLCharacters.isNameCharacter(character) {
            name.unicodeScalars.append(character)
            _ = try scanner.nextCharacter()
        }
        return name
    }
}
