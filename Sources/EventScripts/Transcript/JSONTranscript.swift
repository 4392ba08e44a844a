/// Writes a transcript as JSON Lines: one object per entry, keys in a fixed order, values as
/// their script text. For tools that read transcripts as they stream.
///
/// Every line of a kind has the same keys, in the same order; a key with nothing to say is
/// `null` (`ignored`, `dropped`) or an empty list. A step's `compound` lists the compound states
/// it exited, entered or restored, as `{"change":"entered","region":"search","state":"active"}`,
/// in the order their actions ran (always empty on a flat machine).
public struct JSONTranscript<Output: TextOutputStream>: TranscriptSink {
    /// Where the lines go.
    public var output: Output

    /// A sink writing to `output`.
    public init(output: Output) {
        self.output = output
    }

    /// Writes `entry` as it comes.
    public mutating func write(_ entry: TranscriptEntry) {
        var object = JSONObject()
        switch entry {
        case .header(let file, let machine, let givens):
            object.add("type", "script")
            object.add("file", file)
            object.add("machine", machine)
            object.addRaw(
                "givens",
                "["
                    + givens.map { "{\"field\":\(json($0.field)),\"value\":\(json($0.value.description))}" }
                    .joined(separator: ",") + "]")
        case .step(let step):
            object.add("type", "step")
            object.add("time", Value.milliseconds(step.time))
            object.add("input", step.input)
            object.addRaw("fired", "[" + step.fired.map(json).joined(separator: ",") + "]")
            object.add("ignored", step.ignored)
            object.add("dropped", step.dropped)
            object.addRaw(
                "compound",
                "["
                    + step.compoundChanges.map {
                        "{\"change\":\(json($0.verb)),\"region\":\(json($0.region)),\"state\":\(json($0.state))}"
                    }.joined(separator: ",") + "]")
            object.addRaw("states", changes(step.stateChanges))
            object.addRaw("fields", changes(step.fieldChanges))
            object.addRaw("commands", "[" + step.commands.map(json).joined(separator: ",") + "]")
        case .quiet(let time, let input):
            object.add("type", "quiet")
            object.add("time", Value.milliseconds(time))
            object.add("input", input)
        case .failure(let failure):
            object.add("type", "failure")
            object.addRaw("line", String(failure.location.line))
            object.addRaw("column", String(failure.location.column))
            object.add("statement", failure.statement)
            object.add("expected", failure.expected)
            object.add("actual", failure.actual)
            object.addRaw("inputLine", failure.inputLine.map(String.init) ?? "null")
        case .held:
            return
        case .end(let outcome):
            object.add("type", "end")
            // The same keys for every outcome: counts are null where the script did not run.
            var counts: (failures: Int, expectations: Int)?
            var error = "null"
            switch outcome {
            case .passed(let expectations):
                object.add("outcome", "passed")
                counts = (0, expectations)
            case .failed(let failures, let expectations):
                object.add("outcome", "failed")
                counts = (failures, expectations)
            case .invalid(let invalid):
                object.add("outcome", "invalid")
                error =
                    "{\"file\":\(json(invalid.file)),\"line\":\(invalid.location.line),\"column\":\(invalid.location.column),\"message\":\(json(invalid.message))}"
            }
            object.addRaw("failures", counts.map { String($0.failures) } ?? "null")
            object.addRaw("expectations", counts.map { String($0.expectations) } ?? "null")
            object.addRaw("error", error)
            object.addRaw("exitCode", String(outcome.exitCode))
        }
        output.write(object.text + "}\n")
    }

    private func changes(_ changes: [TranscriptStep.Change]) -> String {
        "["
            + changes.map {
                "{\"name\":\(json($0.name)),\"old\":\(json($0.old)),\"new\":\(json($0.new))}"
            }
            .joined(separator: ",") + "]"
    }

    private struct JSONObject {
        var text = "{"
        var isEmpty = true
        mutating func addRaw(_ key: String, _ raw: String) {
            if !isEmpty { text += "," }
            isEmpty = false
            text += "\"\(key)\":\(raw)"
        }
        mutating func add(_ key: String, _ value: String?) { addRaw(key, value.map(json) ?? "null") }
    }
}

/// `string` as a JSON string literal.
func json(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": text += "\\\""
        case "\\": text += "\\\\"
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
    }
    return text + "\""
}
