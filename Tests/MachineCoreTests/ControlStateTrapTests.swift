import MachineCore
import Testing

/// A control state that is none of its region's states (set by hand through `ControlStates`) is
/// a programmer error: the step traps rather than read the slot of another state or event and
/// fire a row that does not apply.
@Suite struct ControlStateTrapTests {
    @Test func aFlatRegionOutsideItsStatesTraps() async {
        await #expect(processExitsWith: .failure) {
            var controls = ControlStates()
            // Seven states: 9 lands, by index, on a slot of another event kind.
            controls[0] = 9
            var state = MachineState<FlatJukebox>(controls: controls, context: .init())
            var result = StepResult<FlatJukebox>(recording: [])
            FlatJukebox.table.step(&state, .power, into: &result)
        }
    }

    @Test func aNestedRegionOutsideItsStatesTraps() async {
        await #expect(processExitsWith: .failure) {
            var controls = ControlStates()
            controls[0] = 200
            var state = MachineState<Jukebox>(controls: controls, context: .init())
            var result = StepResult<Jukebox>()
            Jukebox.table.step(&state, .power, into: &result)
        }
    }
}
