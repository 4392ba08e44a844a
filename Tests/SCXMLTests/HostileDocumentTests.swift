import MachineRuntime
import Testing

@testable import SCXML

@Suite("Hostile documents: refused clearly, never a crash") struct HostileDocumentTests {
    typealias Location = SCXML.SourceLocation

    /// A small valid document with a little of everything the XML reader reads.
    static let valid = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- é€😀 -->
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="t&amp;&#x1F600;" initial="a">
          <state id="a">
            <onentry><log label="l" expr="'x&lt;y'"/><![CDATA[ ]]></onentry>
            <transition event="go.*" cond="In('b') &amp;&amp; !x" target="b"><?pi data?></transition>
          </state>
          <final id="b"/>
        </scxml>

        """

    @Test func theValidDocumentReads() throws {
        let document = try readDocument(Self.valid)
        #expect(document.name == "t&😀")
        #expect(document.states.map(\.id) == ["a", "b"])
    }

    @Test func externalEntitiesAreRefused() {
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <scxml><state id="&xxe;"/></scxml>
            """
        expectError(xxe, .malformed, at: 2, 1, mentioning: ["<!DOCTYPE>", "no entities"])
        expectError("<scxml name='&xxe;'/>", .malformed, at: 1, 14, mentioning: ["'&xxe;'"])
        expectError("<scxml>\n&xxe;</scxml>", .malformed, at: 2, 1, mentioning: ["'&xxe;'"])
    }

    @Test func billionLaughsIsRefused() {
        var entities = "<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        let laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n\(entities)]>\n<scxml name=\"&lol9;\"/>"
        expectError(laughs, .malformed, at: 2, 1, mentioning: ["<!DOCTYPE>"])
        expectError("<scxml name=\"&lol9;\"/>", .malformed, at: 1, 14, mentioning: ["'&lol9;'"])
        // A DOCTYPE is refused even after the root, and inside it.
        expectError("<scxml/><!DOCTYPE scxml>", .malformed, at: 1, 9, mentioning: ["<!DOCTYPE>"])
        expectError("<scxml><!DOCTYPE scxml></scxml>", .malformed, at: 1, 8, mentioning: ["<!DOCTYPE>"])
        expectError("<scxml><!ENTITY x 'y'></scxml>", .malformed, at: 1, 8, mentioning: ["declaration"])
    }

    @Test func undefinedEntitiesAreRefused() {
        for entity in ["nbsp", "copy", "lol", "amp2", "AMP"] {
            expectError("<scxml>\n  &\(entity);</scxml>", .malformed, at: 2, 3, mentioning: ["'&\(entity);'"])
        }
    }

    @Test func invalidUTF8IsRefusedWhereItIs() {
        let cases: [[UInt8]] = [
            [0xC3, 0x28], [0xFF], [0xFE], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
            [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xE2, 0x82],
        ]
        for bad in cases {
            // In an attribute value, in text, in a comment, and in a name: each at line 2.
            let places: [(String, String, Int)] = [
                ("<scxml>\n<state id='é", "'/></scxml>", 13), ("<scxml>\n ab", "</scxml>", 4),
                ("<scxml>\n<!-- ", " --></scxml>", 6), ("<scxml>\n<st", "/></scxml>", 4),
            ]
            for (before, after, column) in places {
                let failure = readingError(Array(before.utf8) + bad + Array(after.utf8))
                #expect(failure?.kind == .malformed, "\(bad)")
                #expect(failure?.location == Location(line: 2, column: column), "\(bad): \(String(describing: failure))")
                #expect(failure?.message.contains("UTF-8") == true, "\(bad): \(String(describing: failure))")
            }
        }
        // Cut off at the very end of the document.
        let cut = readingError(Array("<scxml>".utf8) + [0xE2, 0x82])
        #expect(cut?.location == Location(line: 1, column: 8))
        #expect(cut?.message.contains("ends inside") == true)
    }

    @Test func deepNestingIsRefusedWithoutOverflowingTheStack() {
        let depth = 10_000
        let text =
            "<scxml>" + String(repeating: "<state>", count: depth) + String(repeating: "</state>", count: depth) + "</scxml>"
        let failure = readingError(text)
        #expect(failure?.kind == .malformed)
        // The 257th element is the 256th <state>.
        #expect(failure?.location == Location(line: 1, column: 8 + 255 * 7))
        #expect(failure?.message.contains("256") == true)
        // Unclosed, and of empty elements, the same.
        #expect(readingError("<scxml>" + String(repeating: "<state>", count: depth))?.location == failure?.location)
        #expect(readingError("<scxml>" + String(repeating: "<if>", count: depth))?.kind == .malformed)
        var limits = SCXMLLimits()
        limits.maximumDepth = 4
        #expect(readingError("<scxml><state><state><state/></state></state></scxml>", limits: limits) == nil)
        let limited = readingError("<scxml><state><state><state><state/></state></state></state></scxml>", limits: limits)
        #expect(limited?.location == Location(line: 1, column: 29))
    }

    @Test func aDocumentAsDeepAsTheLimitReads() throws {
        // <scxml>, 252 nested states, then <onentry> and an <if> (254 and 255).
        let states = 252
        var text = "<scxml>"
        for level in 0..<states { text += "<state id='s\(level)'><transition event='e' target='s0'/>" }
        text +=
            "<onentry><if cond=\"In('s0') &amp;&amp; !x\"/></onentry>" + String(repeating: "</state>", count: states) + "</scxml>"
        var node = try #require(try readDocument(text).states.first)
        for level in 1..<states {
            node = try #require(node.children.first)
            #expect(node.id == "s\(level)")
        }
        #expect(node.onEntry.first?.first?.ifBranches?.first?.condition == .and(.inState("s0"), .not(.named("x"))))
        // And <if>s nested as deep (each with a <raise> one level deeper).
        let ifs = 252
        let nested =
            "<scxml><state id='a'><onentry>" + String(repeating: "<if cond='x'><raise event='e'/>", count: ifs)
            + String(repeating: "</if>", count: ifs) + "</onentry></state></scxml>"
        var action = try #require(try readDocument(nested).states.first?.onEntry.first?.first)
        var depth = 1
        while let branches = action.ifBranches, branches[0].actions.count == 2 {
            action = branches[0].actions[1]
            depth += 1
        }
        #expect(depth == ifs)
    }

    @Test func aDocumentOverTheSizeLimitIsRefusedBeforeItIsRead() {
        var limits = SCXMLLimits()
        limits.maximumBytes = 20
        #expect(readingError("<scxml>\n</scxml>   ", limits: limits) == nil)
        let failure = readingError("<scxml>\n</scxml>     ", limits: limits)
        #expect(failure == SCXMLError(.malformed, at: nil, "the document is 21 bytes, more than the limit of 20 bytes"))
        // The default limit is 16 MiB: a lazy collection one byte bigger is refused without copying it.
        do {
            _ = try SCXMLDocument(reading: repeatElement(UInt8(ascii: " "), count: (16 << 20) + 1))
            Issue.record("a document over 16 MiB was read")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.message.contains("\(16 << 20) bytes"))
        }
    }

    @Test func characterReferencesMustBeCharacters() throws {
        let refused = [
            "&#99999999999999999999;", "&#xD800;", "&#xDFFF;", "&#x110000;", "&#xFFFE;", "&#0;", "&#x1F;",
            "&#xFFFFFFFFFFFFFFFFFFFFFFFF;", "&#-1;", "&#x;", "&#12a;",
        ]
        for reference in refused {
            let failure = readingError("<scxml>\n<state id='a\(reference)'/></scxml>")
            #expect(failure?.kind == .malformed, "\(reference)")
            #expect(failure?.location == Location(line: 2, column: 13), "\(reference): \(String(describing: failure))")
        }
        let document = try readDocument("<scxml name='&#x0000000000000000000041;&#0000000066;&#x10FFFF;&#9;'/>")
        #expect(document.name == "AB\u{10FFFF}\t")
    }

    @Test func duplicateAttributesAndMismatchedTagsAreRefused() {
        expectError("<scxml>\n<state id='a' id='b'/></scxml>", .malformed, at: 2, 15, mentioning: ["'id'", "twice", "2:8"])
        expectError("<scxml>\n<state id='a'></final></scxml>", .malformed, at: 2, 15, mentioning: ["</final>", "<state>", "2:1"])
        expectError("<scxml>\n<state id='a'></scxml>", .malformed, at: 2, 15, mentioning: ["</scxml>", "<state>"])
        expectError("<scxml>\n<state id='a'>", .malformed, at: 2, 1, mentioning: ["<state>", "not closed"])
        expectError("<scxml/>\n<scxml/>", .malformed, at: 2, 1, mentioning: ["second root"])
        expectError("<scxml/>\nx", .malformed, at: 2, 1, mentioning: ["after the root"])
    }

    @Test func everyTruncationOfAValidDocumentIsRefusedAsMalformed() {
        let bytes = Array(Self.valid.utf8)
        let end = Array("</scxml>".utf8)
        var refused = 0
        for length in 0...bytes.count {
            let prefix = Array(bytes[0..<length])
            let hasEnd =
                length >= end.count && (0...(length - end.count)).contains { prefix[$0..<$0 + end.count].elementsEqual(end) }
            let failure = readingError(prefix)
            if hasEnd {
                #expect(failure == nil, "\(length): \(String(describing: failure))")
            } else {
                #expect(failure?.kind == .malformed, "\(length): \(String(describing: failure))")
                refused += 1
            }
        }
        #expect(refused == bytes.count - 1)
    }

    @Test func randomMutationsOfAValidDocumentNeverCrash() {
        let original = Array(Self.valid.utf8)
        let fragments: [[UInt8]] = [
            Array("<".utf8), Array(">".utf8), Array("&".utf8), Array("]]>".utf8), Array("<!DOCTYPE x>".utf8),
            Array("&#x".utf8), Array("&#99999999999;".utf8), Array("<state>".utf8), Array("</state>".utf8),
            Array("\"".utf8), Array("'".utf8), Array("=".utf8), Array("<![CDATA[".utf8), Array("<!--".utf8),
            Array("xmlns:p='urn:p' p:x='1'".utf8), [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0x00], [0x0D], [0xEF, 0xBB, 0xBF],
        ]
        var generator = SplitMix64(seed: 0x5C4D_4C00)
        var outcomes = (read: 0, refused: 0)
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0...bytes.count, using: &generator)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0 where position < bytes.count:
                    bytes[position] = UInt8.random(in: 0...255, using: &generator)
                case 1 where position < bytes.count:
                    bytes[position] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
                case 2 where position < bytes.count:
                    bytes.remove(at: position)
                case 3:
                    bytes.insert(contentsOf: fragments.randomElement(using: &generator) ?? [], at: position)
                default:
                    let length = Int.random(in: 0...16, using: &generator)
                    let start = Int.random(in: 0...(original.count - length), using: &generator)
                    bytes.insert(contentsOf: original[start..<start + length], at: position)
                }
            }
            let failure = readingError(bytes)
            // The reader is deterministic: the same bytes, the same outcome.
            #expect(readingError(bytes) == failure)
            guard let failure else {
                outcomes.read += 1
                continue
            }
            outcomes.refused += 1
            #expect(!failure.message.isEmpty)
            if let location = failure.location {
                let lineEnds = bytes.filter { $0 == 0x0A || $0 == 0x0D }.count
                #expect(location.line >= 1 && location.line <= lineEnds + 1, "\(failure)")
                #expect(location.column >= 1 && location.column <= bytes.count + 1, "\(failure)")
            }
        }
        // Both outcomes happen: mutations in comments and text keep the document valid.
        #expect(outcomes.read > 0)
        #expect(outcomes.refused > outcomes.read)
    }
}
