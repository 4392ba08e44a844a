import Testing

@testable import MachineRuntime

/// The writing half of a saved state's JSON: ``NodeEncoder`` into a ``JSONNode``, written by
/// ``JSONWriter``.
@Suite("Writing JSON")
struct JSONWriterTests {
    struct Numbers: Codable, Equatable {
        var small: [Int64]
        var large: [UInt64]
        var fractions: [Double]
    }

    func text(_ value: some Encodable) throws -> String {
        String(decoding: try JSONWriter.bytes(of: NodeEncoder.node(of: value, in: nil, key: nil)), as: UTF8.self)
    }

    @Test func wholeNumbersAreWrittenDigitByDigit() throws {
        let numbers = Numbers(
            small: [0, 7, -7, 10, -100, 1_234_567_890, .max, .min], large: [0, 9, 10_000_000_000_000_000_000, .max],
            fractions: [0.5, -0.0, 40.725, 1e-5, 5e20])
        #expect(
            try text(numbers)
                == #"{"fractions":[0.5,-0.0,40.725,1e-05,5e+20],"large":[0,9,10000000000000000000,18446744073709551615],"small":[0,7,-7,10,-100,1234567890,9223372036854775807,-9223372036854775808]}"#
        )
        let tape = try JSONParser.tape(of: Array(try text(numbers).utf8))
        #expect(try NodeDecoder.value(Numbers.self, tape, 0) == numbers)
    }

    @Test func stringsAreEscapedAndKeysSorted() throws {
        #expect(
            try text(["b": "quote \" backslash \\ tab \t bell \u{7}", "a": "é"])
                == #"{"a":"é","b":"quote \" backslash \\ tab \t bell \u0007"}"#)
    }

    /// A type that encodes a key twice, and its keys out of order.
    struct Twice: Encodable {
        enum CodingKeys: String, CodingKey { case b, a, c }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .c)
            try container.encode(2, forKey: .a)
            try container.encode(3, forKey: .b)
            try container.encode(4, forKey: .a)
        }
    }

    @Test func aKeyEncodedTwiceKeepsItsLastValue() throws {
        #expect(try text(Twice()) == #"{"a":4,"b":3,"c":1}"#)
    }

    struct Refusing: Encodable {
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(
                0, .init(codingPath: encoder.codingPath, debugDescription: "refused at \(encoder.codingPath.count) keys deep"))
        }
    }

    struct Holder: Encodable {
        var items: [[String: Refusing]]
    }

    /// An error thrown while encoding carries the path of the value that threw.
    @Test func anErrorThrownWhileEncodingSaysWhere() throws {
        do {
            _ = try NodeEncoder.node(of: Holder(items: [[:], ["bad": Refusing()]]), in: nil, key: nil)
            Issue.record("encoded")
        } catch {
            #expect(SavedStateFields.describe(error) == "at items[1].bad: refused at 3 keys deep")
        }
        #expect(throws: EncodingError.self) {
            try JSONWriter.bytes(of: NodeEncoder.node(of: ["x": Double.nan], in: nil, key: nil))
        }
    }

    /// Encodes where it is, as its encoder says.
    struct Probe: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(encoder.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "."))
        }
    }

    struct Probes: Encodable {
        var a = [Probe(), Probe()]
        var b = Probe()
        var c = ["d": [Probe()]]
    }

    @Test func anEncoderKnowsItsCodingPath() throws {
        #expect(try text(Probes()) == #"{"a":["a.0","a.1"],"b":"b","c":{"d":["c.d.0"]}}"#)
    }

    /// A dictionary's keys come in hash order: they are written sorted.
    @Test func aLargeDictionaryIsWrittenInKeyOrder() throws {
        var generator = SplitMix64(seed: 7)
        var dictionary: [String: Int] = [:]
        while dictionary.count < 20_000 {
            dictionary["k\(UInt32.random(in: 0...UInt32.max, using: &generator))"] = dictionary.count
        }
        let expected = "{" + dictionary.keys.sorted().map { "\"\($0)\":\(dictionary[$0] ?? -1)" }.joined(separator: ",") + "}"
        #expect(try text(dictionary) == expected)
    }

    /// Encodes through whichever container `kind` names.
    struct Base: Encodable {
        var kind: Int
        func encode(to encoder: any Encoder) throws {
            switch kind {
            case 0:
                var container = encoder.singleValueContainer()
                try container.encode(5)
            case 1:
                var container = encoder.unkeyedContainer()
                try container.encode(6)
            default:
                var container = encoder.container(keyedBy: JSONKey.self)
                try container.encode(7, forKey: JSONKey(stringValue: "seven"))
            }
        }
    }

    /// Encodes its bases through super encoders, keyed and unkeyed.
    struct Derived: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(1, forKey: JSONKey(stringValue: "own"))
            try Base(kind: 0).encode(to: container.superEncoder(forKey: JSONKey(stringValue: "single")))
            try Base(kind: 1).encode(to: container.superEncoder())
            var list = container.nestedUnkeyedContainer(forKey: JSONKey(stringValue: "list"))
            try Base(kind: 2).encode(to: list.superEncoder())
            try list.encode(8)
        }
    }

    /// A super encoder's value lands where it was asked for, whatever container it encoded
    /// through (as with `JSONEncoder`).
    @Test func superEncodersPutTheirValueInPlace() throws {
        #expect(try text(Derived()) == #"{"list":[{"seven":7},8],"own":1,"single":5,"super":[6]}"#)
    }
}
