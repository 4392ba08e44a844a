import MachineCore
import MachineRuntime
import Testing

/// A machine whose start does everything SCXML's initial macrostep does: entry actions in
/// document order, the initial transition's action of a compound state, an event raised on
/// entry, an eventless row it takes at once. It also has a history with a default of its own,
/// and rows on event descriptors.
enum Kiosk: MachineDefinition {
    struct Context: Equatable, Hashable, Sendable {
        var log: [String] = []
    }

    enum Event: MachineEvent, Equatable {
        case boot, ready, leave, back, backDeep, errorExecution, errorCommunication, other
        enum Kind: Int, IndexedCase {
            case boot, ready, leave, back, backDeep, errorExecution, errorCommunication, other
            var name: String {
                switch self {
                case .errorExecution: "error.execution"
                case .errorCommunication: "error.communication"
                default: String(describing: self)
                }
            }
        }
        var kind: Kind {
            switch self {
            case .boot: .boot
            case .ready: .ready
            case .leave: .leave
            case .back: .back
            case .backDeep: .backDeep
            case .errorExecution: .errorExecution
            case .errorCommunication: .errorCommunication
            case .other: .other
            }
        }
    }

    static let startEvent: Event? = .boot

    enum Screen: Int, ControlState { case booting, menu, welcome, browse, page, detail, away, failed }

    static let screen = Region<Screen>(
        "screen", index: 0, initial: .booting,
        children: [.menu: [.welcome, .browse], .browse: [.page, .detail]])

    static func logs(_ line: String) -> Action<Kiosk> {
        { context, event, _ in context.log.append("\(line)(\(event.kind.name))") }
    }

    static let rows: [Row<Kiosk>] = [
        Row("booted", in: screen, from: [.booting], on: .ready, to: .menu, action: logs("t:booted")),
        Row("auto", in: screen, from: [.booting], always: nil, to: .menu, action: logs("t:auto")),
        Row("leave", in: screen, from: [.menu], on: .leave, to: .away, action: logs("t:leave")),
        Row("back", in: screen, from: [.away], on: .back, to: .menu, history: .shallow, action: logs("t:back")),
        Row("backDeep", in: screen, from: [.away], on: .backDeep, to: .menu, history: .deep, action: logs("t:backDeep")),
        Row("open", in: screen, from: [.welcome], on: .other, to: .detail, action: logs("t:open")),
        Row("anyError", in: screen, from: [.menu], on: "error", to: .failed, action: logs("t:anyError")),
        Row("anything", in: screen, from: [.failed], on: "*", action: logs("t:anything")),
    ]

    static var stateActions: [StateActions<Kiosk>] {
        Screen.allCases.map { state in
            StateActions(
                in: screen, state,
                entry: { context, event, out in
                    context.log.append("enter:\(state.name)(\(event.kind.name))")
                    if state == .booting { out.raise(.ready) }
                },
                exit: logs("exit:\(state.name)"))
        }
    }

    static let initials: [Initial<Kiosk>] = [
        Initial(in: screen, of: .menu, to: .welcome, action: logs("initial:menu")),
        Initial(in: screen, of: .menu, history: .deep, to: .detail, action: logs("default:menu")),
    ]

    static let table = TransitionTable<Kiosk>(regions: [screen], rows: rows, stateActions: stateActions, initials: initials)

    static func runtime() -> Runtime<Kiosk> { Runtime(table: table, state: table.initialState(context: Context())) }
}

