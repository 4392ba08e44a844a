import MachineAnalysis
import MachineCore
import MachineRuntime
import Testing

@Suite("The leaf-configuration invariant") struct LeafConfigurationTests {
    /// The invariant's verdict on a runtime in `controls`.
    func violation(_ controls: ControlStates) -> String? {
        let runtime = Runtime(table: Heater.table, state: MachineState(controls: controls, context: .init()))
        let observation = Observation(input: .send(.power), before: runtime, after: runtime, steps: [])
        return Invariant<Heater>.leafConfiguration.violation(observation)
    }

    @Test func isStandard() {
        #expect(Invariant<Heater>.standard.contains { $0.name == Invariant<Heater>.leafConfiguration.name })
    }

    @Test func aNestedMachineWithHistoryKeepsItWhileExplored() {
        let report = Heater.explorer.explore(seed: 1, moves: 3_000)
        #expect(report.violation == nil)
        #expect(report.rowHits.allSatisfy { $0 > 0 }, "every row fires, resume with a remembered leaf too: \(report.rowHits)")
    }

    @Test func aLeafAndARememberedLeafInsideTheStateHold() {
        var controls = ControlStates()
        controls[0] = Heater.Mode.off.rawValue
        controls[history: 0] = Heater.Mode.high.rawValue
        #expect(violation(controls) == nil)
        controls[0] = Heater.Mode.idle.rawValue
        controls[history: 0] = nil
        #expect(violation(controls) == nil)
    }

    @Test func aCompoundStateAsTheRegionsStateFails() {
        var controls = ControlStates()
        controls[0] = Heater.Mode.heating.rawValue
        #expect(violation(controls) == "mode is in heating, a compound state, not in one of its leaves")
        controls[0] = 9
        #expect(violation(controls) == "mode is in state 9, which it does not have")
    }

    @Test func aHistoryRememberingACompoundStateOrAStateOutsideFails() {
        #expect(Heater.table.historySlots.count == 1)
        var controls = ControlStates()
        controls[history: 0] = Heater.Mode.heating.rawValue
        #expect(violation(controls) == "the history of mode.on remembers heating, not a leaf inside it")
        controls[history: 0] = Heater.Mode.off.rawValue
        #expect(violation(controls) == "the history of mode.on remembers off, not a leaf inside it")
        controls[history: 0] = 40
        #expect(violation(controls) == "the history of mode.on remembers state 40, which mode does not have")
    }
}
