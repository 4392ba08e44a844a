import MachineAnalysis
import MachineCore
import MachineDiagrams

/// The HTML coverage report: the machine drawn from its table with each row's hit count, the
/// rows that never fired and the guards seen only one way marked, the states never entered
/// marked, the totals (with the history restores of a machine that has history), and every row in
/// a table (the unfired first), so a reviewer sees at a glance what the scripts never exercise.
/// Compound states are drawn as groups around their children; the drawing's region panels flow
/// into as many columns as the page is wide.
///
/// One self-contained, deterministic file, like ``ReplayPage``; it needs no script.
package struct CoveragePage: Sendable {
    /// The coverage shown.
    package let report: CoverageReport
    /// The machine's name.
    package let machine: String
    /// The scripts replayed, as named on the command line.
    package let scripts: [String]

    /// The page of `report`, the coverage of `machine` by `scripts`.
    package init(report: CoverageReport, machine: String, scripts: [String]) {
        self.report = report
        self.machine = machine
        self.scripts = scripts
    }

    /// How a row's guard was seen: `nil` for a row without a guard or one seen both ways.
    private func unseenOutcome(_ row: Int) -> String? {
        guard report.listing.rows[row].guard != nil else { return nil }
        let outcomes = report.guardOutcomes[row]
        switch (outcomes.wasTrue, outcomes.wasFalse) {
        case (true, true): return nil
        case (true, false): return "never false"
        case (false, true): return "never true"
        case (false, false): return "never checked"
        }
    }

    private func rowClass(_ row: Int) -> String {
        report.rowHits[row] == 0 ? "unfired" : unseenOutcome(row) == nil ? "" : "partial"
    }

    /// The whole document.
    package var html: String {
        let listing = report.listing
        let notes = listing.rows.indices.map { "×\(report.rowHits[$0])" + (unseenOutcome($0).map { ", \($0)" } ?? "") }
        let drawing = MachineDrawing(
            listing: listing, notes: notes, rowClasses: listing.rows.indices.map(rowClass),
            stateClasses: report.stateEntries.map { $0.map { $0 == 0 ? "unentered" : "" } })
        var body = "<header>\n<h1>Coverage of the <code>\(Escaping.html(machine))</code> machine</h1>\n"
        body +=
            "<p class=\"meta\">\(scripts.count) script\(scripts.count == 1 ? "" : "s"): "
            + scripts.map { "<code>\(Escaping.html($0))</code>" }.joined(separator: ", ") + "</p>\n</header>\n"
        body += "<div class=\"summary\">\n<div class=\"wide\"><table class=\"rows totals\" id=\"totals\">\n"
        for (name, ratio, note) in [
            ("rows", report.rows, "fired at least once"), ("states", report.states, "entered"),
            ("events", report.events, "handled"), ("guards", report.guards, "seen both true and false"),
            ("row pairs", report.rowPairs, "consecutive rows of one region"),
        ] {
            body += "<tr><th>\(name)</th><td>\(ratio)</td><td>\(note)</td></tr>\n"
        }
        if let histories = report.histories {
            body += "<tr><th>history</th><td>\(histories)</td><td>compound states restored by their history</td></tr>\n"
        }
        body += "</table></div>\n"
        body +=
            "<div class=\"legends\"><p class=\"legend\"><span><i class=\"swatch\" style=\"color:var(--fail);border-top-style:dashed\"></i>row never fired</span>"
            + "<span><i class=\"swatch\" style=\"color:var(--partial)\"></i>guard seen only one way</span>"
            + "<span><i class=\"swatch\" style=\"color:var(--edge)\"></i>covered</span>"
            + "<span>×N: times the row fired</span><span>dashed red box: state never entered</span></p>\n"
        body +=
            "<details class=\"legend\" open><summary>Reading the drawing</summary>\(Panels.legend(listing))</details></div>\n</div>\n"
            + "<div class=\"diagram\">\n" + Panels.html(drawing, machine: machine) + "</div>\n"
        body += "<h2 style=\"margin-left:20px\">Rows, the unfired first</h2>\n"
        body +=
            "<div class=\"wide\"><table class=\"rows\" id=\"rows\">\n"
            + "<tr><th>hits</th><th>row</th><th>transition</th><th>guard</th></tr>\n"
        let order =
            listing.rows.indices.filter { report.rowHits[$0] == 0 } + listing.rows.indices.filter { report.rowHits[$0] > 0 }
        for index in order {
            let row = listing.rows[index]
            let region = listing.regions[row.region]
            let from = row.sources.map { $0.map { region.states[$0] }.joined(separator: "|") } ?? "*"
            let to =
                row.target.map { region.states[$0] + (row.history.map { $0 == .deep ? " (H*)" : " (H)" } ?? "") } ?? "(stays)"
            let guardText = row.guard.map { name in "[\(name)] " + (unseenOutcome(index) ?? "seen true and false") } ?? ""
            let rowClass = rowClass(index)
            body +=
                "<tr\(rowClass.isEmpty ? "" : " class=\"\(rowClass)\"") data-row=\"\(index)\"><td class=\"hits\">\(report.rowHits[index])</td>"
                + "<td><code>\(Escaping.html(row.id))</code></td>"
                + "<td>\(Escaping.html(region.name)): \(Escaping.html(from)) --\(Escaping.html(row.event))--&gt; \(Escaping.html(to))</td>"
                + "<td class=\"guard\">\(Escaping.html(guardText))</td></tr>\n"
        }
        body += "</table></div>\n"
        return ReportDocument.start(title: "\(machine) coverage", bodyClass: "coverage") + body + ReportDocument.end()
    }
}
