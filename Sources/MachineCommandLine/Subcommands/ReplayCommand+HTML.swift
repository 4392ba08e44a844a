import EventScripts
import MachineReports
import MachineRuntime

extension ReplayOptions {
    /// `--html DIR`: the option, as replay's help lists it.
    static func html(conflictsWith others: [any AnyOption]) -> Option<String?> {
        Option(
            "html", "directory", .folder,
            help: "Write each script's report to <directory>/NAME.html (self-contained HTML), atomically, "
                + "and print one line per script.", conflictsWith: others)
    }
}

extension ReplayCommand {
    /// What replay's help says of `--html`.
    var htmlDiscussion: String {
        """
        HTML REPORTS (--html):
          One page per script, opened from disk with no network: the machine drawn from its table,
          the failed expectations, and a timeline of every step; selecting a step (click, ← →,
          Home, End, or a #step-N link) marks the states active after it and the rows it fired.
          A script is refused (status 2, no page written) when its replay makes more than
          \(ReplaySummary.stepLimit) steps. The page is written as the script is replayed (twice: the
          first replay finds what the top of the page says), so memory does not grow with the
          script; values longer than \(ReplaySummary.valueLimit) characters are shortened on the page.
          --html prints one line per script, as --quiet does (in --format).
          An invalid script gets no page.
        """
    }

    /// Replays each script into its HTML report in `directory`, printing one summary line per
    /// script; returns the highest status.
    func reportHTML(
        _ files: [String], into directory: String, _ invocation: Invocation, provider: Provider<V.Machine>?, format: Format
    ) throws -> ExitCode {
        let destinations = try transcriptPaths(files, in: directory, extension: "html")
        let listing = vocabulary.table.listing
        var status = ExitCode.success
        var standardOutput = invocation.standardOutput
        for file in files {
            let name = InputFiles.displayName(file)
            var outcome: Outcome
            do {
                // Checked whole first, then replayed twice, statement by statement, reading the
                // script again each time: into the summary, then into the page as it is written.
                let script = try runner.check(try invocation.script(file), file: name)
                var runtime = Runtime(table: vocabulary.table, state: script.initialState, provider: provider)
                var first = Tee(
                    first: ReplaySummary(
                        listing: listing,
                        initialStates: listing.regions.indices.map { region in
                            let controls = script.initialState.controls
                            return vocabulary.table.isActive(region: region, in: controls) ? controls[region] : -1
                        }),
                    second: Diagnostics(streams: invocation.streams))
                outcome = try replay(script, on: &runtime, into: &first)
                let summary = first.first
                guard !summary.isOverLimit else {
                    invocation.printError(
                        "error: \(name): its replay makes \(summary.stepCount) steps, more than --html reports "
                            + "(\(ReplaySummary.stepLimit) at most); replay it without --html, or split it")
                    status = max(status, .invalid)
                    continue
                }
                if case .invalid = outcome {
                } else if let path = destinations[file] {
                    try invocation.write(to: path) { output in
                        var runtime = Runtime(table: vocabulary.table, state: script.initialState, provider: provider)
                        var page = ReplayPage(summary: summary, output: output)
                        _ = try replay(script, on: &runtime, into: &page)
                        output = page.output
                    }
                }
            } catch let error as ScriptError {
                outcome = .invalid(error)
                invocation.printError(error.description)
            } catch let error as ToolError {
                invocation.printError("error: \(error)")
                status = max(status, .cannotReadOrWrite)
                continue
            }
            standardOutput.write(summary(of: outcome, file: name, format: format) + "\n")
            status = max(status, ExitCode(outcome.exitCode))
        }
        try standardOutput.finish("standard output")
        return status
    }

    /// Replays `script` on `runtime` into `sink`.
    private func replay<S: TranscriptSink>(
        _ script: CheckedScript<V>, on runtime: inout Runtime<V.Machine>, into sink: inout S
    ) throws -> Outcome {
        try runner.play(script, on: &runtime, into: &sink)
    }
}
