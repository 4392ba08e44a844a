import FuzzChecks
import MachineCore
import MachineRuntime
import SCXML

/// An SCXML document from outside: refused with an ``SCXMLError`` that says where and what, or
/// imported as a chart whose start and first events run without a crash (within the runtime's
/// microstep bound, or halted by it), and whose canonical text imports to the same table and
/// writes the same text.
enum SCXMLImport {
    /// Small bounds, so that each input costs little.
    static let limits: SCXMLLimits = {
        var limits = SCXMLLimits()
        limits.maximumDepth = 64
        limits.maximumBytes = 64 << 10
        return limits
    }()

    static func test(_ bytes: [UInt8]) {
        let chart: SCXMLChart
        do {
            chart = try SCXMLChart(reading: bytes, conditions: ["ready": { $0.isIn("s") }], limits: limits)
        } catch {
            require(!error.message.isEmpty, "an error without a message")
            if let location = error.location {
                require(location.line >= 1 && location.column >= 1, "an error at \(location)")
            }
            return
        }
        do {
            let again = try SCXMLChart(reading: Array(chart.scxml.utf8), conditions: ["ready": { _ in true }])
            require(again.table.identity == chart.table.identity, "the written-back chart imports to another table")
            require(again.scxml == chart.scxml, "the written-back chart writes another text")
        } catch {
            require(false, "the written-back chart is refused: \(error)\n\(chart.scxml)")
        }
        var runtime = Runtime(table: chart.table, state: chart.initialState)
        runtime.microstepBound = 200
        for name in chart.eventNames.prefix(4) where !runtime.isFinished {
            guard let event = chart.event(named: name) else {
                require(false, "the chart lists an event '\(name)' it cannot make")
                return
            }
            _ = try? runtime.send(event)
        }
        if let deadline = runtime.nextDeadline, !runtime.isFinished {
            _ = try? runtime.advance(by: deadline - runtime.now)
        }
        require(
            chart.configuration(of: runtime.state).allSatisfy(chart.stateIDs.contains),
            "a configuration of states the chart lacks")
    }
}

runFuzzer { data, size in
    SCXMLImport.test(bytes(data, size))
    return 0
}
