import EventScripts
import MachineCore
import MachineDiagrams

/// The HTML report of one replay, written to `output` as the replay goes: the machine drawn
/// from its table, the failed expectations at the top, and a timeline of every step (virtual
/// time, input, rows fired, states and fields changed, commands, expectations held or failed,
/// dropped answers). Selecting a step (a click, ←/→, Home/End, or a `#step-N` link) marks the
/// states active after it and the rows it fired, and brings them into view. A microstep (the
/// machine's eventless rows, a raised or a done event) is a step of its own, indented under the
/// input it follows and naming it (`data-of`), so that stepping goes through it too.
///
/// The page's top needs the end of the replay (its outcome, its failures), so a page takes two
/// replays of the script: the first into a ``ReplaySummary``, the second into the page, which
/// writes each step as it comes and keeps none. Values longer than a few hundred characters are
/// shortened, with a marker, so a page grows with its steps and not with its strings.
///
/// ```swift
/// let player = Player(vocabulary: vocabulary)
/// var summary = ReplaySummary(listing: vocabulary.table.listing,
///                             initialStates: listing.regions.indices.map { program.initialState.controls[$0] })
/// player.play(program, into: &summary)
/// var page = ReplayPage(summary: summary, output: "")
/// player.play(program, into: &page)
/// let html = page.output
/// ```
///
/// The page is one self-contained file (inline style, script and SVG) and deterministic: the
/// same script gives the same bytes.
package struct ReplayPage<Output: TextOutputStream>: TranscriptSink {
    /// Where the page is written.
    package private(set) var output: Output
    /// What the first replay found.
    package let summary: ReplaySummary

    /// How far the page is written.
    private enum Part {
        /// Nothing yet.
        case none
        /// The expectations checked before any step, in their block.
        case start(lines: Int)
        /// A step's item, open for the expectations checked after it.
        case step(lines: Int)
        /// Everything.
        case end
    }

    private var part = Part.none
    private var step = 0
    /// The number of the last step an input made, which the microsteps after it belong to.
    private var inputStep = 0
    /// The control state of every region now.
    private var states: [Int]
    /// The next of the summary's steps with failures.
    private var nextFailing = 0
    private let rowIndex: [String: Int]
    private let regionIndex: [String: Int]

    /// A page of the replay `summary` describes, written to `output` as a second replay of the
    /// same script writes its transcript into it.
    package init(summary: ReplaySummary, output: Output) {
        self.summary = summary
        self.output = output
        states = summary.initialStates
        rowIndex = Dictionary(summary.listing.rows.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        regionIndex = Dictionary(
            summary.listing.regions.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Shows the expectations that held too.
    package var wantsHeldExpectations: Bool { true }

    /// Writes what `entry` adds to the page.
    package mutating func write(_ entry: TranscriptEntry) {
        switch entry {
        case .header:
            guard case .none = part else { return }
            output.write(top)
            part = .start(lines: 0)
        case .step(let transcript):
            for change in transcript.stateChanges {
                guard let region = regionIndex[change.name] else { continue }
                // A region within a state that is left is `nil`: no state of it is active.
                states[region] = summary.listing.regions[region].states.firstIndex(of: change.new) ?? -1
            }
            var lines: [String] = []
            if !transcript.fired.isEmpty { lines.append("fired   " + LongValue.text(transcript.fired.joined(separator: ", "))) }
            if let ignored = transcript.ignored { lines.append("ignored " + LongValue.text(ignored)) }
            if let dropped = transcript.dropped { lines.append("dropped " + LongValue.text(dropped)) }
            for change in transcript.compoundChanges { lines.append(LongValue.text(change.text)) }
            for change in transcript.stateChanges { lines.append("state   " + Self.change(change)) }
            for change in transcript.fieldChanges { lines.append("field   " + Self.change(change)) }
            for command in transcript.commands { lines.append("command " + LongValue.text(command)) }
            item(
                time: transcript.time, input: transcript.input, rows: transcript.fired.compactMap { rowIndex[$0] },
                lines: lines, isMicrostep: transcript.isMicrostep)
        case .quiet(let time, let input):
            item(time: time, input: input, rows: [], lines: ["nothing due"], isMicrostep: false)
        case .failure(let failure):
            line(Self.failureLine(failure))
        case .held(let location, let statement):
            line("<span class=ok>✓ line \(location.line) \(LongValue.text(statement))</span>")
        case .end:
            finish()
        }
    }

    /// Adds `text` as a line of the open step, or of the block before the first step.
    private mutating func line(_ text: String) {
        switch part {
        case .none, .end:
            return
        case .start(let lines):
            output.write(lines == 0 ? "<div class=\"start\"><div class=d>" : "\n")
            part = .start(lines: lines + 1)
        case .step(let lines):
            if lines > 0 { output.write("\n") }
            part = .step(lines: lines + 1)
        }
        output.write(text)
    }

    /// Starts step `step + 1`'s item: its number, time and input, the states after it and the
    /// rows it fired (for the script), for a microstep the step of the input it follows, then
    /// its first lines.
    private mutating func item(time: Duration, input: String, rows: [Int], lines: [String], isMicrostep: Bool) {
        switch part {
        case .none, .end: return
        case .start(let count): output.write((count == 0 ? "" : "</div></div>\n") + timelineStart)
        case .step: output.write("</div></li>\n")
        }
        step += 1
        var failed = false
        while nextFailing < summary.stepsWithFailures.count, summary.stepsWithFailures[nextFailing] <= step {
            failed = failed || summary.stepsWithFailures[nextFailing] == step
            nextFailing += 1
        }
        let rowList = rows.isEmpty ? "" : " data-r=" + rows.map(String.init).joined(separator: ",")
        let classes = [isMicrostep ? "micro" : nil, failed ? "ko" : nil].compactMap { $0 }
        let classList =
            switch classes.count {
            case 0: ""
            case 1: " class=\(classes[0])"
            default: " class=\"\(classes.joined(separator: " "))\""
            }
        let belongs = isMicrostep && inputStep > 0 ? " data-of=\(inputStep)" : ""
        if !isMicrostep { inputStep = step }
        output.write(
            "<li id=step-\(step)\(classList)\(belongs) data-s=\(states.map(String.init).joined(separator: ","))\(rowList)>"
                + "<a href=#step-\(step)>\(step)</a><span class=t>@\(Value.milliseconds(time))</span>"
                + "<code class=in>\(LongValue.text(input))</code><div class=d>\(lines.joined(separator: "\n"))")
        part = .step(lines: lines.count)
    }

    /// Closes the timeline and the document.
    private mutating func finish() {
        switch part {
        case .none, .end: return
        case .start(let count): output.write((count == 0 ? "" : "</div></div>\n") + timelineStart)
        case .step: output.write("</div></li>\n")
        }
        output.write("</ol>\n</section>\n</div>\n" + ReportDocument.end(script: ReportScript.javaScript))
        part = .end
    }

    /// The timeline's list, with the states before the first step.
    private var timelineStart: String {
        "<ol class=\"timeline\" id=\"timeline\" data-s=\"\(summary.initialStates.map(String.init).joined(separator: ","))\">\n"
    }

    /// Everything above the timeline's steps: the header, the drawing, and at the top of the
    /// timeline's pane the failures, so that they never take the drawing's height.
    private var top: String {
        let count = summary.stepCount
        let micro = summary.microstepCount
        let steps =
            count.counted("step") + (micro == 0 ? "" : " (\(micro.counted("microstep")))")
        var text = ReportDocument.start(title: "\(summary.file) — \(summary.machine) replay", bodyClass: "replay")
        text += "<header>\n<h1>Replay of <code>\(LongValue.text(summary.file))</code></h1>\n"
        text +=
            "<p class=\"meta\">machine <b>\(LongValue.text(summary.machine))</b> · \(steps) · <span class=\"outcome\">\(outcome)</span></p>\n"
        if !summary.givens.isEmpty {
            text += "<ul class=\"givens\">"
            for given in summary.givens {
                text += "<li>given <code>\(LongValue.text(given.field)) = \(LongValue.text(given.value))</code></li>"
            }
            text += "</ul>\n"
        }
        text += "</header>\n"
        let drawing = MachineDrawing(listing: summary.listing)
        text +=
            "<div class=\"layout\">\n<section class=\"diagram-pane\" aria-label=\"The machine\">\n"
            + "<div class=\"bar\"><div class=\"current\" id=\"current\" aria-live=\"polite\"></div>"
            + "<button type=\"button\" id=\"zoom\" hidden>Actual size</button></div>\n"
            + "<div class=\"diagram\" id=\"diagram\">\n" + Panels.html(drawing, machine: summary.machine) + "</div>\n"
            + "<details class=\"legend\"><summary>Reading the drawing; choosing a step</summary>\(Panels.legend(summary.listing))"
            + "<p class=\"keys\">Select a step to see the states active after it and the rows it fired: click it, or use ← → "
            + "(previous, next), Home and End (first, last); each step has its link (#step-N).</p>"
            + (micro == 0
                ? ""
                : "<p class=\"keys\">A microstep, indented under the input before it, is a step the machine took on its own"
                    + " after that input: its eventless rows (<code>eventless</code>), an event an action raised"
                    + " (<code>raised</code>) or a compound state's done event (<code>done</code>).</p>")
            + "</details>\n"
            + "</section>\n<section class=\"timeline-pane\" id=\"timeline-pane\">\n" + failures + "<h2>Timeline: \(steps)</h2>\n"
        return text
    }

    private var outcome: String {
        switch summary.outcome {
        case .passed(let expectations)?:
            "<span class=\"passed\">passed: \(expectations) expectation\(expectations == 1 ? "" : "s") held</span>"
        case .failed(let failures, let expectations)?:
            "<span class=\"failed\">FAILED: \(failures) of \(expectations) expectation\(expectations == 1 ? "" : "s") failed</span>"
        case .invalid(let error)?:
            "<span class=\"failed\">INVALID: \(LongValue.text(error.description))</span>"
        case nil:
            "<span class=\"failed\">did not end</span>"
        }
    }

    /// The failed expectations, each linked to the step it was checked after.
    private var failures: String {
        let count = summary.failureCount
        guard count > 0 else { return "" }
        var text =
            "<section class=\"failures\" id=\"failures\">\n<h2>\(count) expectation\(count == 1 ? "" : "s") failed</h2>\n<ol>\n"
        for failure in summary.failures {
            let place = "line \(failure.location)"
            let link =
                failure.step.map { "<a href=\"#step-\($0)\">\(place), after step \($0)</a>" } ?? "\(place), before any step"
            text +=
                "<li class=\"failure\" data-line=\"\(failure.location.line)\" data-column=\"\(failure.location.column)\">"
                + "\(link): \(failure.html)</li>\n"
        }
        text += "</ol>\n"
        if count > summary.failures.count {
            text += "<p>and \(count - summary.failures.count) more, each marked ✗ in the timeline.</p>\n"
        }
        return text + "</section>\n"
    }

    private static func change(_ change: TranscriptStep.Change) -> String {
        "\(LongValue.text(change.name)): \(LongValue.text(change.old)) → \(LongValue.text(change.new))"
    }

    /// A failure as a line of its step: a bare `expect` with the lines `replay --update` writes
    /// for it, one per line; another with what it expected and what was found.
    private static func failureLine(_ failure: ExpectationFailure) -> String {
        let line = failure.location.line
        guard failure.statement == "expect" else {
            return "<span class=ko>✗ line \(line) \(LongValue.text(failure.statement))"
                + " — expected \(LongValue.text(failure.expected)), actual \(LongValue.text(failure.actual))</span>"
        }
        return "<span class=ko>✗ line \(line) a bare expect; replay --update writes:"
            + ReplaySummary.bareExpectLines(failure).map { "\n    " + LongValue.text($0) }.joined() + "</span>"
    }
}
