import EventScripts
import MachineCore

/// The HTML report of one replay: the machine drawn from its table, the failed expectations at
/// the top, and a timeline of every step (virtual time, input, rows fired, states and fields
/// changed, commands, expectations held or failed, dropped answers). Selecting a step (a click,
/// ←/→, Home/End, or a `#step-N` link) marks the states active after it and the rows it fired.
///
/// The page is one self-contained file (inline style, script and SVG) and deterministic: the
/// same timeline gives the same bytes.
public struct ReplayPage: Sendable {
    /// What the page shows.
    public let timeline: ReplayTimeline

    /// The page of `timeline`.
    public init(timeline: ReplayTimeline) {
        self.timeline = timeline
    }

    /// The whole document.
    public var html: String {
        let listing = timeline.listing
        let layout = MachineLayout(
            listing: listing, labels: listing.rows.map { row in [row.event] + (row.guard.map { ["[\($0)]"] } ?? []) })
        let drawing = MachineDrawing(
            layout: layout, listing: listing, rowClasses: [], stateClasses: [],
            title: "The \(timeline.machine) machine: regions, states and rows")
        var body = header
        body += failures
        body +=
            "<div class=\"layout\">\n<section class=\"diagram-pane\" aria-label=\"The machine\">\n"
            + "<div class=\"current\" id=\"current\" aria-live=\"polite\"></div>\n"
            + "<div class=\"diagram\">\n\(drawing.svg)</div>\n"
            + "<p class=\"keys\">Select a step to see the states active after it and the rows it fired: click it, or use ← → (previous, next), Home and End (first, last); each step has its link (#step-N).</p>\n"
            + "</section>\n<section class=\"timeline-pane\">\n<h2>Timeline: \(timeline.moments.count) step\(timeline.moments.count == 1 ? "" : "s")</h2>\n"
        body += beforeAnyStep
        body += "<ol class=\"timeline\" id=\"timeline\">\n"
        for (index, moment) in timeline.moments.enumerated() { body += item(moment, number: index + 1) }
        body += "</ol>\n</section>\n</div>\n"
        body += "<script type=\"application/json\" id=\"report-data\">\(data)</script>\n"
        return ReportDocument.html(
            title: "\(timeline.file) — \(timeline.machine) replay", bodyClass: "replay", body: body,
            script: ReportScript.javaScript)
    }

    private var header: String {
        var text = "<header>\n<h1>Replay of <code>\(Escaping.html(timeline.file))</code></h1>\n"
        text +=
            "<p class=\"meta\">machine <b>\(Escaping.html(timeline.machine))</b> · \(timeline.moments.count) step"
            + "\(timeline.moments.count == 1 ? "" : "s") · <span class=\"outcome\">\(outcome)</span></p>\n"
        if !timeline.givens.isEmpty {
            text += "<ul class=\"givens\">"
            for given in timeline.givens {
                text += "<li>given <code>\(Escaping.html(given.field)) = \(Escaping.html(given.value))</code></li>"
            }
            text += "</ul>\n"
        }
        return text + "</header>\n"
    }

    private var outcome: String {
        switch timeline.outcome {
        case .passed(let expectations)?:
            "<span class=\"passed\">passed: \(expectations) expectation\(expectations == 1 ? "" : "s") held</span>"
        case .failed(let failures, let expectations)?:
            "<span class=\"failed\">FAILED: \(failures) of \(expectations) expectation\(expectations == 1 ? "" : "s") failed</span>"
        case .invalid(let error)?:
            "<span class=\"failed\">INVALID: \(Escaping.html(error.description))</span>"
        case nil:
            "<span class=\"failed\">did not end</span>"
        }
    }

