import EventScripts
import Foundation
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
    /// Finds scripts that kill survivors, when the tool has input samples.
    let suggester: MutantSuggester<V>?

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

    /// `--suggest <directory>`.
    var suggest: Option<String?> {
        Option(
            "suggest", "directory", .folder,
            help:
                "For each survivor, search the sample inputs for a shortest script after which it differs from the machine, and write it, with its expectations, to <directory>/kill-ID.events (the folder is created if missing)."
        )
    }

    var subcommand: Subcommand {
        Subcommand(
            "mutate",
            abstract: "Plant faults in the \(vocabulary.machineName) machine's table and report those the scripts miss.",
            arguments: [
                Argument("file", repeated: true, help: "Event scripts (.events) to replay; - reads one from standard input.")
            ],
            options: [minimum, format, providers.option, html, suggest],
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

                With --suggest, a breadth-first search over the machine's input samples (as `paths` does, up to
                \(MutantSuggester<V>.depth) inputs and 5,000 pairs of states) looks for a shortest script after
                which each survivor differs from the machine in what a script observes: control states, the
                fields the scripts read, commands, dropped answers, whether the input was ignored. The script
                is written with the expectations of each step, so adding it kills the mutant. A survivor that
                nothing tells apart is reported as "no difference found up to N inputs": most likely an
                equivalent mutant. The report then also gives the score counting only the mutants a script can
                tell apart, leaving those out. Review the scripts, then keep the ones worth keeping.
                """,
            perform: { try run($0) })
    }

    func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        try InputFiles.check(arguments.positional)
        // Outputs are refused before the mutants run (minutes, for a large table), not after.
        if let path = arguments[html] {
            try InputFiles.refuseWriting(path, over: arguments.positional, as: "the page")
            try invocation.checkWritable(path)
        }
        if let folder = arguments[suggest] { try Self.checkFolder(folder) }
        let provider = try providers.provider(named: arguments[providers.option])
        var scripts: [CheckedScript<V>] = []
        for file in arguments.positional {
            do {
                scripts.append(try runner.check(try invocation.script(file), file: InputFiles.displayName(file)))
            } catch let error as ScriptError {
                invocation.printError(error.description)
                return .invalid
            }
        }
        let suggestFolder = arguments[suggest]
        if suggestFolder != nil, suggester == nil {
            throw UsageError(
                "--suggest needs the machine's input samples, and this tool was built without them: "
                    + "give MachineCommandLine(exploration:) an Exploration(samples:)")
        }
        var report: MutationReport
        let mutants: [Mutant<V.Machine>]
        do {
            (report, mutants) = try MutationRun.run(scripts, vocabulary: vocabulary, runner: runner, provider: provider)
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
        var suggestions: [String] = []
        if let folder = suggestFolder, let suggester {
            let survivors = mutants.indices.filter { report.results[$0].survived }.map { mutants[$0] }
            (suggestions, report.undistinguished) = try Self.writeSuggestions(
                for: survivors, suggester: suggester, into: folder)
        }
        var output = invocation.standardOutput
        output.write(arguments[format] == .json ? report.json : report.text)
        if !suggestions.isEmpty {
            if arguments[format] == .text {
                output.write("\n" + suggestions.joined(separator: "\n") + "\n")
            } else {
                invocation.printError(suggestions.joined(separator: "\n"))
            }
        }
        var status = ExitCode.success
        if let minimum = arguments[minimum], report.score < minimum {
            if arguments[format] == .text { output.write("\nmutation score \(report.scoreText) is below --min \(minimum)%\n") }
            status = .failure
        }
        try output.finish("standard output")
        return status
    }

    /// Refuses a `--suggest` folder that is a file, before the mutants run.
    static func checkFolder(_ folder: String) throws(ToolError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            throw ToolError("cannot write suggestions into '\(folder)': it is a file, not a folder")
        }
    }

    /// Searches for a script that kills each of `survivors`, on every core, and writes those
    /// found into `folder`; returns what to print (what was written, and each survivor nothing
    /// told apart) and the survivors nothing told apart.
    static func writeSuggestions(
        for survivors: [Mutant<V.Machine>], suggester: MutantSuggester<V>, into folder: String
    ) throws -> (lines: [String], undistinguished: [MutationReport.Undistinguished]) {
        let suggestions = Parallel.map(survivors.count) { suggester.suggest(survivors[$0]) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ToolError("cannot create the folder '\(folder)': \(error.localizedDescription)")
        }
        var written = 0
        var notes: [String] = []
        var undistinguished: [MutationReport.Undistinguished] = []
        for (mutant, suggestion) in zip(survivors, suggestions) {
            let name =
                "kill-" + String(mutant.id.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") ? $0 : "-" }) + ".events"
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            switch suggestion {
            case .script(let text), .unconfirmed(let text):
                try OutputFile.write(path) { output in
                    output.write(text)
                    return true
                }
                written += 1
                if case .unconfirmed = suggestion {
                    notes.append("  \(mutant.id): \(name) differs from the machine, but its expectations do not show it: review")
                }
            case .noDifference(let depth):
                notes.append("  \(mutant.id): no difference found up to \(depth) inputs (likely equivalent)")
                undistinguished.append(MutationReport.Undistinguished(id: mutant.id, depth: depth))
            }
        }
        let lines =
            ["suggest: wrote \(written.counted("script")) to \(folder) for \(survivors.count.counted("survivor"))"]
            + notes
        return (lines, undistinguished)
    }
}
