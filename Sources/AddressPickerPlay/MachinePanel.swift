import AddressPicker
import MachineCore
import MachineRuntime
import TerminalUI

/// The machine beside the map: every region's control state, the requests in flight, the
/// timers running and the latest steps with the rows that fired.
enum MachinePanel {
    /// Draws the panel in columns `column..<column + width`, rows `top..<bottom`. Text that does
    /// not fit is cut with an ellipsis; times are the session's, in seconds (``time(_:)``).
    static func draw(
        _ runtime: Runtime<AddressPicker>, view: PlayView, into canvas: inout Canvas, column: Int, width: Int, top: Int,
        bottom: Int
    ) {
        var row = top
        func line(_ text: String, _ style: Style = .plain) {
            guard row < bottom else { return }
            canvas.put(text, row: row, column: column, style: style, within: width)
            row += 1
        }
        let heading = Style(color: .blue, bold: true)
        let state = runtime.state
        line("Machine", heading)
        let table = AddressPicker.table
        let nameWidth = table.regions.map(\.name.count).max() ?? 0
        for (index, region) in table.regions.enumerated() {
            let stateIndex = state.controls[index]
            let name = region.states.indices.contains(stateIndex) ? region.states[stateIndex] : "?"
            let padded = region.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            let style = stateIndex == region.initial ? Style.plain : Style(color: .green, bold: true)
            guard row < bottom else { break }
            let next = canvas.put(padded + "  ", row: row, column: column, within: width)
            canvas.put(name, row: row, column: next, style: style, within: width - (next - column))
            row += 1
        }
        row += 1
        line("Requests in flight", heading)
        let requests = runtime.pendingRequests
        if requests.isEmpty { line("  none") }
        for record in requests { line("  \(record.reference)", Style(color: .yellow)) }
        line("Timers running", heading)
        let timers = runtime.timers.filter(\.canFire)
        if timers.isEmpty { line("  none") }
        for timer in timers {
            let lines = timerLines(name: timer.timer.name, deadline: timer.deadline, width: width)
            for text in lines { line(text, Style(color: .yellow)) }
        }
        row += 1
        line("Steps, latest last", heading)
        // The latest steps that fit, each on one line, or on two when its rows do not fit beside
        // it; a step is shown whole or not at all.
        var lines: [(input: String, rows: String, style: Style)] = []
        for step in view.steps.reversed() {
            let rows = step.rows.isEmpty ? "ignored" : step.rows.joined(separator: " ")
            let style = step.rows.isEmpty ? Style(color: .red) : Style(color: .green)
            let input = "\(time(step.time)) \(step.input):"
            let stepLines =
                input.count + 1 + rows.count <= width ? [(input + " ", rows, style)] : [(input, "", style), ("  ", rows, style)]
            guard lines.count + stepLines.count <= bottom - row else { break }
            lines.insert(contentsOf: stepLines, at: 0)
        }
        for line in lines {
            let next = canvas.put(line.input, row: row, column: column, within: width)
            canvas.put(line.rows, row: row, column: next, style: line.style, within: width - (next - column))
            row += 1
        }
    }

    /// The lines of a running timer in a panel `width` cells wide: "  regionDebounce fires at
    /// 2.8 s" when it fits, else "… at 2.8 s", else the time on a line of its own under the name.
    static func timerLines(name: String, deadline: Duration, width: Int) -> [String] {
        let at = time(deadline)
        for text in ["  \(name) fires at \(at)", "  \(name) at \(at)"] where text.count <= width { return [text] }
        return ["  \(name)", "    fires at \(at)"]
    }

    /// A time of the session as a person reads it, to a tenth of a second: "0.8 s", "14.8 s",
    /// "2 min 5.3 s", "1 h 2 min 5.3 s". Never a bare number, which could read as a year.
    static func time(_ time: Duration) -> String {
        let (seconds, attoseconds) = time.components
        let milliseconds = max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        let tenths = (milliseconds + 50) / 100
        let secondsPart = "\((tenths % 600) / 10).\(tenths % 10) s"
        let minutes = tenths / 600
        guard minutes > 0 else { return secondsPart }
        guard minutes >= 60 else { return "\(minutes) min \(secondsPart)" }
        return "\(minutes / 60) h \(minutes % 60) min \(secondsPart)"
    }
}
