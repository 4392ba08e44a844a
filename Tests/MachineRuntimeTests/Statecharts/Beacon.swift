import MachineCore
import MachineRuntime

/// A link that uses every statechart trigger, for the tests of the step's semantics: it
/// connects through a `handshake` (`hello`, then the final child `ready`, whose done event takes
/// it `online`), gives up on a missing acknowledgement after 5 s, retries from `backoff` after a
/// delay, beats every 30 s while `online`, and drains a queue of messages by an eventless row
/// that raises `flushed` once the link is online.
enum Beacon: MachineDefinition {
    struct Context: Equatable, Sendable, Codable {
        var log: [String] = []
        var queued = 0
        var beats = 0
    }

    enum Event: Int, MachineEvent, IndexedCase {
        case connect, ack, beat, ackLate, retryDue, drop, enqueue, flushed, reenter, stay, shutdown
        var kind: Self { self }
    }

    enum Timer: Int, IndexedCase { case heartbeat, ackTimeout, retry }

    static func event(firing timer: Timer) -> Event {
        switch timer {
        case .heartbeat: .beat
        case .ackTimeout: .ackLate
        case .retry: .retryDue
        }
    }

    enum Link: Int, ControlState { case offline, handshake, hello, ready, online, backoff, closed }
    enum Queue: Int, ControlState { case empty, queued, sending }

    static let link = Region<Link>(
        "link", index: 0, initial: .offline, final: [.ready, .closed], children: [.handshake: [.hello, .ready]])
    static let queue = Region<Queue>("queue", index: 1, initial: .empty)

    static let isOnline = Guard<Beacon>("isOnline") { state, _ in state[link] == .online }

    /// The rows; `retryDelay` is the backoff's delay.
    static func rows(retryDelay: Duration = .seconds(2)) -> [Row<Beacon>] {
        [
            Row("L1.connect", in: link, from: [.offline], on: .connect, to: .handshake),
            Row("L2.ack", in: link, from: [.hello], on: .ack, to: .ready),
            Row("L3.handshakeDone", in: link, done: .handshake, to: .online) { context, _, _ in
                context.log.append("online")
            },
            Row("L4.ackTimeout", in: link, from: [.hello], after: .seconds(5), timer: .ackTimeout, to: .backoff),
            Row("L5.heartbeat", in: link, from: [.online], every: .seconds(30), timer: .heartbeat) { context, _, _ in
                context.beats += 1
            },
            Row("L6.retry", in: link, from: [.backoff], after: retryDelay, timer: .retry, to: .handshake),
            Row("L7.drop", in: link, from: [.online], on: .drop, to: .backoff),
            Row("L8.reenter", in: link, from: [.online], on: .reenter, to: .online),
            Row("L9.stay", in: link, from: [.online], on: .stay),
            Row("L10.shutdown", in: link, from: .any, on: .shutdown, to: .closed),
            Row("Q1.enqueue", in: queue, from: [.empty, .queued], on: .enqueue, to: .queued) { context, _, _ in
                context.queued += 1
            },
            Row("Q2.drain", in: queue, from: [.queued], always: isOnline, to: .sending) { context, _, outbox in
                context.log.append("sending \(context.queued)")
                outbox.raise(.flushed)
            },
            Row("Q3.flushed", in: queue, from: [.sending], on: .flushed, to: .empty) { context, _, _ in
                context.queued = 0
                context.log.append("flushed")
            },
        ]
    }

    static let table = TransitionTable<Beacon>(regions: [link, queue], rows: rows())

    static func runtime(_ table: TransitionTable<Beacon> = table) -> Runtime<Beacon> {
        Runtime(table: table, state: table.initialState(context: Context()))
    }
}

extension RuntimeStep where M == Beacon {
    /// The step in a few words: its cause, then the rows it fired, `eventless: Q2.drain`.
    var summary: String {
        let cause =
            switch cause {
            case .event(let event): "\(event)"
            case .timer(let timer): "timer \(timer)"
            case .answer(let reference, _), .drop(let reference, _, _): "\(reference)"
            case .eventless: "eventless"
            case .raised(let event): "raised \(event)"
            case .done(let region, let state): "done \(Beacon.table.regions[region].states[state])"
            case .start: "start"
            case .sent(let event): "sent \(event)"
            case .delay(let row): "delay \(Beacon.table.rows[row].id)"
            }
        let rows = result?.firedRows.map { Beacon.table.rows[$0].id } ?? []
        return "@\(time.components.seconds)s \(cause): \(rows.joined(separator: ", "))"
    }
}
