import EventScripts

/// Checks and replays scripts of one vocabulary in tests: the helpers every script test of a
/// machine needs, written once for any machine. It reports rather than records problems, so that
/// it needs no test library of its own.
public struct ScriptHarness<V: ScriptVocabulary>: Sendable {
    /// The vocabulary the scripts are written in.
    public let vocabulary: V

    /// A harness for scripts of `vocabulary`.
    public init(_ vocabulary: V) {
        self.vocabulary = vocabulary
    }

    /// Parses and checks `source`.
    public func program(_ source: String, file: String = "test.events") throws(ScriptError) -> CheckedScript<V> {
        let bytes: [UInt8] = Array(source.utf8)
        return try ScriptChecker(vocabulary: vocabulary).check(bytes, file: file)
    }

    /// The instructions the statements of `source` check into.
    package func instructions(_ source: String, file: String = "test.events") throws(ScriptError) -> [Instruction<V.Machine>] {
        try ScriptChecker(vocabulary: vocabulary).instructions(in: Array(source.utf8), file: file)
    }

    /// The error `source` is invalid with, or `nil` when it is valid.
    public func error(_ source: String) -> ScriptError? {
        do {
            _ = try program(source)
            return nil
        } catch {
            return error
        }
    }

    /// Replays `source`; returns the outcome and the text transcript.
    public func replay(_ source: String) -> (outcome: Outcome, transcript: String) {
        do {
            let checked = try program(source)
            var sink = TextTranscript(output: "")
            let outcome = try Player(vocabulary: vocabulary).play(checked, into: &sink)
            return (outcome, sink.output)
        } catch let error as ScriptError {
            return (.invalid(error), "")
        } catch {
            preconditionFailure("reading a script in memory failed: \(error)")
        }
    }

    /// Why `source` is not invalid at `line`:`column` with a message containing `fragment`, or
    /// `nil` when it is: for a test to record.
    public func mismatch(_ source: String, at line: Int, _ column: Int, _ fragment: String) -> String? {
        guard let error = error(source) else { return "expected an error containing '\(fragment)', but the script is valid" }
        guard error.location == ScriptLocation(line: line, column: column), error.message.contains(fragment) else {
            return "expected an error at \(line):\(column) containing '\(fragment)', got \(error)"
        }
        return nil
    }
}
