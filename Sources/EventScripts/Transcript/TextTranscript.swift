/// Writes a transcript as deterministic text, entry by entry, to any text stream.
///
/// ```
/// @0ms respond sendCode#1
///   fired   codeSent, startCooldown
///   state   session: sendingCode → awaitingCode
///   state   resend: ready → coolingDown
///   field   pending: [sendCode] → []
///   command startTimer(resendCooldown, 30000ms)
/// ```
///
/// A step of a nested machine also says, after its rows, each compound state they exited,
/// entered or restored by history, in the order their actions ran (`exited  search.active`,
/// `entered search.active`, `restored deck.on`); a leaf's change is its `state` line.
///
/// A transcript of the steps only (`stepsOnly: true`) leaves out what a script adds around
/// them: the header, the advances with nothing due, the expectations and the end. It is what
/// a live session's steps give (``Player/transcribe(_:into:)`` of the steps the live runtime
/// reported), so a recorded session and its replay compare byte for byte:
///
/// ```swift
/// var live = TextTranscript(output: "", stepsOnly: true)
/// player.transcribe(sessionSteps, into: &live)          // every step LiveRuntime.onStep reported
/// var replayed = TextTranscript(output: "", stepsOnly: true)
/// _ = try player.play(try checker.check(recording, file: "session.events"), into: &replayed)
/// // replayed.output == live.output
/// ```
public struct TextTranscript<Output: TextOutputStream>: TranscriptSink {
    /// Where the text goes.
    public var output: Output
    /// Whether only the steps are written (see above).
    public let stepsOnly: Bool
    /// The UTF-8 of the entry being written, kept between entries for its storage: an entry is
    /// written to it piece by piece and to ``output`` in one piece, so that the output (behind
    /// a protocol) is called once an entry rather than once a piece. A copy of the sink gets a
    /// buffer of its own at its first entry (see ``write(_:)``).
    private var text = UTF8Text(remembersNumbers: true)
    /// How an entry's bytes reach an output that takes UTF-8 as it is (``UTF8OutputStream``),
    /// or `nil` for an output that takes strings only.
    private let writeUTF8: ((inout Output, UnsafeBufferPointer<UInt8>) -> Void)?

    /// A sink writing to `output`, each entry as a string; only the steps with `stepsOnly`.
    public init(output: Output, stepsOnly: Bool = false) {
        self.output = output
        self.stepsOnly = stepsOnly
        self.writeUTF8 = nil
    }

    /// A sink writing to `output`, each entry as its UTF-8 bytes: no string is made of them
    /// (making one checks every byte again). Only the steps with `stepsOnly`.
    public init(output: Output, stepsOnly: Bool = false) where Output: UTF8OutputStream {
        self.output = output
        self.stepsOnly = stepsOnly
        self.writeUTF8 = { output, bytes in output.write(utf8: bytes) }
    }

    /// Writes `entry` as it comes.
    public mutating func write(_ entry: TranscriptEntry) {
        if stepsOnly {
            guard case .step = entry else { return }
        }
        if !isKnownUniquelyReferenced(&text) { text = UTF8Text(remembersNumbers: true) }
        text.removeAll()
        Self.write(entry, into: text)
        if let writeUTF8 {
            writeUTF8(&output, text.bytes)
        } else {
            output.write(text.string)
        }
    }

    private static func write(_ entry: TranscriptEntry, into output: UTF8Text) {
        switch entry {
        case .header(let file, let machine, let givens):
            output.write("script \(file.split(separator: "/").last.map(String.init) ?? file) (machine \(machine))\n")
            for given in givens { output.write("given \(given.field) = \(given.value)\n") }
            output.write(literal: "\n")
        case .step(let step):
            output.write(literal: "@")
            output.write(duration: step.time)
            output.write(literal: " ")
            output.write(step.input)
            output.write(literal: "\n")
            write(step, nested: false, into: output)
        case .quiet(let time, let input):
            output.write("@\(Value.render(time)) \(input): nothing due\n")
        case .failure(let failure):
            output.write("FAILED \(failure.location) \(failure.statement)\n")
            output.write("  expected: \(failure.expected)\n")
            output.write("  actual:   \(failure.actual)\n")
            if let line = failure.inputLine {
                let changes = failure.changes.filter {
                    !$0.stateChanges.isEmpty || !$0.fieldChanges.isEmpty || !$0.commands.isEmpty
                }
                output.write("  line \(line) changed\(changes.isEmpty ? " nothing" : ":")\n")
                for step in changes { write(step, nested: true, withRows: false, into: output) }
            }
        case .held:
            break
        case .end(let outcome):
            output.write(literal: "\n")
            switch outcome {
            case .passed(let expectations):
                output.write("passed: \(expectations) expectation\(expectations == 1 ? "" : "s") held\n")
            case .failed(let failures, let expectations):
                output.write("FAILED: \(failures) of \(expectations) expectation\(expectations == 1 ? "" : "s") failed\n")
            case .invalid(let error):
                output.write("INVALID: \(error.file):\(error.location): \(error.message)\n")
            }
        }
    }

    /// Writes a step's lines, indented by two spaces, or by four when `nested` (a failed
    /// expectation's changes, without their rows).
    private static func write(_ step: TranscriptStep, nested: Bool, withRows: Bool = true, into output: UTF8Text) {
        let indent = nested ? "    " : "  "
        if withRows, !step.fired.isEmpty {
            output.write(indent)
            output.write(literal: "fired   ")
            for (index, row) in step.fired.enumerated() {
                if index > 0 { output.write(literal: ", ") }
                output.write(row)
            }
            output.write(literal: "\n")
        }
        if withRows, let ignored = step.ignored { line(indent, "ignored: ", ignored, into: output) }
        if withRows, let dropped = step.dropped { line(indent, "dropped: ", dropped, into: output) }
        if withRows {
            for change in step.compoundChanges {
                output.write(indent)
                change.write(into: output)
                output.write(byte: UInt8(ascii: "\n"))
            }
        }
        // The indent and the label in one piece: a failure's changes are indented further.
        write(step.stateChanges, nested ? "    state   " : "  state   ", into: output)
        write(step.fieldChanges, nested ? "    field   " : "  field   ", into: output)
        for command in step.commands {
            output.write(literal: nested ? "    command " : "  command ")
            output.write(command)
            output.write(byte: UInt8(ascii: "\n"))
        }
    }

    /// `INDENTLABELtext` and a line break.
    private static func line(_ indent: String, _ label: String, _ text: String, into output: UTF8Text) {
        output.write(indent)
        output.write(label)
        output.write(text)
        output.write(literal: "\n")
    }

    /// `PREFIXname: old → new` (the prefix is the indent and the label) and a line break for
    /// each change, each read where the list keeps it (a change, three strings, is not copied to
    /// be written).
    private static func write(_ changes: [TranscriptStep.Change], _ prefix: StaticString, into output: UTF8Text) {
        changes.withUnsafeBufferPointer { changes in
            for index in changes.indices {
                output.write(literal: prefix)
                output.write(changes[index].name)
                output.write(literal: ": ")
                output.write(changes[index].old)
                output.write(literal: " → ")
                output.write(changes[index].new)
                output.write(byte: UInt8(ascii: "\n"))
            }
        }
    }
}

/// A text stream that also takes UTF-8 as bytes, as they are: what ``TextTranscript`` writes
/// its entries to without making a string of each (a command-line tool's buffered output).
public protocol UTF8OutputStream: TextOutputStream {
    /// Appends `bytes`, which are valid UTF-8.
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
}
