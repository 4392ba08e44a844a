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
public struct TextTranscript<Output: TextOutputStream>: TranscriptSink {
    /// Where the text goes.
    public var output: Output

    /// A sink writing to `output`.
    public init(output: Output) {
        self.output = output
    }

    /// Writes `entry` as it comes.
    public mutating func write(_ entry: TranscriptEntry) {
        switch entry {
        case .header(let file, let machine, let givens):
            output.write("script \(file.split(separator: "/").last.map(String.init) ?? file) (machine \(machine))\n")
            for given in givens { output.write("given \(given.field) = \(given.value)\n") }
            output.write("\n")
        case .step(let step):
            output.write("@\(Value.render(step.time)) \(step.input)\n")
            write(step, indent: "  ")
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
                for step in changes { write(step, indent: "    ", withRows: false) }
            }
        case .held:
            break
        case .end(let outcome):
            output.write("\n")
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

    private mutating func write(_ step: TranscriptStep, indent: String, withRows: Bool = true) {
        if withRows, !step.fired.isEmpty { output.write("\(indent)fired   \(step.fired.joined(separator: ", "))\n") }
        if withRows, let ignored = step.ignored { output.write("\(indent)ignored: \(ignored)\n") }
        if withRows, let dropped = step.dropped { output.write("\(indent)dropped: \(dropped)\n") }
        if withRows {
            for change in step.compoundChanges {
                output.write("\(indent)\(change.text)\n")
            }
        }
        for change in step.stateChanges { output.write("\(indent)state   \(change.name): \(change.old) → \(change.new)\n") }
        for change in step.fieldChanges { output.write("\(indent)field   \(change.name): \(change.old) → \(change.new)\n") }
        for command in step.commands { output.write("\(indent)command \(command)\n") }
    }
}
