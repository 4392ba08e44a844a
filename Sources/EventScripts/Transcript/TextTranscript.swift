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
        var text = ""
        Self.write(entry, into: &text)
        output.write(text)
    }

    private static func write(_ entry: TranscriptEntry, into output: inout String) {
        switch entry {
        case .header(let file, let machine, let givens):
            output += "script \(file.split(separator: "/").last.map(String.init) ?? file) (machine \(machine))\n"
            for given in givens { output += "given \(given.field) \(given.value)\n" }
            output += "\n"
        case .step(let step):
            output += "@\(Value.milliseconds(step.time)) \(step.input)\n"
            write(step, nested: false, into: &output)
        case .quiet(let time, let input):
            output += "@\(Value.milliseconds(time)) \(input): nothing due\n"
        case .failure(let failure):
            output += "FAILED \(failure.location) \(failure.statement)\n"
            output += "  expected: \(failure.expected)\n"
            output += "  actual:   \(failure.actual)\n"
            if let line = failure.inputLine {
                let changes = failure.changes.filter {
                    !$0.stateChanges.isEmpty || !$0.fieldChanges.isEmpty || !$0.commands.isEmpty
                }
                output += "  line \(line) changed\(changes.isEmpty ? " nothing" : ":")\n"
                for step in changes { write(step, nested: true, withRows: false, into: &output) }
            }
        case .held:
            break
        case .end(let outcome):
            output += "\n"
            switch outcome {
            case .passed(let expectations):
                output += "passed: \(expectations) expectation\(expectations == 1 ? "" : "s") held\n"
            case .failed(let failures, let expectations):
                output += "FAILED: \(failures) of \(expectations) expectation\(expectations == 1 ? "" : "s") failed\n"
            case .invalid(let error):
                output += "INVALID: \(error.file):\(error.location): \(error.message)\n"
            }
        }
    }

    /// Writes a step's lines, indented by two spaces, or by four when `nested` (a failed
    /// expectation's changes, without their rows).
    private static func write(_ step: TranscriptStep, nested: Bool, withRows: Bool = true, into output: inout String) {
        let indent = nested ? "    " : "  "
        if withRows, !step.fired.isEmpty { output += indent + "fired   " + step.fired.joined(separator: ", ") + "\n" }
        if withRows, let ignored = step.ignored { output += indent + "ignored: " + ignored + "\n" }
        if withRows, let dropped = step.dropped { output += indent + "dropped: " + dropped + "\n" }
        if withRows {
            for change in step.compoundChanges { output += indent + change.text + "\n" }
        }
        for change in step.stateChanges { output += indent + "state   \(change.name): \(change.old) → \(change.new)\n" }
        for change in step.fieldChanges { output += indent + "field   \(change.name): \(change.old) → \(change.new)\n" }
        for command in step.commands { output += indent + "command " + command + "\n" }
    }
}
