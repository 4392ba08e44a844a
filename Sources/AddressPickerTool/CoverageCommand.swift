import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import MachineCoverage

/// `address-picker coverage FILE...`: which rows, states, events, guards and row pairs the
/// scripts exercise.
enum CoverageCommand {
    static let options: [Arguments.Option] = [
        .value("min", "percent", help: "Exit with 1 when row coverage is below <percent>."),
        .value("provider", "provider", help: "script (default) or gazetteer, as for replay."),
    ]

    static let help = helpText(
        overview: "Replay event scripts and report the address picker's transition coverage.",
        usage: "address-picker coverage <file> ... [--min <percent>] [--provider <provider>]",
        arguments: [("<file>", "Event scripts (.events) to replay; - reads one from standard input.")],
        options: options,
        exitStatuses: [
            (0, "the scripts passed (and rows are covered to --min)"),
            (1, "an expectation failed, or row coverage is below --min"),
            (2, "a script is invalid"),
        ],
        details: """
            Prints the totals (rows fired, states entered, events handled, guards seen both true and
            false, pairs of consecutive rows per region), then every row with its hits, uncovered first.
            """)

    static func run(_ arguments: Arguments) throws -> Int32 {
        try InputFiles.check(arguments.positional)
        var minimum: Double?
        if let text = arguments[value: "min"] {
            guard let value = Double(text), (0...100).contains(value) else {
                throw UsageError("--min takes a percentage from 0 to 100, not '\(text)'")
            }
            minimum = value
        }
        let answerer = try Providers.answerer(named: arguments[value: "provider"] ?? "script")
        let vocabulary = AddressPickerVocabulary()
        let checker = ScriptChecker(vocabulary: vocabulary)
        let player = Player(vocabulary: vocabulary)
        var coverage = TransitionCoverage(table: AddressPicker.table)
        var status = ExitStatus.success
        for file in arguments.positional {
            let name = InputFiles.displayName(file)
            do {
                let program = try checker.program(from: try InputFiles.read(file), file: name)
                let outcome = coverage.record(program, player: player, answerer: answerer)
                if case .invalid(let error) = outcome { printError(error.description) }
                if case .failed(let failures, _) = outcome { printError("\(name): \(failures) expectation(s) failed") }
                status = max(status, outcome.exitCode)
            } catch let error as ScriptError {
                printError(error.description)
                status = max(status, ExitStatus.invalid)
            } catch let error as ToolError {
                printError("error: \(error)")
                status = max(status, ExitStatus.cannotReadOrWrite)
            }
        }
        let report = coverage.report
        var output = BufferedOutput.standardOutput
        output.write(report.text)
        if let minimum, report.rows.percent < minimum {
            output.write("\nrow coverage \(String(format: "%.1f", report.rows.percent))% is below --min \(minimum)%\n")
            status = max(status, ExitStatus.failure)
        }
        try output.finish("standard output")
        return status
    }
}
