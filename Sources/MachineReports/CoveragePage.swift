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

    /// The mutation analysis of the same scripts, whose survivors the page marks, if any.
    let mutation: MutationReport?

    /// The page of `report`, the coverage of `machine` by `scripts`.
    package init(report: CoverageReport, machine: String, scripts: [String]) {
        self.init(report: report, machine: machine, scripts: scripts, mutation: nil)
    }

    /// The page of `report` with the mutants that survived `mutation` marked: on the drawing,
    /// each fired row with survivors (reached, yet a fault in it goes unnoticed) and its count;
    /// in the row table, every survivor by id.
    package init(report: CoverageReport, machine: String, scripts: [String], mutation: MutationReport?) {
        self.report = report
        self.machine = machine
        self.scripts = scripts
        self.mutation = mutation
    }

    /// How survivors are marked: only on a page that shows them, so every other page keeps its
    /// bytes.
    private static let survivorStyle = """
        <style>:root{--survived:#8e24aa}@media (prefers-color-scheme:dark){:root{--survived:#ce93d8}}
        .row.survived .edge{stroke:var(--survived)}.row.survived .head{fill:var(--survived)}.row.survived text{fill:var(--survived)}
        td.mutants code{color:var(--survived)}</style>

        """

    /// The ids of the mutants that survived in each row, by row index.
    private var survivors: [[String]] {
        let byRow = Dictionary(grouping: mutation?.survivors ?? [], by: \.row)
        return report.listing.rows.map { byRow[$0.id]?.map(\.id) ?? [] }
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
        let survivors = survivors
        let notes = listing.rows.indices.map { row in
            "×\(report.rowHits[row])" + (unseenOutcome(row).map { ", \($0)" } ?? "")
                + (survivors[row].isEmpty
                    ? "" : ", " + survivors[row].count.counted("mutant survives", plural: "mutants survive"))
        }
        let classes = listing.rows.indices.map { row in
            let base = rowClass(row)
            guard report.rowHits[row] > 0, !survivors[row].isEmpty else { return base }
            return base.isEmpty ? "survived" : base + " survived"
        }
        let drawing = MachineDrawing(
            listing: listing, notes: notes, rowClasses: classes,
            stateClasses: report.stateEntries.map { $0.map { $0 == 0 ? "unentered" : "" } })
        var body = mutation == nil ? "" : Self.survivorStyle
        body += "<header>\n<h1>Coverage of the <code>\(Escaping.html(machine))</code> machine</h1>\n"
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
        if let mutation {
            body +=
                "<tr><th>mutants</th><td>\(mutation.killed)/\(mutation.results.count) (\(mutation.scoreText))</td><td>killed: a script noticed the fault</td></tr>\n"
        }
        if let histories = report.histories {
            body += "<tr><th>history</th><td>\(histories)</td><td>compound states restored by their history</td></tr>\n"
        }
        body += "</table></div>\n"
        body +=
            "<div class=\"legends\"><p class=\"legend\"><span><i class=\"swatch\" style=\"color:var(--fail);border-top-style:dashed\"></i>row never fired</span>"
            + "<span><i class=\"swatch\" style=\"color:var(--partial)\"></i>guard seen only one way</span>"
            + (mutation == nil
                ? "" : "<span><i class=\"swatch\" style=\"color:var(--survived)\"></i>fired, yet a mutant survives</span>")
            + "<span><i class=\"swatch\" style=\"color:var(--edge)\"></i>covered</span>"
            + "<span>×N: times the row fired</span><span>dashed red box: state never entered</span></p>\n"
        body +=
            "<details class=\"legend\" open><summary>Reading the drawing</summary>\(Panels.legend(listing))</details></div>\n</div>\n"
            + "<div class=\"diagram\">\n" + Panels.html(drawing, machine: machine) + "</div>\n"
        body += "<h2 style=\"margin-left:20px\">Rows, the unfired first</h2>\n"
        body +=
            "<div class=\"wide\"><table class=\"rows\" id=\"rows\">\n"
            + "<tr><th>hits</th><th>row</th><th>transition</th><th>guard</th>"
            + (mutation == nil ? "" : "<th>surviving mutants</th>") + "</tr>\n"
        let order =
            listing.rows.indices.filter { report.rowHits[$0] == 0 } + listing.rows.indices.filter { report.rowHits[$0] > 0 }
        for index in order {
            let row = listing.rows[index]
            let region = listing.regions[row.region]
            let from = row.sources.map { $0.map { region.states[$0] }.joined(separator: "|") } ?? "*"
            let to = row.stays ? "(stays)" : listing.targetNames(of: row).joined(separator: " ")
            let guardText = row.guard.map { name in "[\(name)] " + (unseenOutcome(index) ?? "seen true and false") } ?? ""
            let rowClass = rowClass(index)
            body +=
                "<tr\(rowClass.isEmpty ? "" : " class=\"\(rowClass)\"") data-row=\"\(index)\"><td class=\"hits\">\(report.rowHits[index])</td>"
                + "<td><code>\(Escaping.html(row.id))</code></td>"
                + "<td>\(Escaping.html(region.name)): \(Escaping.html(from)) --\(Escaping.html(row.trigger.label(event: row.event)))--&gt; \(Escaping.html(to))</td>"
                + "<td class=\"guard\">\(Escaping.html(guardText))</td>"
                + (mutation == nil
                    ? ""
                    : "<td class=\"mutants\">"
                        + survivors[index].map { "<code>\(Escaping.html($0))</code>" }.joined(separator: "<br>") + "</td>")
                + "</tr>\n"
        }
        body += "</table></div>\n"
        return ReportDocument.start(title: "\(machine) coverage", bodyClass: "coverage") + body + ReportDocument.end()
    }
}
