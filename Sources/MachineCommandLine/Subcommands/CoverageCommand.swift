import EventScripts
import Foundation
import MachineAnalysis
import MachineReports
import MachineRuntime

/// `NAME coverage FILE...`: which rows, states, events, guards and row pairs the scripts
/// exercise.
struct CoverageCommand<V: ScriptVocabulary>: Sendable {
    let vocabulary: V
    /// Checks and replays the scripts, compiled for the machine.
    let runner: ScriptRunner<V>
    let providers: Providers<V.Machine>

    /// `--min <percent>`.
    var minimum: Option<Double?> {
        Option("min", "percent", .percentage, help: "Exit with 1 when row coverage is below <percent>.")
    }

    /// `--html <file>`.
    var html: Option<String?> {
        Option(
            "html", "file", .file,
            help: "Also write the coverage as a self-contained HTML page to <file>, atomically: "
                + "the machine drawn with each row's hits, unfired rows and guards seen one way only marked.")
    }

    var subcommand: Subcommand {
        Subcommand(
            "coverage", abstract: "Replay event scripts and report the \(vocabulary.machineName) machine's transition coverage.",
            arguments: [
                Argument("file", repeated: true, help: "Event scripts (.events) to replay; - reads one from standard input.")
            ],
            options: [minimum, providers.option, html],
            exitCodes: [
                .success: "the scripts passed (and rows are covered to --min)",
                .failure: "an expectation failed, or row coverage is below --min",
                .invalid: "a script is invalid",
            ],
            discussion: """
                Prints the totals (rows fired, states entered, events handled, guards seen both true and
                false, pairs of consecutive rows per region), then every row with its hits, uncovered first.
                """,
            perform: { try run($0) })
    }

    func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        try InputFiles.check(arguments.positional)
        if let path = arguments[html] {
            try InputFiles.refuseWriting(path, over: arguments.positional, as: "the page")
            try invocation.checkWritable(path)
        }
        let minimum = arguments[self.minimum]
        let provider = try providers.provider(named: arguments[providers.option])
        var coverage = TransitionCoverage(table: vocabulary.table)
        var status = ExitCode.success
        for file in arguments.positional {
            let name = InputFiles.displayName(file)
            do {
                let script = try runner.check(try invocation.script(file), file: name)
                coverage.beginRun(at: script.initialState)
                var runtime = Runtime(table: vocabulary.table, state: script.initialState, provider: provider)
                var sink = OutcomeOnly()
                let outcome = try runner.play(script, on: &runtime, into: &sink) { coverage.record($0) }
                if case .invalid(let error) = outcome { invocation.printError(error.description) }
                if case .failed(let failures, _) = outcome {
                    invocation.printError("\(name): \(failures.counted("expectation")) failed")
                }
                status = max(status, ExitCode(outcome.exitCode))
            } catch let error as ScriptError {
                invocation.printError(error.description)
                status = max(status, .invalid)
            } catch let error as ToolError {
                invocation.printError("error: \(error)")
                status = max(status, .cannotReadOrWrite)
            }
        }
        let report = coverage.report
        if let path = arguments[html] {
            let page = CoveragePage(
                report: report, machine: vocabulary.machineName,
                scripts: arguments.positional.map(InputFiles.displayName))
            try invocation.write(to: path) { $0.write(page.html) }
        }
        var output = invocation.standardOutput
        output.write(report.text)
        if let minimum, report.rows.percent < minimum {
            output.write("\nrow coverage \(String(format: "%.1f", report.rows.percent))% is below --min \(minimum)%\n")
            status = max(status, .failure)
        }
        try output.finish("standard output")
        return status
    }
}
