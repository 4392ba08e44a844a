import TerminalUI
import Testing

@Suite("Canvas") struct CanvasTests {
    @Test func textIsClippedToTheFrameAndToItsWidth() {
        var canvas = Canvas(size: TerminalSize(columns: 10, rows: 2))
        let end = canvas.put("Hello, world", row: 0, column: 3)
        canvas.put("abcdef", row: 1, column: -2, width: 5)
        canvas.put("ignored", row: 2, column: 0)
        #expect(end == 10)
        #expect(canvas.lines == ["   Hello, ", "cde       "])
    }

    @Test func aWideCharacterTakesTwoCells() {
        var canvas = Canvas(size: TerminalSize(columns: 6, rows: 1))
        canvas.put("北京x", row: 0, column: 0)
        #expect(canvas.lines == ["北京x "])
        #expect(canvas.character(row: 0, column: 4) == "x")
        // Overwriting the second half of a wide character blanks its first half.
        canvas.put("y", row: 0, column: 1)
        #expect(canvas.lines == [" y京x "])
    }

    @Test func colorsAreLeftOutWhenAskedAndAttributesStay() {
        var canvas = Canvas(size: TerminalSize(columns: 4, rows: 1))
        canvas.put("ab", row: 0, column: 0, style: Style(color: .red, bold: true))
        let colored = canvas.ansi(colors: true)
        let plain = canvas.ansi(colors: false)
        #expect(colored.contains("\u{1B}[0;1;31mab"))
        #expect(plain.contains("\u{1B}[0;1mab"))
        #expect(!plain.contains("31m"))
        #expect(plain.hasPrefix("\u{1B}[1;1H"))
    }
}
