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
/// a live session's steps give (`Player.transcribe(_:into:)` of the steps the live runtime
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
    let stepsOnly: Bool
    /// The entry being written, kept from entry to entry with its storage: an entry is written
    /// piece by piece into these bytes, then to ``output`` as one string.
    private var text: [UInt8] = []

    /// A sink writing to `output`; only the steps with `stepsOnly`.
    public init(output: Output, stepsOnly: Bool = false) {
        self.output = output
        self.stepsOnly = stepsOnly
    }

    /// Writes `entry` as it comes, in one piece.
    public mutating func write(_ entry: TranscriptEntry) {
        if stepsOnly {
            guard case .step = entry else { return }
        }
        text.removeAll(keepingCapacity: true)
        text.append(transcriptOf: entry)
        output.write(text.text)
    }
}

extension [UInt8] {
    /// Appends `entry` as the text transcript writes it (``TextTranscript``), as UTF-8 bytes: for
    /// an output that takes bytes, with no string made.
    package mutating func append(transcriptOf entry: TranscriptEntry) {
        Self.write(entry, into: &self)
    }

    private static func write(_ entry: TranscriptEntry, into output: inout [UInt8]) {
        switch entry {
        case .header(let file, let machine, let givens):
            output.append(text: "script \(file.split(separator: "/").last.map(String.init) ?? file) (machine \(machine))\n")
            for given in givens { output.append(text: "given \(given.field) \(given.value)\n") }
            output.append(text: "\n")
        case .step(let step):
            output.append(text: "@")
            output.append(text: Value.milliseconds(step.time))
            output.append(text: " ")
            output.append(text: step.input)
            output.append(text: "\n")
            write(step, nested: false, into: &output)
        case .quiet(let time, let input):
            output.append(text: "@\(Value.milliseconds(time)) \(input): nothing due\n")
        case .failure(let failure):
            output.append(text: "FAILED \(failure.location) \(failure.statement)\n")
            output.append(text: "  expected: \(failure.expected)\n")
            output.append(text: "  actual:   \(failure.actual)\n")
            if let line = failure.inputLine {
                let changes = failure.changes.filter {
                    !$0.stateChanges.isEmpty || !$0.fieldChanges.isEmpty || !$0.commands.isEmpty
                }
                output.append(text: "  line \(line) changed\(changes.isEmpty ? " nothing" : ":")\n")
                for step in changes { write(step, nested: true, into: &output) }
            }
        case .held:
            break
        case .end(let outcome):
            output.append(text: "\n")
            switch outcome {
            case .passed(let expectations):
                output.append(text: "passed: \(expectations) expectation\(expectations == 1 ? "" : "s") held\n")
            case .failed(let failures, let expectations):
                output.append(
                    text: "FAILED: \(failures) of \(expectations) expectation\(expectations == 1 ? "" : "s") failed\n")
            case .invalid(let error):
                output.append(text: "INVALID: \(error.file):\(error.location): \(error.message)\n")
            }
        }
    }

    /// Writes a step's lines, indented by two spaces, or by four when `nested` (a failed
    /// expectation's changes, without their rows). Each label is written with its indent in one
    /// piece, and a line break as one byte: a piece appended costs more than its bytes.
    private static func write(_ step: TranscriptStep, nested: Bool, into output: inout [UInt8]) {
        if !nested, !step.fired.isEmpty {
            output.append(text: "  fired   ")
            for (index, row) in step.fired.enumerated() {
                if index > 0 { output.append(text: ", ") }
                output.append(text: row)
            }
            output.append(newline)
        }
        if !nested, let ignored = step.ignored { line("  ignored: ", ignored, into: &output) }
        if !nested, let dropped = step.dropped { line("  dropped: ", dropped, into: &output) }
        if !nested {
            for change in step.compoundChanges { line("  ", change.text, into: &output) }
        }
        for change in step.stateChanges { line(nested, "  state   ", change, into: &output) }
        for change in step.fieldChanges { line(nested, "  field   ", change, into: &output) }
        for command in step.commands {
            if nested { output.append(text: "  ") }
            line("  command ", command, into: &output)
        }
    }

    /// A line break.
    private static var newline: UInt8 { UInt8(ascii: "\n") }

    /// Appends `label` (with its indent), `text` and a line break.
    private static func line(_ label: StaticString, _ text: String, into output: inout [UInt8]) {
        output.append(text: label)
        output.append(text: text)
        output.append(newline)
    }

    /// Appends a change's line: `label` (with its indent, two spaces more when `nested`), then
    /// `name: old → new`.
    private static func line(
        _ nested: Bool, _ label: StaticString, _ change: TranscriptStep.Change, into output: inout [UInt8]
    ) {
        if nested { output.append(text: "  ") }
        output.append(text: label)
        output.append(text: change.name)
        output.append(text: ": ")
        output.append(text: change.old)
        output.append(text: " → ")
        output.append(text: change.new)
        output.append(newline)
    }
}
