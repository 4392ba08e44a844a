import MachineCore
import MachineObservation
import MachineRuntime
import MachineTesting
import Testing

/// A door that is `closed` or `open`; open, it is `ajar` or `wide`.
enum Door: MachineDefinition {
    struct Context: Equatable, Sendable {}
    enum Event: MachineEvent, Equatable {
        case open, widen, close
        enum Kind: Int, IndexedCase { case open, widen, close }
        var kind: Kind {
            switch self {
            case .open: .open
            case .widen: .widen
            case .close: .close
            }
        }
    }
    /// The door asks nothing: there is no request to perform.
    @Sendable static func perform(_ request: NoRequest) async -> Event {}

    enum State: Int, ControlState { case closed, open, ajar, wide }
    static let door = Region<State>("door", index: 0, initial: .closed, children: [.open: [.ajar, .wide]])
    static let table = TransitionTable<Door>(
        regions: [door],
        rows: [
            Row("open", in: door, from: [.closed], on: .open, to: .open),
            Row("widen", in: door, from: [.ajar], on: .widen, to: .wide),
            Row("close", in: door, from: [.open], on: .close, to: .closed),
        ])
}

@Suite(.timeLimit(.minutes(1))) @MainActor struct NestedStoreTests {
    /// A view asks whether the region is in a compound state, whichever leaf it is in.
    @Test func theStoreAnswersForACompoundStateInAnyOfItsLeaves() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = MachineStore(
            table: Door.table, state: Door.table.initialState(context: .init()), clock: ManualClock(),
            provider: Door.perform)
        #expect(!store.isIn(.open, of: Door.door))
        store.send(.open)
        #expect(store[Door.door] == .ajar)
        #expect(store.isIn(.open, of: Door.door))
        store.send(.widen)
        #expect(store.isIn(.open, of: Door.door) && store.isIn(.wide, of: Door.door) && !store.isIn(.ajar, of: Door.door))
        store.send(.close)
        #expect(store.isIn(.closed, of: Door.door))
    }
}
