import MachineCore
import MachineRuntime

/// A one-region machine for the runtime's tests: it asks a provider questions and arms timers.
enum Asker: MachineDefinition {
    struct Context: Equatable, Sendable { var log: [String] = [] }

    enum Event: MachineEvent, Equatable {
        case ask(String), arm(Timer, milliseconds: Int), reply(String), fired(Timer), say(String)
        /// Arms a timer for any duration, hostile ones included.
        case armFor(Timer, Duration)
        /// A provider's failure: answers a lookup like `reply`.
        case failed(String)
        enum Kind: Int, IndexedCase { case ask, arm, reply, firedA, firedB, say, armFor, failed }
        var kind: Kind {
            switch self {
            case .ask: .ask
            case .arm: .arm
            case .reply: .reply
            case .fired(.a): .firedA
            case .fired(.b): .firedB
            case .say: .say
            case .armFor: .armFor
            case .failed: .failed
            }
        }
    }

    enum Request: MachineRequest {
        case lookup(String)
        enum Kind: Int, IndexedCase { case lookup }
        var kind: Kind { .lookup }
    }

    enum Output: Equatable, Sendable { case said(String) }
    enum Timer: Int, IndexedCase { case a, b }

    static func event(firing timer: Timer) -> Event { .fired(timer) }
    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        kind == .reply || kind == .failed ? .lookup : nil
    }
    static func isFailure(_ kind: Event.Kind) -> Bool { kind == .failed }

    enum Line: Int, ControlState { case idle, waiting }
    static let line = Region<Line>("line", index: 0, initial: .idle)

    static let table: TransitionTable<Asker> = {
        let rows: [Row<Asker>] = [
            Row("ask", in: line, from: .any, on: .ask, to: .waiting) { _, event, out in
                if case .ask(let question) = event { out.request(.lookup(question)) }
            },
            Row("reply", in: line, from: [.waiting], on: .reply, to: .idle) { context, event, out in
                if case .reply(let answer) = event { context.log.append(answer) }
            },
            Row("arm", in: line, from: .any, on: .arm) { _, event, out in
                if case .arm(let timer, let milliseconds) = event { out.startTimer(timer, after: .milliseconds(milliseconds)) }
            },
            Row("failed", in: line, from: [.waiting], on: .failed, to: .idle) { context, event, _ in
                if case .failed(let reason) = event { context.log.append("failed: \(reason)") }
            },
            Row("armFor", in: line, from: .any, on: .armFor) { _, event, out in
                if case .armFor(let timer, let duration) = event { out.startTimer(timer, after: duration) }
            },
            Row("firedA", in: line, from: .any, on: .firedA) { context, _, _ in context.log.append("A") },
            Row("firedB", in: line, from: .any, on: .firedB) { context, _, _ in context.log.append("B") },
            Row("say", in: line, from: .any, on: .say) { _, event, out in
                if case .say(let words) = event { out.emit(.said(words)) }
            },
        ]
        return TransitionTable(regions: [line], rows: rows)
    }()

    static func runtime(provider: Provider<Asker>? = nil) -> Runtime<Asker> {
        Runtime(table: table, state: table.initialState(context: .init()), provider: provider)
    }
}
