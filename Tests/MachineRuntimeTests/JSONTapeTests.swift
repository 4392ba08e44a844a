import Testing

@testable import MachineRuntime

/// The reading half of a saved state's JSON: ``JSONParser`` into a ``JSONTape``, read by
/// ``NodeDecoder``. A restore reads every field through them.
@Suite("Reading JSON through the tape")
struct JSONTapeTests {
    /// The entry of a one-value document.
    func entry(_ text: String) throws -> JSONTape.Entry {
        try JSONParser.tape(of: Array(text.utf8)).entries[0]
    }

    /// A number with a point and at most 15 digits is converted without the general
    /// conversion; every such number, and every other, must give the general conversion's bits.
    @Test func numbersAreReadExactlyAsTheStandardLibraryReadsThem() throws {
        var generator = SplitMix64(seed: 20)
        var texts = ["0.1", "-0.0", "0.30000000000000004", "123456789012345.6", "1.7976931348623157e308", "5e-324", "2.5E+3"]
        for _ in 0..<20_000 {
            let integer = String(UInt64.random(in: 0...999_999_999, using: &generator))
            let fraction = String(UInt64.random(in: 0...999_999_999_999, using: &generator))
            let sign = Bool.random(using: &generator) ? "-" : ""
            let exponent = Int.random(in: 0..<4, using: &generator) == 0 ? "e\(Int.random(in: -30...30, using: &generator))" : ""
            texts.append("\(sign)\(integer).\(fraction.prefix(Int.random(in: 1...12, using: &generator)))\(exponent)")
        }
        for text in texts {
            let entry = try entry(text)
            let expected = try #require(Double(text))
            #expect(entry.kind == .double, "\(text)")
            #expect(
                UInt64(bitPattern: entry.first) == expected.bitPattern,
                "\(text): \(Double(bitPattern: UInt64(bitPattern: entry.first))) read, \(expected) expected")
        }
    }

    @Test func wholeNumbersAreIntegersWhileTheyFit() throws {
        #expect(try entry("9223372036854775807").kind == .integer)
        #expect(try entry("-9223372036854775808").first == .min)
        #expect(try entry("9223372036854775808").kind == .unsigned)
        #expect(try UInt64(bitPattern: entry("18446744073709551615").first) == .max)
        let beyond = try entry("18446744073709551616")
        #expect(beyond.kind == .double && Double(bitPattern: UInt64(bitPattern: beyond.first)) == 18446744073709551616)
        #expect(try entry("-9223372036854775809").kind == .double)
        #expect(try entry("-0").kind == .integer && entry("-0").first == 0)
    }

    struct Shelf: Codable, Equatable {
        struct Item: Codable, Equatable {
            var name: String
            var count: Int
            var weight: Double?
        }
        var title: String
        var items: [Item]
        var tags: [String: Bool]
        var empty: [Int]
    }

    @Test func codableValuesAreReadWhateverTheirKeysAndStrings() throws {
        let text = #"""
            {"title": "Caf\u00e9 \"Chez Zo\u00e9\" \ud83c\udf70", "items": [{"count": 2, "name": "Müsli"},
             {"weight": null, "name": "tea", "count": -3}, {"name": "", "count": 0, "weight": 1.5e2}],
             "tags": {"": true, "a\nb": false}, "empty": []}
            """#
        let tape = try JSONParser.tape(of: Array(text.utf8))
        let shelf = try NodeDecoder.value(Shelf.self, tape, 0)
        #expect(
            shelf
                == Shelf(
                    title: "Café \"Chez Zoé\" 🍰",
                    items: [
                        .init(name: "Müsli", count: 2), .init(name: "tea", count: -3), .init(name: "", count: 0, weight: 150),
                    ],
                    tags: ["": true, "a\nb": false], empty: []))
    }

    /// An object of more than `JSONTape.indexedMemberCount` members is indexed at its first
    /// lookup; what a lookup finds must not depend on it: keys equal as Swift's strings are (the
    /// Kelvin sign is "K"; the Angstrom sign is "Å").
    @Test(arguments: [4, JSONTape.indexedMemberCount + 1, 1_000])
    func membersAreFoundAlikeInSmallAndLargeObjects(count: Int) throws {
        var members = (0..<count).map { #""key\#($0)": \#($0)"# }
        members += [#""K": 7"#, #""\u212Bngstr\u00F6m": 8"#]
        let tape = try JSONParser.tape(of: Array("{\(members.joined(separator: ", "))}".utf8))
        func value(_ key: String) -> Int64? { tape.member(key, of: 0).map { tape.entries[$0].first } }
        #expect(value("key0") == 0)
        #expect(value("key\(count - 1)") == Int64(count - 1))
        #expect(value("\u{212A}") == 7)
        #expect(value("K") == 7)
        #expect(value("\u{C5}ngstr\u{F6}m") == 8)
        #expect(value("\u{212A}\u{212A}") == nil)
        #expect(value("é") == nil)
        #expect(value("key\(count)") == nil)
        #expect(value("k") == nil)
        #expect(value("") == nil)
    }

    /// A dictionary of 50,000 keys is read whole through the object's index: every key is
    /// found, with its own value. (This test checks the values, not the time; reading it took
    /// 81 s in a debug build when each lookup searched the object, 25 ms now.)
    /// A key written twice is refused where the second is, whether or not the two are spelled
    /// alike (the Kelvin sign is "K").
    @Test(arguments: [#"{"a": 1, "a": 2}"#, #"{"K": 1, "\u212A": 2}"#, #"{"x": {"b": [], "b": 0}}"#])
    func aKeyWrittenTwiceIsRefused(text: String) {
        #expect {
            try JSONParser.tape(of: Array(text.utf8))
        } throws: { error in
            "\(error)".contains("is written twice in one object at line 1")
        }
    }

    @Test func aLargeDictionaryIsReadWhole() throws {
        let count = 50_000
        let text = "{" + (0..<count).map { #""k\#($0)": \#($0 * 2)"# }.joined(separator: ",") + "}"
        let tape = try JSONParser.tape(of: Array(text.utf8))
        let dictionary = try NodeDecoder.value([String: Int].self, tape, 0)
        #expect(dictionary.count == count)
        #expect(dictionary["k0"] == 0)
        #expect(dictionary["k\(count - 1)"] == (count - 1) * 2)
        #expect(dictionary.allSatisfy { key, value in key == "k\(value / 2)" })
    }

    /// An error names the field by its path, worked out from the entry's index.
    @Test func errorsNameTheFieldAtFault() throws {
        let text = #"{"title": "t", "items": [{"name": "a", "count": 1}, {"name": "b", "count": 1.5}], "tags": {}, "empty": []}"#
        let tape = try JSONParser.tape(of: Array(text.utf8))
        #expect(throws: (any Error).self) { try NodeDecoder.value(Shelf.self, tape, 0) }
        do {
            _ = try NodeDecoder.value(Shelf.self, tape, 0)
        } catch {
            #expect(SavedStateFields.describe(error) == "at items[1].count: the number is not a whole number that fits in Int")
        }
        let missing = #"{"title": "t", "items": [{"name": "a"}], "tags": {}, "empty": []}"#
        do {
            _ = try NodeDecoder.value(Shelf.self, JSONParser.tape(of: Array(missing.utf8)), 0)
            Issue.record("a missing count was read")
        } catch {
            #expect(SavedStateFields.describe(error) == "at items[0].count: missing")
        }
    }

    struct Base: Decodable, Equatable {
        var value: Int?
        init(value: Int?) { self.value = value }
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Int?.self) }
    }

    struct Derived: Decodable {
        var base: Base
        var other: Base
        enum CodingKeys: String, CodingKey { case base, other }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            base = try Base(from: container.superDecoder(forKey: .base))
            other = try Base(from: container.superDecoder(forKey: .other))
        }
    }

    /// As Foundation's decoder does, a super decoder of a missing key reads `null`.
    @Test func aSuperDecoderOfAMissingKeyReadsNull() throws {
        let tape = try JSONParser.tape(of: Array(#"{"base": 7}"#.utf8))
        let derived = try NodeDecoder.value(Derived.self, tape, 0)
        #expect(derived.base == Base(value: 7) && derived.other == Base(value: nil))
        let nested = try JSONParser.tape(of: Array(#"{"outer": {"base": 1}}"#.utf8))
        do {
            _ = try NodeDecoder.value([String: Strict].self, nested, 0)
            Issue.record("a missing super key was read as a number")
        } catch {
            #expect(SavedStateFields.describe(error) == "at outer.other: expected Int, found null")
        }
    }

    /// Reads `other` through a super decoder, as a number that must be there.
    struct Strict: Decodable {
        enum CodingKeys: String, CodingKey { case base, other }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            _ = try container.superDecoder(forKey: .other).singleValueContainer().decode(Int.self)
        }
    }

    @Test func unkeyedContainersCountAndEnd() throws {
        let tape = try JSONParser.tape(of: Array(#"[[1, [2, 3]], null, {"a": [4]}, "x"]"#.utf8))
        var items = try NodeDecoder(tape: tape, index: 0).unkeyedContainer()
        #expect(items.count == 4)
        var first = try items.nestedUnkeyedContainer()
        #expect(try first.decode(Int.self) == 1 && first.count == 2)
        #expect(try first.decode([Int].self) == [2, 3] && first.isAtEnd)
        #expect(try items.decodeNil())
        #expect(try items.decode([String: [Int]].self) == ["a": [4]])
        #expect(try items.decode(String.self) == "x" && items.isAtEnd)
        #expect(throws: DecodingError.self) { try items.decode(String.self) }
        // Entries: 0 the array, 1 [1, [2, 3]], 2 the 1, 3 [2, 3], 4 the 2, 5 the 3, 6 null,
        // 7 the object, 8 its key, 9 [4], 10 the 4, 11 "x".
        func path(_ index: Int) -> String { SavedStateFields.describe(tape.codingPath(to: index)) }
        #expect(path(5) == "at [0][1][1]" && path(6) == "at [1]" && path(10) == "at [2].a[0]" && path(0) == "at the top level")
    }

    @Test func textThatIsNotJSONIsRefusedWithItsPlace() {
        for (text, problem) in [
            ("{\"a\": 1,}", "expected a key in quotes at line 1, column 9"),
            ("[1 2]", "expected ',' or ']' in an array at line 1, column 4"),
            ("\"tab\there\"", "a control character inside a string at line 1, column 5"),
            ("1e999", "a number too large at line 1, column 1"),
            ("[01]", "a number with a leading zero at line 1, column 4"),
            ("\"\\ud800\"", "an unpaired surrogate escape at line 1, column 8"),
            ("{\"a\": tru}", "unexpected character at line 1, column 7"),
        ] {
            do {
                _ = try JSONParser.tape(of: Array(text.utf8))
                Issue.record("\(text) was read")
            } catch {
                #expect(SavedStateFields.describe(error) == "not valid JSON: \(problem)", "\(text)")
            }
        }
        #expect(throws: DecodingError.self) { try JSONParser.tape(of: [0x22, 0xFF, 0x22]) }
    }
}
