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
          A script is refused (status 2, no page written) when it has more than
          \(ReplayTimeline.stepLimit) inputs or its replay makes more than \(ReplayTimeline.stepLimit) steps.
          --html prints one line per script, as --quiet does (in --format).
          An invalid script gets no page.
        """
    }

    /// Replays each script into its HTML report in `directory`, printing one summary line per
    /// script; returns the highest status.
    func reportHTML(
        _ files: [String], into directory: String, _ invocation: Invocation, answerer: Answerer<V.Machine>?, format: Format
    ) throws -> ExitCode {
        let destinations = try transcriptPaths(files, in: directory, extension: "html")
        let checker = ScriptChecker(vocabulary: vocabulary)
        let player = Player(vocabulary: vocabulary)
        let listing = vocabulary.table.listing
        let limit = ReplayTimeline.stepLimit
        var status = ExitCode.success
        var standardOutput = invocation.standardOutput
        for file in files {
            let name = InputFiles.displayName(file)
            var outcome: Outcome
            do {
                let script = try checker.check(try invocation.read(file), file: name)
                let inputs = script.inputCount
                guard inputs <= limit else {
                    invocation.printError(
                        "error: \(name): \(inputs) inputs is more than --html reports (\(limit) steps at most); "
                            + "replay it without --html, or split it")
                    status = max(status, .invalid)
                    continue
                }
                let initialStates = listing.regions.indices.map { script.initialState.controls[$0] }
                var sink = Tee(
                    first: ReplayTimeline(listing: listing, initialStates: initialStates),
                    second: Diagnostics(streams: invocation.streams))
                outcome = try player.play(script, answerer: answerer, into: &sink)
                guard !sink.first.isOverLimit else {
                    invocation.printError(
                        "error: \(name): its replay makes \(sink.first.momentCount) steps, more than --html reports "
                            + "(\(limit) at most); replay it without --html, or split it")
                    status = max(status, .invalid)
                    continue
                }
                if case .invalid = outcome {
                } else if let path = destinations[file] {
                    let page = ReplayPage(timeline: sink.first)
                    try invocation.write(to: path) { $0.write(page.html) }
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
}
