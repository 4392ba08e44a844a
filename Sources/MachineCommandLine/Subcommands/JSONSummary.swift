import EventScripts
import Foundation

/// The line `replay --quiet --format json` prints for a script.
struct JSONSummary: Encodable {
    let file: String
    let outcome: String
    let expectations: Int?
    let failures: Int?
    let error: String?
    let exitCode: Int32

    init(_ outcome: Outcome, file: String) {
        self.file = file
        exitCode = outcome.exitCode
        switch outcome {
        case .passed(let expectations):
            (self.outcome, self.expectations, failures, error) = ("passed", expectations, 0, nil)
        case .failed(let failures, let expectations):
            (self.outcome, self.expectations, self.failures, error) = ("failed", expectations, failures, nil)
        case .invalid(let error):
            (self.outcome, expectations, failures, self.error) = ("invalid", nil, nil, error.description)
        }
    }

    /// The line of a script stopped by `error`, so that every script named has its line:
    /// `unreadable` when the script could not be read (a missing file, a folder), `error` when
    /// a file could not be read or written once it ran.
    init(file: String, outcome: String, error: ToolError) {
        self.file = file
        (self.outcome, expectations, failures, self.error) = (outcome, nil, nil, error.description)
        exitCode = ExitCode.cannotReadOrWrite.rawValue
    }

    var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
