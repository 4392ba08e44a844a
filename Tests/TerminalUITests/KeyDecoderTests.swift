import TerminalUI
import Testing

@Suite("Key decoding") struct KeyDecoderTests {
    func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes) + decoder.flush()
    }

    @Test func arrowsInBothFormsAndTheEditingKeys() {
        #expect(keys(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8)) == [.up, .down, .right, .left])
        #expect(keys(Array("\u{1B}OA\u{1B}OD".utf8)) == [.up, .left])
        #expect(
            keys(Array("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[1~\u{1B}[4~\u{1B}[H".utf8)) == [
                .delete, .pageUp, .pageDown, .home, .end, .home,
            ])
        // An arrow with a modifier (Shift-Up) is still up.
        #expect(keys(Array("\u{1B}[1;2A".utf8)) == [.up])
    }

    @Test func controlKeysTextAndUTF8() {
        #expect(keys([0x0D, 0x7F, 0x09, 0x03, 0x61]) == [.enter, .backspace, .tab, .control("c"), .text("a")])
        #expect(keys(Array("Zürich 北".utf8)) == "Zürich 北".map(Key.text))
    }

    @Test func aLoneEscapeWaitsForFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaiting)
    }

    @Test func aSequenceSplitAcrossReadsIsOneKey() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.decode(Array("[".utf8)).isEmpty)
        #expect(decoder.decode(Array("Bx".utf8)) == [.down, .text("x")])
        let e = Array("é".utf8)
        #expect(decoder.decode([e[0]]).isEmpty)
        #expect(decoder.decode([e[1]]) == [.text("é")])
    }

    @Test func escapeFollowedByAKeyOrAnotherEscape() {
        #expect(keys([0x1B, 0x1B]) == [.escape, .escape])
        #expect(keys([0x1B, 0x71]) == [.escape, .text("q")])
        // Flushed mid-sequence: the escape, then the rest as typed.
        #expect(keys([0x1B, 0x5B]) == [.escape, .text("[")])
    }

    @Test func hostileBytesNeverTrap() {
        #expect(keys([0xFF, 0xC0, 0x80, 0x00, 0x61]) == [.text("a")])
        #expect(keys([0xE2, 0x28, 0xA1]) == [.text("(")])
        #expect(keys(Array("\u{1B}[99~".utf8)).isEmpty)
    }
}
