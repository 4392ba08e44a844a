import AddressPicker
import AddressPickerScripting
import EventScripts
import MachineRuntime
import ScriptTestSupport
import Testing

/// A replay of a script read in chunks, as `replay` reads a file (checked once into its program,
/// then the program run), against the same script held whole in memory: the same transcript,
/// byte for byte, the same outcome, and for an invalid script the same error and nothing
/// replayed, whatever the chunks the script's bytes come in.
@Suite("Streamed replay") struct StreamedReplayTests {
    /// A script's bytes in chunks of `size`, from the start at each read (`second` from the
    /// second on); `reads` counts the reads.
    final class Chunked: ScriptBytes {
        let bytes: [UInt8]
        let size: Int
        var second: [UInt8]?
        private(set) var reads = 0

        init(_ bytes: [UInt8], size: Int, second: [UInt8]? = nil) {
            self.bytes = bytes
            self.size = size
            self.second = second
        }

        func forEachChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
            reads += 1
            let bytes = reads > 1 ? (second ?? self.bytes) : self.bytes
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + size)
                try bytes[start..<end].withUnsafeBytes { try body($0) }
                start = end
            }
        }
    }

    static let vocabulary = AddressPickerVocabulary()

    /// The transcript of the script held whole in memory.
    static func whole(_ text: String) throws -> (Outcome, String) {
        do {
            let script = try ScriptChecker(vocabulary: vocabulary).check(Array(text.utf8), file: "long.events")
            return try Player(vocabulary: vocabulary).transcript(of: script)
        } catch let error as ScriptError {
            return (.invalid(error), "")
        }
    }

    /// The transcript of the replay of the script read in chunks.
    static func streamed(_ text: String, chunk: Int) throws -> (Outcome, String) {
        let bytes = Chunked(Array(text.utf8), size: chunk)
        let script: CheckedScript<AddressPickerVocabulary>
        do {
            script = try ScriptChecker(vocabulary: vocabulary).check(reading: bytes, file: "long.events")
        } catch let error as ScriptError {
            #expect(bytes.reads == 1, "an invalid script is read once, never replayed")
            return (.invalid(error), "")
        }
        var runtime = Runtime(table: vocabulary.table, state: script.initialState)
        var sink = TextTranscript(output: "")
        let outcome = try Player(vocabulary: vocabulary).play(script, on: &runtime, into: &sink)
        #expect(bytes.reads == 1, "a script is read once, as it is checked")
        return (outcome, sink.output)
    }

    /// Cycles of search, pick and select, each with its own query, a comment, a blank line, a
    /// placeholder and a failing expectation now and then; line breaks LF, CR LF and CR.
    static func longScript(cycles: Int) -> String {
        var lines = ["# generated", "machine address-picker", "given completionCache 2", ""]
        for cycle in 0..<cycles {
            lines += [
                "send searchActivated",
                "send queryChanged(\"Apple \(cycle % 37)\")",
                "advance 300ms",
                "expect search == loadingCompletions",
                "respond completions [completion(\"Apple Store\", \"Search Nearby\")]",
                "send completionSelected(0)",
                "respond places [place(\"Apple SoHo\", center(40.725, -73.9987), \"103 Prince St\")]",
                cycle % 50 == 7 ? "expect results.count == 2" : "expect results.count == 1",
                "send resultSelected(0)  # pick it",
                "expect address.street == \"103 Prince St\"",
            ]
            if cycle % 100 == 3 { lines += ["", "expect"] }
        }
        var text = ""
        for (index, line) in lines.enumerated() {
            text += line + (index % 97 == 5 ? "\r\n" : index % 89 == 3 ? "\r" : "\n")
        }
        return text
    }

    @Test("A long script's transcript is the same streamed, in any chunks, as whole", arguments: [1, 7, 4096, 1 << 16])
    func longScriptTranscripts(chunk: Int) throws {
        let text = Self.longScript(cycles: chunk == 1 ? 300 : TestDepth.count(deep: 2_000, quick: 400))
        let (outcome, transcript) = try Self.whole(text)
        guard case .failed(let failures, _) = outcome else {
            Issue.record("the generated script should fail a few expectations: \(outcome)")
            return
        }
        #expect(failures > 0)
        #expect(transcript.count > 100_000)
        let (streamedOutcome, streamedTranscript) = try Self.streamed(text, chunk: chunk)
        #expect(streamedOutcome == outcome)
        #expect(streamedTranscript == transcript)
    }

    /// Lines the checker's memo does not keep (each line unique, more of them than the memo
    /// holds, and some longer than it keeps) each keep a statement of their own in the program,
    /// the others share theirs: the same transcript either way.
    @Test func linesTheMemoDoesNotKeepReplayAsTheWholeProgram() throws {
        var text = ""
        var number = 0
        for line in Self.longScript(cycles: 800).split(separator: "\n", omittingEmptySubsequences: false) {
            let unique = line.hasPrefix("send") || line.hasPrefix("respond") || line.hasPrefix("expect ")
            number += 1
            text += line + (unique ? " # \(number)" + (number % 11 == 0 ? String(repeating: "-", count: 300) : "") : "") + "\n"
        }
        let (outcome, transcript) = try Self.whole(text)
        #expect(transcript.count > 100_000)
        let (streamedOutcome, streamedTranscript) = try Self.streamed(text, chunk: 1 << 16)
        #expect(streamedOutcome == outcome)
        #expect(streamedTranscript == transcript)
    }

    static let invalid: [String] = [
        "",
        "# only a comment\n\n",
        "machine address-picker\nsend searchActivated\nsend queryChanged(\n",
        "machine address-picker\r\nsend searchActivated\r\nsend nothingHere\r\n",
        "machine address-picker\rsend searchActivated\rexpect search == nowhere",
        "machine address-picker\nexpect ignored\n",
        "machine address-picker\nsend searchActivated\ngiven completionCache 2\n",
        "machine address-picker\nsend searchActivated\nsend queryChanged(\"caf\u{E9}\")\nmachine address-picker\n",
        "machine other\n",
        longScript(cycles: 300) + "send searchActivated\nsend bogus(1)\n",
        longScript(cycles: 300) + "expect search == loadingCompletions \"x\"",
    ]

    @Test("An invalid script fails the first pass with the whole program's error", arguments: invalid)
    func invalidScripts(_ text: String) throws {
        let (outcome, _) = try Self.whole(text)
        guard case .invalid(let error) = outcome else {
            Issue.record("expected an invalid script: \(outcome)")
            return
        }
        for chunk in [1, 5, 1 << 16] {
            let (streamed, transcript) = try Self.streamed(text, chunk: chunk)
            #expect(streamed == .invalid(error), "chunks of \(chunk)")
            #expect(transcript.isEmpty)
        }
    }

    @Test func invalidUTF8FailsTheFirstPassWhereTheWholeProgramDoes() throws {
        let bytes = Array("machine address-picker\nsend queryChanged(\"caf".utf8) + [0xC3, 0x28] + Array("\")\n".utf8)
        var whole: ScriptError?
        do { _ = try ScriptChecker(vocabulary: Self.vocabulary).check(bytes, file: "long.events") } catch {
            whole = error
        }
        let error = try #require(whole)
        #expect(error.location == ScriptLocation(line: 2, column: 23))
        for chunk in [1, 3, 100] {
            #expect(throws: error) {
                try ScriptChecker(vocabulary: Self.vocabulary).check(reading: Chunked(bytes, size: chunk), file: "long.events")
            }
        }
    }

    @Test func aRespondWithNoRequestEndsTheReplayThereAsTheWholeProgramDoes() throws {
        let text = Self.longScript(cycles: 40) + "respond places []\nrespond places []\nsend searchActivated\n"
        let (outcome, transcript) = try Self.whole(text)
        guard case .invalid = outcome else {
            Issue.record("expected a run-time error: \(outcome)")
            return
        }
        let (streamed, streamedTranscript) = try Self.streamed(text, chunk: 13)
        #expect(streamed == outcome)
        #expect(streamedTranscript == transcript)
    }

    @Test func aCheckedScriptRunsItsProgramWithoutReadingItsBytesAgain() throws {
        let first = Array("machine address-picker\nsend searchActivated\nexpect search == editing\n".utf8)
        let second = Array("machine address-picker\nsend searchActivated\nsend nothingHere\n".utf8)
        let bytes = Chunked(first, size: 8, second: second)
        let script = try ScriptChecker(vocabulary: Self.vocabulary).check(reading: bytes, file: "changed.events")
        let player = Player(vocabulary: Self.vocabulary)
        let (outcome, transcript) = try player.transcript(of: script)
        #expect(outcome == .passed(expectations: 1))
        #expect(transcript.contains("@0ms send searchActivated"))
        #expect(try player.transcript(of: script) == (outcome, transcript), "the same program, replayed again")
        #expect(bytes.reads == 1)
    }

    /// Past 65,536 distinct statements the program names them in four bytes instead of two: every
    /// statement keeps its line, before the switch and after, across blank and comment lines.
    @Test func aProgramOfMoreThan65536DistinctStatementsKeepsEveryLine() throws {
        var text = "machine address-picker\nsend searchActivated\n"
        var expected: [Int] = [2]
        var line = 2
        for number in 0..<70_000 {
            if number % 997 == 0 {
                text += "\n# a comment\n"
                line += 2
            }
            text += number % 3 == 0 ? "advance 1ms\n" : "send queryChanged(\"q\(number)\")\n"
            line += 1
            expected.append(line)
        }
        let instructions = try ScriptChecker(vocabulary: Self.vocabulary).instructions(in: Array(text.utf8), file: "many.events")
        #expect(instructions.map(\.location.line) == expected)
        guard case .input(.send(let event)) = instructions[instructions.count - 2].kind else {
            Issue.record("the last statement but one should be a send")
            return
        }
        #expect(event == .queryChanged("q69998"))
    }

    @Test func anErrorAnInputMeetsWhenItRunsShowsItsLine() throws {
        let text = "machine address-picker\n\n# a comment\nsend searchActivated\n  respond places []\n"
        let (outcome, _) = try Self.streamed(text, chunk: 3)
        guard case .invalid(let error) = outcome else {
            Issue.record("expected a run-time error: \(outcome)")
            return
        }
        #expect(error.location == ScriptLocation(line: 5, column: 3))
        #expect(error.sourceLine == "  respond places []")
        #expect(error.file == "long.events")
    }
}
