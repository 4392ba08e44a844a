import MachineCore
import Testing

/// A small machine that finishes with work running: an upload starts two timers and two
/// requests; closing or aborting the session ends the machine, and a second region may start a
/// timer in the same step.
enum Upload: MachineDefinition {
    struct Context: Equatable, Sendable {}

    enum Event: Int, MachineEvent, IndexedCase {
        case start, restartHeartbeat, pause, close, abort, closeAndLinger, heartbeat, retry, sent, pong
        var kind: Event { self }
    }

    enum Request: Int, MachineRequest, IndexedCase {
        case upload, ping
        var kind: Request { self }
    }

    enum Output: Equatable, Sendable { case closed, aborted }

    enum Timer: Int, IndexedCase { case retry, heartbeat, linger }

    static func event(firing timer: Timer) -> Event {
        switch timer {
        case .retry: .retry
        case .heartbeat, .linger: .heartbeat
        }
    }

    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        switch kind {
        case .sent: .upload
        case .pong: .ping
        default: nil
        }
    }

    static func isFailure(_ kind: Event.Kind) -> Bool { false }

    enum Session: Int, ControlState { case idle, open, paused, closed, aborted }
    enum Log: Int, ControlState { case quiet }

    static let session = Region<Session>("session", index: 0, initial: .idle, final: [.closed, .aborted])
    static let log = Region<Log>("log", index: 1, initial: .quiet)

    static let table = TransitionTable<Upload>(regions: [session, log], rows: rows)

    /// The same rows with an entry action on `closed`: a row into it goes through its plan
    /// rather than the plain move.
    static let tableWithEntryAction = TransitionTable<Upload>(
        regions: [session, log], rows: rows,
        stateActions: [StateActions(in: session, .closed, entry: { _, _, out in out.emit(.closed) })])

    static let rows: [Row<Upload>] = [
        Row("start", in: session, from: [.idle], on: .start, to: .open) { _, _, out in
            out.startTimer(.retry, after: .seconds(5))
            out.request(.upload)
            out.startTimer(.heartbeat, after: .seconds(1))
            out.request(.ping)
        },
        Row("restartHeartbeat", in: session, from: [.open], on: .restartHeartbeat) { _, _, out in
            out.startTimer(.heartbeat, after: .seconds(1))
        },
        Row("pause", in: session, from: [.open], on: .pause, to: .paused),
        Row("close", in: session, from: [.open], on: .close, to: .closed) { _, _, out in out.emit(.closed) },
        Row("closeAndLinger", in: session, from: [.open], on: .closeAndLinger, to: .closed),
        Row("linger", in: log, from: [.quiet], on: .closeAndLinger) { _, _, out in
            out.startTimer(.linger, after: .seconds(2))
        },
        Row("abort", in: session, from: [.open], on: .abort, to: .aborted) { _, _, out in
            out.cancelEverything()
            out.emit(.aborted)
        },
    ]

    /// The state once `start` has started everything.
    static var started: MachineState<Upload> {
        table.step(table.initialState(context: .init()), .start).state
    }
}

@Suite struct FinalStateTests {
    let table = Upload.table

    /// A row into a final state that goes through its plan (here, for the entry action) ends
    /// the machine's work on a result that records nothing as on one that records everything.
    @Test(arguments: [Upload.Event.close, .closeAndLinger, .abort])
    func aPlannedRowIntoAFinalStateEndsTheWorkWhateverTheRecording(event: Upload.Event) {
        let table = Upload.tableWithEntryAction
        let started = table.step(table.initialState(context: .init()), .start).state
        #expect(!started.work.isIdle)
        var full = started
        var fullResult = StepResult<Upload>()
        table.step(&full, event, into: &fullResult)
        for recording: StepRecording in [[], [.guardChecks], [.stateChanges]] {
            var lean = started
            var leanResult = StepResult<Upload>(recording: recording)
            table.step(&lean, event, into: &leanResult)
            #expect(lean == full && lean.work.isIdle, "\(event), recording \(recording)")
            #expect(leanResult.commands == fullResult.commands, "\(event), recording \(recording)")
        }
        #expect(fullResult.commands.contains(.cancel(.upload)) || event == .abort)
    }

    @Test func enteringAFinalStateCancelsTheWorkStillRunningAfterTheRowsCommands() {
        let (state, result) = table.step(Upload.started, .close)
        #expect(state[Upload.session] == .closed)
        #expect(
            result.commands == [
                .output(.closed), .cancelTimer(.retry), .cancelTimer(.heartbeat), .cancel(.upload), .cancel(.ping),
            ])
        #expect(state.work.isIdle)
        #expect(result.outbox.work.isIdle)
    }

    @Test func timersAreCancelledInTheOrderOfTheirLastStart() {
        let restarted = table.step(Upload.started, .restartHeartbeat).state
        #expect(restarted.work.timers.elements == [.retry, .heartbeat])
        let (state, result) = table.step(table.step(restarted, .restartHeartbeat).state, .close)
        #expect(
            result.commands == [
                .output(.closed), .cancelTimer(.retry), .cancelTimer(.heartbeat), .cancel(.upload), .cancel(.ping),
            ])
        #expect(state.work.isIdle)
    }

    @Test func workStartedByAnotherRegionInTheSameStepIsCancelledToo() {
        let (state, result) = table.step(Upload.started, .closeAndLinger)
        #expect(result.firedRows.map { table.rows[$0].id } == ["closeAndLinger", "linger"])
        #expect(
            result.commands == [
                .startTimer(.linger, .seconds(2)),
                .cancelTimer(.retry), .cancelTimer(.heartbeat), .cancelTimer(.linger), .cancel(.upload), .cancel(.ping),
            ])
        #expect(state.work.isIdle)
    }

    @Test func aRowThatCancelsEverythingItselfGetsNoSecondCancellation() {
        let (state, result) = table.step(Upload.started, .abort)
        #expect(
            result.commands == [
                .cancelTimer(.retry), .cancelTimer(.heartbeat), .cancel(.upload), .cancel(.ping), .output(.aborted),
            ])
        #expect(state.work.isIdle)
    }

    @Test func aRowIntoAStateThatIsNotFinalLeavesTheWorkRunning() {
        let (state, result) = table.step(Upload.started, .pause)
        #expect(state[Upload.session] == .paused)
        #expect(result.commands.isEmpty)
        #expect(state.work.timers.elements == [.retry, .heartbeat])
        #expect(state.work.pending.elements == [.upload, .ping])
    }

    @Test func theFinishedMachineIgnoresTheAnswersOfWhatItCancelled() {
        let closed = table.step(Upload.started, .close).state
        let (state, result) = table.step(closed, .sent)
        #expect(result.ignored == .finished(region: Upload.session.index, state: Upload.Session.closed.rawValue))
        #expect(state == closed)
    }
}