    /// The failed expectations, each linked to the step it was checked after.
    private var failures: String {
        guard !timeline.failures.isEmpty else { return "" }
        var stepOfFailure: [Int: Int] = [:]
        for (index, moment) in timeline.moments.enumerated() {
            for failure in moment.failures { stepOfFailure[failure] = index + 1 }
        }
        let count = timeline.failures.count
        var text =
            "<section class=\"failures\" id=\"failures\">\n<h2>\(count) expectation\(count == 1 ? "" : "s") failed</h2>\n<ol>\n"
        for (index, failure) in timeline.failures.enumerated() {
            let place = "line \(failure.location)"
            let link =
                stepOfFailure[index].map { "<a href=\"#step-\($0)\">\(place), after step \($0)</a>" }
                ?? "\(place), before any step"
            text +=
                "<li class=\"failure\" data-line=\"\(failure.location.line)\" data-column=\"\(failure.location.column)\">\(link): "
                + "<code>\(Escaping.html(failure.statement))</code> expected <code>\(Escaping.html(failure.expected))</code>,"
                + " actual <code>\(Escaping.html(failure.actual))</code></li>\n"
        }
        return text + "</ol>\n</section>\n"
    }

    /// Expectations checked before the first step, if any.
    private var beforeAnyStep: String {
        let held = timeline.heldBeforeAnyStep
        let failed = timeline.failuresBeforeAnyStep
        guard !held.isEmpty || !failed.isEmpty else { return "" }
        let lines = held.map(heldLine) + failed.map { failureLine(timeline.failures[$0]) }
        return "<div class=\"start\"><div class=d>\(lines.joined(separator: "\n"))</div></div>\n"
    }

    /// One step in compact markup (a timeline may hold thousands): its details are lines of
    /// text in one block, as the text transcript writes them, so the page stays small and fast.
    private func item(_ moment: ReplayTimeline.Moment, number: Int) -> String {
        var lines: [String] = []
        if let step = moment.step {
            if !step.fired.isEmpty { lines.append("fired   " + Escaping.text(step.fired.joined(separator: ", "))) }
            if let ignored = step.ignored { lines.append("ignored " + Escaping.text(ignored)) }
            if let dropped = step.dropped { lines.append("dropped " + Escaping.text(dropped)) }
            for change in step.compoundChanges {
                lines.append(Escaping.text(change.text))
            }
            for change in step.stateChanges { lines.append("state   " + self.change(change)) }
            for change in step.fieldChanges { lines.append("field   " + self.change(change)) }
            for command in step.commands { lines.append("command " + Escaping.text(command)) }
        } else {
            lines.append("nothing due")
        }
        for expectation in moment.held { lines.append(heldLine(expectation)) }
        for index in moment.failures { lines.append(failureLine(timeline.failures[index])) }
        return "<li id=step-\(number)\(moment.failures.isEmpty ? "" : " class=ko")><a href=#step-\(number)>\(number)</a>"
            + "<span class=t>@\(Value.render(moment.time))</span><code class=in>\(Escaping.text(moment.input))</code>"
            + "<div class=d>\(lines.joined(separator: "\n"))</div></li>\n"
    }

    private func change(_ change: TranscriptStep.Change) -> String {
        Escaping.text("\(change.name): \(change.old) → \(change.new)")
    }

    private func heldLine(_ expectation: (line: Int, statement: String)) -> String {
        "<span class=ok>✓ line \(expectation.line) \(Escaping.text(expectation.statement))</span>"
    }

    private func failureLine(_ failure: ExpectationFailure) -> String {
        "<span class=ko>✗ line \(failure.location.line) \(Escaping.text(failure.statement))"
            + " — expected \(Escaping.text(failure.expected)), actual \(Escaping.text(failure.actual))</span>"
    }

    /// The script's data: its file and machine, the initial states, and for each step the
    /// states after it and the rows it fired, by index. Safe inside `<script>`.
    private var data: String {
        var text = "{\"file\":\(Escaping.scriptJSON(timeline.file)),\"machine\":\(Escaping.scriptJSON(timeline.machine)),"
        text += "\"regions\":[" + timeline.listing.regions.map { Escaping.scriptJSON($0.name) }.joined(separator: ",") + "],"
        text += "\"initial\":[" + timeline.initialStates.map(String.init).joined(separator: ",") + "],\"steps\":["
        text += timeline.moments.map { moment in
            "[[" + moment.states.map(String.init).joined(separator: ",") + "],["
                + moment.firedRows.map(String.init).joined(separator: ",") + "]]"
        }.joined(separator: ",")
        return text + "]}"
    }
}
