import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import FuzzChecks

/// Script text through lexing, parsing, checking and replaying into a text and a JSON Lines
/// transcript. A script is either rejected with an error located inside it, or replays to exit
/// code 0 or 1, or is found invalid while replaying (a `respond` with nothing to answer) at a
/// location inside it; both transcripts agree on the outcome, and every JSON line is an object.
enum ScriptReplay {
    static let file = "fuzz.events"
    static let checker = ScriptChecker(vocabulary: AddressPickerVocabulary())
    static let player = Player(vocabulary: AddressPickerVocabulary())

    static func test(_ bytes: [UInt8]) {
        let program: CheckedScript<AddressPickerVocabulary>
        do {
            program = try checker.check(bytes, file: file)
        } catch {
            requireLocated(error, in: bytes)
            return
        }
        var text = TextTranscript(output: "")
        var json = JSONTranscript(output: "")
        let outcome: Outcome
        let jsonOutcome: Outcome
        do {
            outcome = try player.play(program, into: &text)
            jsonOutcome = try player.play(program, into: &json)
        } catch {
            return require(false, "a script in memory could not be read again: \(error)")
        }
        require(outcome == jsonOutcome, "the text and JSON replays ended differently: \(outcome), \(jsonOutcome)")
        switch outcome {
        case .passed, .failed: require([0, 1].contains(outcome.exitCode), "exit code \(outcome.exitCode) for \(outcome)")
        case .invalid(let error): requireLocated(error, in: bytes)
        }
        require(
            text.output.hasPrefix("script \(file) (machine address-picker)\n") && text.output.hasSuffix("\n"),
            "the text transcript is not whole: \(text.output.suffix(200))")
        for line in json.output.split(separator: "\n") {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            require(object?["type"] is String, "a JSON transcript line is not an object with a type: \(line.prefix(300))")
        }
    }

    /// The error names the file, says something, and points at a line and column inside the script.
    static func requireLocated(_ error: ScriptError, in bytes: [UInt8]) {
        let lines = scriptLineLengths(bytes)
        let location = error.location
        require(error.file == file && !error.message.isEmpty, "an error without file or message: \(error)")
        require((1...lines.count).contains(location.line), "line \(location.line) of \(lines.count): \(error)")
        require(
            location.column >= 1 && location.column <= lines[location.line - 1] + 1,
            "column \(location.column) of a line of \(lines[location.line - 1]) bytes: \(error)")
    }
}

runFuzzer { data, size in
    ScriptReplay.test(bytes(data, size))
    return 0
}
