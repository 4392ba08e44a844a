import MachineCore
import MachineRuntime
import Testing

// W3C IRP test 399: each state raises one event on entry and moves on when a descriptor takes
// it: `foo bar`, `foo bar` (bar), `foo bar` (foo.zoo), `foo` / `foos` (foos), `foo.*`, `*`.
private enum W3C399: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, foo, bar, fooZoo, foos
        var kind: Self { self }
        var name: String { self == .fooZoo ? "foo.zoo" : String(describing: self) }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s0, s01, s02, s03, s04, s05, s06, pass, fail }
    static let r = Region<S>(
        "r", index: 0, initial: .s0, final: [.pass, .fail], children: [.s0: [.s01, .s02, .s03, .s04, .s05, .s06]])
    static let raises: [(S, Event)] = [(.s01, .foo), (.s02, .bar), (.s03, .fooZoo), (.s04, .foos), (.s05, .fooZoo), (.s06, .foo)]
    static let table = TransitionTable<W3C399>(
        regions: [r],
        rows: [
            Row("s01", in: r, from: [.s01], on: "foo bar", to: .s02, action: logsEvent()),
            Row("s02", in: r, from: [.s02], on: "foo bar", to: .s03, action: logsEvent()),
            Row("s03", in: r, from: [.s03], on: "foo bar", to: .s04, action: logsEvent()),
            Row("s04.foo", in: r, from: [.s04], on: "foo", to: .fail, action: logsEvent()),
            Row("s04.foos", in: r, from: [.s04], on: "foos", to: .s05, action: logsEvent()),
            Row("s05", in: r, from: [.s05], on: "foo.*", to: .s06, action: logsEvent()),
            Row("s06", in: r, from: [.s06], on: "*", to: .pass, action: logsEvent()),
        ],
        stateActions: raises.map { state, event in StateActions(in: r, state, entry: { _, _, out in out.raise(event) }) })
}

// Two top-level regions: `handler` takes `error`, `specific` takes `error.execution`.
private enum Errors: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, error, errorExecution, errorCommunication, errors
        var kind: Self { self }
        var name: String {
            switch self {
            case .errorExecution: "error.execution"
            case .errorCommunication: "error.communication"
            default: String(describing: self)
            }
        }
    }
    static let startEvent: Event? = .start

    enum H: Int, ControlState { case idle }
    enum T: Int, ControlState { case idle }
    static let handler = Region<H>("handler", index: 0, initial: .idle)
    static let specific = Region<T>("specific", index: 1, initial: .idle)
    static let table = TransitionTable<Errors>(
        regions: [handler, specific],
        rows: [
            Row("handler.error", in: handler, from: .any, on: "error") { context, event, _ in
                context.log.append("error:\(event.kind.name)")
            },
            Row("specific.execution", in: specific, from: .any, on: "error.execution") { context, event, _ in
                context.log.append("error.execution:\(event.kind.name)")
            },
        ])
}

// Rows on `*` and on `go` in both orders, and a `*` row of a compound state `c` that sees its
// done event.
private enum Star: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, go, other, finish
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case starFirst, goFirst, c, c1, cFinal }
    static let r = Region<S>("r", index: 0, initial: .starFirst, final: [.cFinal], children: [.c: [.c1, .cFinal]])
    static let table = TransitionTable<Star>(
        regions: [r],
        rows: [
            Row("starFirst.any", in: r, from: [.starFirst], on: "*", action: logs("*")),
            Row("starFirst.go", in: r, from: [.starFirst], on: .go, action: logs("go")),
            Row("goFirst.go", in: r, from: [.goFirst], on: .go, action: logs("go")),
            Row("goFirst.any", in: r, from: [.goFirst], on: "*", action: logs("*")),
            Row("c1.finish", in: r, from: [.c1], on: .finish, to: .cFinal, action: logs("finish")),
            Row("c.any", in: r, from: [.c], on: "*", action: logs("*")),
        ])

    /// A runtime started in `state`.
    static func started(in state: S) -> Runtime<Star> {
        var initial = table.initialState(context: .init())
        initial[r] = state
        return Runtime(table: table, state: initial)
    }
}

/// Event descriptors (SCXML §3.12.1): a descriptor matches an event whose name is it or
/// continues it after a dot; `*` matches every event; a transition lists several.
@Suite struct DescriptorCases {
    /// W3C IRP test 399: event name matching, prefix matching and multiple designators.
    /// SCXML requires `foo bar` to take foo, bar and foo.zoo, `foo` not to take foos, `foo.*`
    /// to take foo.zoo and `*` to take foo: `pass` without a detour to `fail`.
    @Test func descriptorsMatchByTokenPrefixAndAnyOfSeveralDesignators() {
        let runtime = W3C399.started(W3C399.table, .init())
        #expect(runtime.state.context.log == ["foo", "bar", "foo.zoo", "foos", "foo.zoo", "foo"])
        #expect(runtime.state[W3C399.r] == .pass)
    }

    /// SCXML §3.12.1: `error` matches error.execution and error.communication, not errors
    /// (token boundary), and the more specific `error.execution` does not match `error`.
    @Test func prefixDescriptorMatchesOnlyAtDotBoundaries() throws {
        var runtime = Errors.started(Errors.table, .init())
        for event: Errors.Event in [.errorExecution, .errorCommunication, .error] { _ = try runtime.send(event) }
        #expect(
            runtime.state.context.log == [
                "error:error.execution", "error.execution:error.execution", "error:error.communication", "error:error",
            ])
        let ignored = try runtime.send(.errors)
        #expect(ignored.first?.result?.ignored == .noRow)
    }

    /// SCXML §3.12.1 and §3.13: `*` matches any event, done events included, and within a
    /// state the first matching transition in document order wins, however generic.
    @Test func wildcardMatchesEveryEventAndCompetesInDocumentOrder() throws {
        var starFirst = Star.started(in: .starFirst)
        #expect(try starFirst.log(.go) == ["*"])
        var goFirst = Star.started(in: .goFirst)
        #expect(try goFirst.log(.go) == ["go"])
        #expect(try goFirst.log(.other) == ["*"])
        var compound = Star.started(in: .c)
        let steps = try compound.send(.finish)
        #expect(compound.state.context.log == ["finish", "*"])
        #expect(steps.last.map { if case .done = $0.cause { true } else { false } } == true)
    }
}
