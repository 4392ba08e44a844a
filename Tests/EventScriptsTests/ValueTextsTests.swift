import Testing

@testable import EventScripts

/// A transcript writes a command or an answer it wrote lately as it did, told apart by its bytes.
@Suite struct ValueTextsTests {
    @Test func aValueOfTheSameBytesIsWrittenAsBefore() {
        var texts = ValueTexts<[String], String>()
        var written = 0
        func text(_ value: [String]) -> String {
            texts.text(of: value) {
                written += 1
                return value.joined(separator: "+")
            }
        }
        let value = ["a long string, stored on the heap", "b"]
        #expect(text(value) == "a long string, stored on the heap+b")
        #expect(text(value) == "a long string, stored on the heap+b")
        #expect(written == 1)
        // An equal value in another buffer is written anew; another value is its own text.
        #expect(text(value.map { $0 }) == "a long string, stored on the heap+b")
        #expect(text(["c"]) == "c")
        #expect(written == 3)
    }

    @Test func theOldestIsForgottenFirst() {
        var texts = ValueTexts<Int, String>()
        var written: [Int] = []
        func text(_ value: Int) -> String {
            texts.text(of: value) {
                written.append(value)
                return String(value)
            }
        }
        let capacity = ValueTexts<Int, String>.capacity
        for value in 0...capacity { #expect(text(value) == String(value)) }
        // The first was replaced by the last; the others are kept.
        #expect(text(1) == "1" && text(capacity) == String(capacity))
        #expect(text(0) == "0")
        #expect(written == Array(0...capacity) + [0])
    }
}
