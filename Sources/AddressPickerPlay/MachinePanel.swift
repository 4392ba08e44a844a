import AddressPicker
import MachineCore
import MachineRuntime
import TerminalUI

/// The machine beside the map: every region's control state, the requests in flight, the
/// timers running and the latest steps with the rows that fired.
enum MachinePanel {
    /// Draws the panel in columns `column..<column + width`, rows `top..<bottom`.
    static func draw(
        _ runtime: Runtime<AddressPicker>, view: PlayView, into canvas: inout Canvas, column: Int, width: Int, top: Int,
        bottom: Int
    ) {
        var row = top
        func line(_ text: String, _ style: Style = .plain) {
            guard row < bottom else { return }
            canvas.put(text, row: row, column: column, style: style, width: width)
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
            let next = canvas.put(padded + "  ", row: row, column: column, width: width)
            canvas.put(name, row: row, column: next, style: style, width: width - (next - column))
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
        for timer in timers { line("  \(timer.timer.name) until \(milliseconds(timer.deadline))", Style(color: .yellow)) }
        row += 1
        line("Steps, latest last", heading)
        // The latest steps that fit, each on one line, or on two when its rows do not fit beside it.
        var lines: [(input: String, rows: String, style: Style)] = []
        for step in view.steps {
            let rows = step.rows.isEmpty ? "ignored" : step.rows.joined(separator: " ")
            let style = step.rows.isEmpty ? Style(color: .red) : Style(color: .green)
            let input = "\(milliseconds(step.time)) \(step.input): "
            if input.count + rows.count <= width {
                lines.append((input, rows, style))
            } else {
                lines.append((input, "", style))
                lines.append(("  ", rows, style))
            }
        }
        for line in lines.suffix(max(0, bottom - row)) {
            let next = canvas.put(line.input, row: row, column: column, width: width)
            canvas.put(line.rows, row: row, column: next, style: line.style, width: width - (next - column))
            row += 1
        }
    }

    /// A virtual time as scripts write it: `1234ms`.
    static func milliseconds(_ time: Duration) -> String {
        let (seconds, attoseconds) = time.components
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000)ms"
    }
}
