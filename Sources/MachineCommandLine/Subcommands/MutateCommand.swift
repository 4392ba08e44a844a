import EventScripts
import MachineAnalysis
import MachineReports
import MachineRuntime

/// `NAME mutate FILE...`: mutation analysis of the scripts, the faults planted in the table that
/// they notice and the ones that survive.
struct MutateCommand<V: ScriptVocabulary>: Sendable {
    enum Format: String, CaseIterable { case text, json }

    let vocabulary: V
    /// Checks and replays the scripts, compiled for the machine.
    let runner: ScriptRunner<V>
    let providers: Providers<V.Machine>

    /// `--min <percent>`.
    var minimum: Option<Double?> {
        Option("min", "percent", .percentage, help: "Exit with 1 when the mutation score is below <percent>.")
    }

    /// `--format text|json`.
    var format: Option<Format> {
        Option(
            "format", "format", .choices(Format.self), default: .text,
            help: "text, or json: the totals and every mutant with what killed it.")
    }

    /// `--html <file>`.
    var html: Option<String?> {
        Option(
            "html", "file", .file,
            help:
                "Also write the coverage page to <file>, atomically, with the surviving mutants marked on the drawing and in the row table."
        )
    }

    var subcommand: Subcommand {
        Subcommand(
            "mutate",
            abstract: "Plant faults in the \(vocabulary.machineName) machine's table and report those the scripts miss.",
            arguments: [
                Argument("file", repeated: true, help: "Event scripts (.events) to replay; - reads one from standard input.")
            ],
            options: [minimum, format, providers.option, html],
            exitCodes: [
                .success: "the report was written (and the score is at least --min)",
                .failure: "the score is below --min",
                .invalid: "a script is invalid, or does not pass on the machine itself",
            ],
            discussion: """
                Each mutant is the table with one fault: a row removed, a row's target changed to another state
                of its region, a guard always true, always false or negated, a row's action skipped, one command
                of an action dropped, a timer started for half or twice its duration, two competing rows swapped,
                a history changed. No code is compiled: each mutant replays the scripts, on every core. A mutant
                is killed when an expectation fails or a script cannot go on (an answer to a request it never
                made); it survives when every script passes. The report lists the survivors by row, with the
                script lines that fire the row, and the score: the percentage of mutants killed.
                """,
            perform: { try run($0) })
    }

    func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        try InputFiles.check(arguments.positional)
        let provider = try providers.provider(named: arguments[providers.option])
        var scripts: [CheckedScript<V>] = []
        for file in arguments.positional {
            do {
                scripts.append(try runner.check(try invocation.read(file), file: InputFiles.displayName(file)))
            } catch let error as ScriptError {
                invocation.printError(error.description)
                return .invalid
            }
        }
        let report: MutationReport
        do {
            report = try MutationRun.run(scripts, vocabulary: vocabulary, runner: runner, provider: provider)
        } catch let problem as MutationRun.Problem {
            invocation.printError("error: \(problem)")
            return .invalid
        }
        if let path = arguments[html] {
            var coverage = TransitionCoverage(table: vocabulary.table)
            for script in scripts {
                coverage.beginRun(at: script.initialState)
                var runtime = Runtime(table: vocabulary.table, state: script.initialState, provider: provider)
                var sink = OutcomeOnly()
                _ = try runner.play(script, on: &runtime, into: &sink) { coverage.record($0) }
            }
            let page = CoveragePage(
                report: coverage.report, machine: vocabulary.machineName, scripts: scripts.map(\.file), mutation: report)
            try invocation.write(to: path) { $0.write(page.html) }
        }
        var output = invocation.standardOutput
        output.write(arguments[format] == .json ? report.json : report.text)
        var status = ExitCode.success
        if let minimum = arguments[minimum], report.score < minimum {
            if arguments[format] == .text { output.write("\nmutation score \(report.scoreText) is below --min \(minimum)%\n") }
            status = .failure
        }
        try output.finish("standard output")
        return status
    }
}
