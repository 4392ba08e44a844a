import MachineCommandLine
import MachineCore
import MachineRuntime
import SCXML

/// `scxml run FILE.scxml`: runs the document from its start on the virtual clock, advancing to
/// each pending delayed send, until the machine ends or nothing is left pending.
///
/// Each macrostep prints a line: its time, what started it (`start`, the event taken from the
/// external queue) and the configuration after it, the active states in document order. A
/// `<log>` prints `log LABEL: TEXT` where it runs. The last line is `final ID` for the top-level
/// final state the machine ended in (exit 0), or says why it did not end (exit 1).
enum RunCommand {
    /// How long the clock may run by default: a chart that keeps sending itself delayed events
    /// would otherwise run forever.
    static let defaultLimit = Duration.seconds(3600)

    static func run(arguments: [String], output: inout String, errors: inout String) -> ExitCode {
        var path: String?
        var limit = defaultLimit
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                output += "usage: scxml run FILE.scxml [--for DURATION]\n\n"
                output += "Runs the document from its start on a virtual clock, advancing to each delayed send, until it\n"
                output += "ends or nothing is pending; prints the configuration after each macrostep, and last `final ID`.\n"
                output += "  --for DURATION   How long the virtual clock may run (default 1h): 500ms, 30s, 2min, 1h.\n"
                return .success
            case "--for":
                guard let text = remaining.popFirst(), let duration = ValueParser<Duration>.parseDuration(text) else {
                    errors += "error: --for needs a duration such as 30s or 2min\n"
                    return .usage
                }
                limit = duration
            case let option where option.hasPrefix("-"):
                errors += "error: unknown option '\(option)' (see `scxml run --help`)\n"
                return .usage
            default:
                guard path == nil else {
                    errors += "error: run takes one document, not '\(argument)' as well\n"
                    return .usage
                }
                path = argument
            }
        }
        guard let path else {
            errors += "error: run needs a document: scxml run FILE.scxml\n"
            return .usage
        }
        let chart: SCXMLChart
        switch ChartFile.read(path) {
        case .success(let read): chart = read
        case .failure(let failure):
            errors += failure.message + "\n"
            return failure.code
        }
        var runtime = Runtime(table: chart.table, state: chart.initialState)
        report(runtime.startSteps, of: chart, to: &output)
        // A start that ran away halted the runtime: it takes no input, and the clock cannot move.
        if let halt = runtime.halt {
            output += "stopped: \(halt)\n"
            return .failure
        }
        do throws(RuntimeError) {
            while !runtime.isFinished, let deadline = runtime.nextDeadline, deadline <= limit {
                report(try runtime.advance(by: deadline - runtime.now), of: chart, to: &output)
            }
        } catch {
            output += "stopped: \(error)\n"
            return .failure
        }
        // A later macrostep that ran away halted the runtime: the clock stopped at its time.
        if let halt = runtime.halt {
            output += "stopped: \(halt)\n"
            return .failure
        }
        let configuration = chart.configuration(of: runtime.state).joined(separator: " ")
        if let final = chart.table.finalState(of: runtime.state.controls) {
            output += "final \(chart.table.regions[final.region].states[final.state])\n"
            return .success
        }
        if let deadline = runtime.nextDeadline {
            output +=
                "did not end within \(ValueText.duration(limit)): the next event is due at \(ValueText.duration(deadline)) (in \(configuration))\n"
        } else {
            output += "did not end: nothing is pending (in \(configuration))\n"
        }
        return .failure
    }

    /// Prints each macrostep of `steps`: its logs, then its line.
    private static func report(_ steps: [RuntimeStep<SCXMLMachine>], of chart: SCXMLChart, to output: inout String) {
        var macrostep: (time: Duration, cause: String)?
        var last: RuntimeStep<SCXMLMachine>?
        func close() {
            guard let macrostep, let last else { return }
            let configuration = chart.configuration(of: last.after).joined(separator: " ")
            output += "\(ValueText.duration(macrostep.time)) \(macrostep.cause): \(configuration)\n"
        }
        for step in steps {
            if !step.isMicrostep {
                close()
                macrostep = (step.time, cause(of: step))
            }
            for case .output(let log) in step.commands { output += "log \(log)\n" }
            last = step
        }
        close()
    }

    private static func cause(of step: RuntimeStep<SCXMLMachine>) -> String {
        switch step.cause {
        case .start: "start"
        case .event(let event), .sent(let event), .raised(let event): event.name
        default: "step"
        }
    }
}
