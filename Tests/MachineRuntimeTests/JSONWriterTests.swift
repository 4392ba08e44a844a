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
        String(decoding: try JSONWriter.bytes(of: NodeEncoder.node(of: value, at: .root)), as: UTF8.self)
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

    /// Paths are tracked only when encoding fails: the failure is encoded again to say where.
    @Test func anErrorThrownWhileEncodingSaysWhere() throws {
        do {
            _ = try NodeEncoder.node(of: Holder(items: [[:], ["bad": Refusing()]]), at: .root)
            Issue.record("encoded")
        } catch {
            #expect(SavedStateFields.describe(error) == "at items[1].bad: refused at 3 keys deep")
        }
        #expect(throws: EncodingError.self) { try JSONWriter.bytes(of: NodeEncoder.node(of: ["x": Double.nan], at: .root)) }
    }
}