@Suite struct StartAndInitialTests {
    /// SCXML's initial macrostep: the start enters the initial configuration (its entry actions
    /// see the start event), then the eventless rows are taken before the internal queue, so the
    /// machine passes through `booting` before any input; the event its entry raised comes to a
    /// state that no longer takes it.
    @Test func theStartRunsTheInitialMacrostepBeforeAnyInput() {
        let runtime = Kiosk.runtime()
        #expect(
            runtime.state.context.log == [
                "enter:booting(boot)", "exit:booting(boot)", "t:auto(boot)", "enter:menu(boot)", "initial:menu(boot)",
                "enter:welcome(boot)",
            ])
        #expect(runtime.state[Kiosk.screen] == .welcome)
        #expect(runtime.startSteps.map(\.isMicrostep) == [false, true, true])
        #expect(runtime.startSteps.last?.result?.ignored == .noRow)
    }

    /// A machine without a start event starts as 1.0 did: no closure runs, no eventless row is
    /// taken until its first input.
    @Test func aMachineWithoutAStartEventRunsNoClosureAtItsStart() {
        enum Plain: Int, ControlState { case a, b }
        let region = Region<Plain>("plain", index: 0, initial: .a)
        let table = TransitionTable<Beacon>(
            regions: [region], rows: [Row("ab", in: region, from: [.a], always: nil, to: .b)],
            stateActions: [StateActions(in: region, .a, entry: { context, _, _ in context.log.append("entered a") })])
        let runtime = Runtime(table: table, state: table.initialState(context: .init()))
        #expect(runtime.startSteps.isEmpty)
        #expect(runtime.state[region] == .a && runtime.state.context.log.isEmpty)
    }

    /// SCXML's `<initial>` transition: its action runs after the compound state's entry action,
    /// before its target's; entering the state as the ancestor of a deeper target runs no initial
    /// action.
    @Test func anInitialTransitionRunsItsActionOnlyWhenTheStateIsEnteredByDefault() throws {
        var runtime = Kiosk.runtime()
        let before = runtime.state.context.log.count
        _ = try runtime.send(.other)
        #expect(
            Array(runtime.state.context.log[before...]) == [
                "exit:welcome(other)", "t:open(other)", "enter:browse(other)", "enter:detail(other)",
            ])
    }

    /// A history's default: while the history remembers nothing, it enters its own target and
    /// runs its own action, not the state's initial transition; once it remembers, it restores.
    @Test func aHistoryDefaultHasATargetAndAnActionOfItsOwn() throws {
        var runtime = Kiosk.runtime()
        _ = try runtime.send(.leave)
        // `back` is shallow: no default of its own, so the state's initial transition is taken.
        // Nothing is remembered yet by deep history... the shallow one remembers `welcome` now.
        var fresh = Runtime(table: Kiosk.table, state: runtime.state)
        var log = fresh.state.context.log.count
        _ = try fresh.send(.backDeep)
        #expect(
            Array(fresh.state.context.log[log...]) == [
                "exit:away(backDeep)", "t:backDeep(backDeep)", "enter:menu(backDeep)", "enter:welcome(backDeep)",
            ], "the deep history remembers welcome: menu was exited from it")

        var neverExited = Runtime(table: Kiosk.table, state: Kiosk.table.initialState(context: .init()))
        var away = neverExited.state
        away[Kiosk.screen] = .away
        neverExited = Runtime(table: Kiosk.table, state: away)
        log = neverExited.state.context.log.count
        _ = try neverExited.send(.backDeep)
        #expect(
            Array(neverExited.state.context.log[log...]) == [
                "exit:away(backDeep)", "t:backDeep(backDeep)", "enter:menu(backDeep)", "default:menu(backDeep)",
                "enter:browse(backDeep)", "enter:detail(backDeep)",
            ])
    }

    /// SCXML's event descriptors: `error` takes `error.execution` and `error.communication`; `*`
    /// takes every event, done events included.
    @Test func eventDescriptorsTakeTheEventsTheirPrefixesName() throws {
        var runtime = Kiosk.runtime()
        _ = try runtime.send(.errorCommunication)
        #expect(runtime.state[Kiosk.screen] == .failed)
        for event: Kiosk.Event in [.other, .leave, .errorExecution] {
            let steps = try runtime.send(event)
            #expect(steps.first?.result?.firedRows == [Kiosk.table.rows.firstIndex { $0.id == "anything" }!])
        }
        #expect(throws: TableError.self) {
            _ = try TransitionTable<Kiosk>(
                validating: [Kiosk.screen], rows: [Row("none", in: Kiosk.screen, from: [.menu], on: "warning", to: .failed)])
        }
    }

    /// A macrostep that ends is never an error, however long; the bound cuts only one that would
    /// go on.
    @Test func aMacrostepThatEndsIsNeverCutWhateverItsLength() throws {
        enum Count: Int, ControlState { case idle, counting, done }
        let region = Region<Count>("count", index: 0, initial: .idle)
        let counter = Guard<Beacon>("below") { state, _ in state.context.queued < 102 }
        let table = TransitionTable<Beacon>(
            regions: [region],
            rows: [
                Row("go", in: region, from: [.idle], on: .connect, to: .counting),
                Row("count", in: region, from: [.counting], always: counter) { context, _, _ in context.queued += 1 },
                Row("stop", in: region, from: [.counting], always: nil, to: .done),
            ])
        // 102 counting microsteps and one more to `done`: 103 in all.
        for bound in [103, 104, 10_000] {
            var runtime = Runtime(table: table, state: table.initialState(context: .init()))
            runtime.microstepBound = bound
            let steps = try runtime.send(.connect)
            #expect(steps.count == 104, "bound \(bound)")
            #expect(runtime.halt == nil && runtime.state[region] == .done, "bound \(bound)")
        }
        var cut = Runtime(table: table, state: table.initialState(context: .init()))
        cut.microstepBound = 102
        #expect(try cut.send(.connect).count == 103)
        #expect(cut.halt == .halted(rows: ["count"]))
        #expect(Runtime<Beacon>.defaultMicrostepBound == 10_000)
    }
}
