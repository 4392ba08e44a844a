import Testing

@testable import EventScripts

/// The transcript's text buffer writes whole numbers and durations digit by digit and inserts a
/// constructor's name before its argument: each against the plain way it stands for.
@Suite struct UTF8TextTests {
    @Test(arguments: [0, 1, -1, 9, 10, -10, 99, 100, 1_234_567, -9_876_543_210, Int.max, Int.min, Int.min + 1])
    func aWholeNumberIsWrittenAsStringWritesIt(integer: Int) {
        let text = UTF8Text(capacity: 1)
        text.write(integer: integer)
        #expect(text.string == String(integer))
    }

    @Test(arguments: [
        Duration.zero, .milliseconds(1), .milliseconds(300), .seconds(86_400), .milliseconds(-5), .seconds(-2),
        .microseconds(1_500), .microseconds(-1), .nanoseconds(1), .seconds(Int64.max), .seconds(Int64.min),
        .seconds(9_223_372_036_854_775),
    ])
    func aDurationIsWrittenAsItsValueRendersIt(duration: Duration) {
        let text = UTF8Text(capacity: 1)
        text.write(duration: duration)
        #expect(text.string == Value.render(duration))
    }

    /// A name put before an argument already written, in a buffer that must grow for it.
    @Test func aNameInsertedBeforeItsArgumentMakesRoom() {
        let text = UTF8Text(capacity: 8)
        text.write(literal: "x = ")
        let start = text.byteCount
        text.write(literal: "40.725")
        text.insert("center", UInt8(ascii: "("), at: start)
        text.write(byte: UInt8(ascii: ")"))
        #expect(text.string == "x = center(40.725)")
        let empty = UTF8Text(capacity: 1)
        empty.insert("", UInt8(ascii: "("), at: 0)
        #expect(empty.string == "(")
    }
}

/// A shape's `render`, through `text(of:)`, writes what its value's `description` writes.
@Suite struct ShapeTextTests {
    @Test func theReadyMadeShapesWriteTheirValuesText() {
        let strings = ValueShape<[String?]>.list(.optional(.string))
        let values: [[String?]] = [[], [nil], ["a", nil, "quote \" and \\ and\nline"], ["é", "e\u{301}"]]
        for value in values {
            #expect(strings.text(of: value) == strings.encode(value).description)
        }
        let numbers = ValueShape<[Double]>.list(.number)
        #expect(numbers.text(of: [0, -0.0, 40.725, 1e16]) == numbers.encode([0, -0.0, 40.725, 1e16]).description)
        let durations = ValueShape<Duration>.duration
        #expect(durations.text(of: .milliseconds(300)) == "300ms")
        #expect(ValueShape<Bool>.bool.text(of: true) == "true")
        #expect(ValueShape<Int>.integer.text(of: -42) == "-42")
    }
}
