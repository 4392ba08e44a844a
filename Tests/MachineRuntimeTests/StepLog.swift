import MachineCore
import MachineRuntime
import Testing

/// Collects a live runtime's steps and lets a test await them, never longer than a deadline.
///
/// A runtime that loses a step must fail the test that waits for it, not hang the whole run: every
/// wait races the condition against a `Task.sleep` on the real clock, and records an issue (with
/// the steps seen so far, through `reportTimeout`) when the sleep wins.
@MainActor
final class StepLog {
    private struct Waiter {
        let id: Int
        let isSatisfied: ([RuntimeStep<Asker>]) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    private(set) var steps: [RuntimeStep<Asker>] = []
    private var waiters: [Waiter] = []
    private var nextWaiter = 0
    /// Where a wait that times out reports it: an issue, or, for the test of the deadline itself,
    /// a list that test reads.
    var reportTimeout: (String, SourceLocation) -> Void = { message, location in
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    }

    func record(_ step: RuntimeStep<Asker>) {
        steps.append(step)
        let ready = waiters.filter { $0.isSatisfied(steps) }
        waiters.removeAll { $0.isSatisfied(steps) }
        for waiter in ready { waiter.continuation.resume(returning: true) }
    }

    /// Waits until at least `count` steps have been recorded; records an issue after `limit`.
    @discardableResult
    func waitFor(
        _ count: Int, within limit: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
    )
        async -> Bool
    {
        await wait(until: "\(count) steps", within: limit, sourceLocation: sourceLocation) { $0.count >= count }
    }

    /// Waits until `condition` holds of the steps recorded; records an issue after `limit`.
    @discardableResult
    func wait(
        until description: String, within limit: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: @escaping ([RuntimeStep<Asker>]) -> Bool
    ) async -> Bool {
        if condition(steps) { return true }
        nextWaiter += 1
        let id = nextWaiter
        let timeout = Task { [weak self] in
            do { try await ContinuousClock().sleep(for: limit) } catch { return }
            self?.expire(id)
        }
        let arrived = await withCheckedContinuation { continuation in
            waiters.append(Waiter(id: id, isSatisfied: condition, continuation: continuation))
        }
        timeout.cancel()
        if !arrived {
            let seen = steps.map { "\($0.time) \($0.cause)" }.joined(separator: "\n  ")
            reportTimeout(
                "timed out after \(limit) waiting for \(description); \(steps.count) steps:\n  \(seen)", sourceLocation)
        }
        return arrived
    }

    private func expire(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: false)
    }

    /// The steps whose input is a dropped answer.
    var drops: [RuntimeStep<Asker>] { steps.filter { if case .drop = $0.cause { true } else { false } } }
    /// The steps whose input is an applied answer.
    var answers: [RuntimeStep<Asker>] { steps.filter { if case .answer = $0.cause { true } else { false } } }
}

/// Counts how often a provider was asked each question.
@MainActor
final class PerformLog {
    private(set) var questions: [String] = []

    func record(_ request: Asker.Request) {
        switch request {
        case .lookup(let question): questions.append(question)
        }
    }

    /// How many times each question was performed.
    var counts: [String: Int] { questions.reduce(into: [:]) { $0[$1, default: 0] += 1 } }
    var total: Int { questions.count }
}

/// Lets every job already queued on the main actor (and the jobs they queue, a few levels deep)
/// run: manual-clock tests use it to see that nothing more happens, without real time.
@MainActor
func settle() async {
    for _ in 0..<100 { await Task.yield() }
}

extension RuntimeStep where M == Asker {
    /// The step's cause, short: `say("hi")`, `timer a`, `answer lookup#1 reply("x")`, `drop lookup#1 …`.
    var label: String {
        switch cause {
        case .event(let event): "\(event)"
        case .timer(let timer): "timer \(timer)"
        case .answer(let reference, let answer): "answer \(reference) \(answer)"
        case .drop(let reference, let answer, _): "drop \(reference) \(answer)"
        case .eventless: "eventless"
        case .raised(let event): "raised \(event)"
        case .done(let region, let state): "done \(region).\(state)"
        case .start: "start"
        case .sent(let event): "sent \(event)"
        case .delay(let row): "delay \(row)"
        }
    }
}
