import MachineCore
import Testing

// The example of README.md, "Define a machine", verbatim: if it stops compiling or behaving as
// the README says, this test fails.

enum Door: MachineDefinition {
    struct Context: Sendable { var knocks = 0 }

    enum Event: Int, MachineEvent, IndexedCase {
        case open, close, knock
        var kind: Event { self }
    }

    enum Output: Equatable, Sendable { case chime }

    enum Position: Int, ControlState { case closed, opened }
    static let position = Region<Position>("position", index: 0, initial: .closed)

    static let table = TransitionTable<Door>(
        regions: [position],
        rows: [
            Row("open", in: position, from: [.closed], on: .open, to: .opened),
            Row("close", in: position, from: [.opened], on: .close, to: .closed),
            Row("knock", in: position, from: [.closed], on: .knock) { context, _, out in
                context.knocks += 1
                out.emit(.chime)
            },
        ])
}

@Suite struct ReadmeExampleTests {
    @Test func theDoorExampleBehavesAsTheReadmeSays() {
        var state = Door.table.initialState(context: .init())
        var result = StepResult<Door>()
        Door.table.step(&state, .knock, into: &result)
        #expect(result.commands == [.output(.chime)])
        Door.table.step(&state, .open, into: &result)
        #expect(state[Door.position] == .opened)
        Door.table.step(&state, .knock, into: &result)
        #expect(result.ignored == .noRow)
        #expect(state.context.knocks == 1)
    }
}
