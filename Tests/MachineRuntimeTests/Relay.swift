import MachineCore
import MachineRuntime

/// A two-region machine for the saved-state tests: a line that asks two kinds of provider, a
/// lamp with two timers, and a final state; its context and requests are Codable.
enum Relay: MachineDefinition {
    struct Context: Equatable, Sendable, Codable {
        var log: [String] = []
        var level = 0.5
        /// Numbers by name, which no row touches: what the tests of saved numbers and keys set.
        var tally: [String: Double] = [:]
    }

    enum Event: MachineEvent, Equatable {
        case ask(String), ping, arm(Timer, Duration), answer(String), pong(Int), fired(Timer), hangUp
        enum Kind: Int, IndexedCase { case ask, ping, arm, answer, pong, firedA, firedB, hangUp }
        var kind: Kind {
            switch self {
            case .ask: .ask
            case .ping: .ping
            case .arm: .arm
            case .answer: .answer
            case .pong: .pong
            case .fired(.a): .firedA
            case .fired(.b): .firedB
            case .hangUp: .hangUp
            }
        }
    }

    enum Request: MachineRequest, Codable {
        case lookup(String)
        case ping(count: Int)
        enum Kind: Int, IndexedCase { case lookup, ping }
        var kind: Kind {
            switch self {
            case .lookup: .lookup
            case .ping: .ping
            }
        }
    }

    enum Timer: Int, IndexedCase { case a, b }

    static func event(firing timer: Timer) -> Event { .fired(timer) }
    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        switch kind {
        case .answer: .lookup
        case .pong: .ping
        default: nil
        }
    }
    static func isFailure(_ kind: Event.Kind) -> Bool { false }

    enum Line: Int, ControlState { case idle, waiting, closed }
    enum Lamp: Int, ControlState { case off, on }
    static let line = Region<Line>("line", index: 0, initial: .idle, final: [.closed])
    static let lamp = Region<Lamp>("lamp", index: 1, initial: .off)

    static func rows(renaming: String = "ask") -> [Row<Relay>] {
        [
            Row(renaming, in: line, from: [.idle, .waiting], on: .ask, to: .waiting) { context, event, out in
                if case .ask(let question) = event { out.request(.lookup(question)); context.log.append("ask \(question)") }
            },
            Row("answer", in: line, from: [.waiting], on: .answer, to: .idle) { context, event, _ in
                if case .answer(let answer) = event { context.log.append(answer) }
            },
            Row("ping", in: line, from: [.idle, .waiting], on: .ping) { context, _, out in
                context.level += 0.25
                out.request(.ping(count: context.log.count))
            },
            Row("pong", in: line, from: .any, on: .pong) { context, event, _ in
                if case .pong(let count) = event { context.log.append("pong \(count)") }
            },
            Row("hangUp", in: line, from: [.idle, .waiting], on: .hangUp, to: .closed),
            Row("arm", in: lamp, from: .any, on: .arm, to: .on) { _, event, out in
                if case .arm(let timer, let duration) = event { out.startTimer(timer, after: duration) }
            },
            Row("firedA", in: lamp, from: .any, on: .firedA, to: .off) { context, _, _ in context.log.append("A") },
            Row("firedB", in: lamp, from: .any, on: .firedB) { context, _, _ in context.log.append("B") },
        ]
    }

    static let table = TransitionTable(regions: [line, lamp], rows: rows())

    static func runtime(provider: Provider<Relay>? = nil) -> Runtime<Relay> {
        Runtime(table: table, state: table.initialState(context: .init()), provider: provider)
    }
}
