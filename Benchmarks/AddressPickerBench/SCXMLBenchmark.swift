import MachineCore
import SCXML

/// The SCXML importer's two budgets: an imported machine steps within 2× the same machine's
/// hand-written table, and a 1,000-state document imports within 1 s.
enum SCXMLBenchmark {
    /// ``NestedField`` as an SCXML document: the same states, transitions and priorities (the
    /// internal retype and the cancel of `active`), without its counters (no data in the null
    /// datamodel).
    static let nestedField = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="field" initial="idle">
          <state id="idle"><transition event="queryChanged" target="active"/></state>
          <state id="active">
            <transition event="queryChanged" type="internal" target="typing"/>
            <transition event="cancel" target="idle"/>
            <state id="typing"><transition event="debounceElapsed" target="loadingCompletions"/></state>
            <state id="loadingCompletions"><transition event="completionsLoaded" target="showingCompletions"/></state>
            <state id="showingCompletions"><transition event="completionSelected" target="resolving"/></state>
            <state id="resolving"><transition event="searchLoaded" target="resolved"/></state>
            <state id="resolved"/>
          </state>
        </scxml>
        """

    static func runImported(_ chart: SCXMLChart, _ cycle: [SCXMLEvent], count: Int) -> Int {
        let table = chart.table
        var state = chart.initialState
        var result = StepResult<SCXMLMachine>(recording: [])
        var index = 0
        var fired = 0
        for _ in 0..<count {
            table.step(&state, cycle[index], into: &result)
            fired &+= result.firedRowCount
            index = index == cycle.count - 1 ? 0 : index + 1
        }
        return fired &+ state.controls[0]
    }

    static func runHandWritten(count: Int) -> Int {
        let table = NestedField.table
        var state = table.initialState(context: .init())
        var result = StepResult<NestedField>(recording: [])
        var index = 0
        var fired = 0
        let cycle = HierarchyBenchmark.cycle
        for _ in 0..<count {
            table.step(&state, cycle[index], into: &result)
            fired &+= result.firedRowCount
            index = index == cycle.count - 1 ? 0 : index + 1
        }
        return fired &+ state.controls[0]
    }

    /// The hierarchy benchmark's cycle as the chart's events, by name.
    static func cycle(of chart: SCXMLChart) throws -> [SCXMLEvent] {
        try HierarchyBenchmark.cycle.map { event in
            guard let imported = chart.event(named: "\(event)") else {
                throw BenchmarkError.mismatch("scxml: the chart has no event \(event)")
            }
            return imported
        }
    }

    /// Checks that both machines fire rows from the same states to the same states on every event
    /// of three cycles.
    static func verify(_ chart: SCXMLChart, _ cycle: [SCXMLEvent]) throws {
        var imported = chart.initialState
        var handWritten = NestedField.table.initialState(context: .init())
        var importedResult = StepResult<SCXMLMachine>(recording: [])
        var handWrittenResult = StepResult<NestedField>(recording: [])
        for number in 0..<(3 * cycle.count) {
            let position = number % cycle.count
            chart.table.step(&imported, cycle[position], into: &importedResult)
            NestedField.table.step(&handWritten, HierarchyBenchmark.cycle[position], into: &handWrittenResult)
            let importedLeaf = chart.table.regions[0].states[imported.controls[0]]
            let handWrittenLeaf = "\(handWritten[NestedField.field])"
            guard importedLeaf == handWrittenLeaf, importedResult.firedRowCount == handWrittenResult.firedRowCount else {
                throw BenchmarkError.mismatch(
                    "scxml: event \(number) (\(cycle[position])): \(importedLeaf) vs \(handWrittenLeaf)")
            }
        }
    }

    /// A document of `states` states: a parallel state of seven children, each a chain of
    /// compound states, every state with a transition to the next on one of 50 events, and an
    /// entry and exit block (a `<raise>` and a `<log>`).
    static func largeDocument(states: Int) -> String {
        let children = 7
        let perChild = (states - 1 + children - 1) / children
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="large" initial="p">
            <parallel id="p">

            """
        for child in 0..<children {
            text += "<state id=\"c\(child)\">\n"
            for state in 0..<(perChild - 1) {
                let next = state == perChild - 2 ? 0 : state + 1
                text += """
                    <state id="c\(child)s\(state)">\
                    <onentry><raise event="e\((state + 1) % 50)"/></onentry>\
                    <onexit><log label="left" expr="'c\(child)s\(state)'"/></onexit>\
                    <transition event="e\(state % 50)" cond="In('p')" target="c\(child)s\(next)"/>\
                    </state>

                    """
            }
            text += "</state>\n"
        }
        return text + "</parallel>\n</scxml>\n"
    }

    static func run(runs: Int, events: Int, into report: inout Report) throws {
        let chart = try SCXMLChart(reading: Array(nestedField.utf8))
        let cycle = try cycle(of: chart)
        try verify(chart, cycle)
        let (step, checksums) = compare(
            "imported SCXML chart (table)", { runImported(chart, cycle, count: events) },
            against: "the same machine's hand-written table", { runHandWritten(count: events) },
            runs: runs, operations: events, note: "\(events) events of the hierarchy benchmark's \(cycle.count)-event cycle")
        guard checksums.0 == checksums.1 else {
            throw BenchmarkError.mismatch("scxml: checksum \(checksums.0) vs \(checksums.1)")
        }
        report.add(step)

        let document = Array(largeDocument(states: 1000).utf8)
        var samples: [Double] = []
        var stateCount = 0
        for _ in 0..<runs {
            var imported: SCXMLChart?
            samples.append(elapsedNanoseconds { imported = try? SCXMLChart(reading: document) })
            guard let imported else { throw BenchmarkError.mismatch("scxml: the large document did not import") }
            stateCount = imported.stateIDs.count
        }
        samples.sort()
        report.add(
            "import of a \(stateCount)-state document, \(document.count / 1024) KiB (min, median, max)",
            String(
                format: "%.1f, %.1f, %.1f ms (budget 1,000 ms)", samples[0] / 1e6, samples[samples.count / 2] / 1e6,
                samples[samples.count - 1] / 1e6))
    }
}
