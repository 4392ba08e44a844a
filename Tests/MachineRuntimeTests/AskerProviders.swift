import MachineCore
import MachineRuntime
import MachineTesting

/// Holds providers back until the test lets them answer, one question at a time.
///
/// A provider waiting at a gate that is cancelled (its request was cancelled or the runtime
/// stopped) goes through at once, as a real provider returns early when its task is cancelled.
@MainActor
final class ProviderGate {
    private var waiting: [String: CheckedContinuation<Void, Never>] = [:]
    private var opened: Set<String> = []

    /// Returns once `question` is let through.
    func pass(_ question: String) async {
        if opened.contains(question) { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if opened.contains(question) { continuation.resume() } else { waiting[question] = continuation }
            }
        } onCancel: {
            Task { @MainActor in self.open(question) }
        }
    }

    /// Lets `question` through, now and later.
    func open(_ question: String) {
        opened.insert(question)
        waiting.removeValue(forKey: question)?.resume()
    }

    /// Whether a provider is waiting at the gate for `question`.
    func isHolding(_ question: String) -> Bool { waiting[question] != nil }
}

/// Provider closures for the live runtime's tests. Each counts its performs in `log`. They run
/// on the main actor, so that a manual-clock test can let them finish with ``settle()``.
@MainActor
enum AskerProviders {
    /// Answers `reply("live <question>")` at once.
    static func answering(_ log: PerformLog) -> LiveRuntime<Asker, ManualClock>.Provider {
        { @MainActor request in
            log.record(request)
            return .reply("live \(request.question)")
        }
    }

    /// Answers `reply("live <question>")` once the gate lets the question through.
    static func gated(_ gate: ProviderGate, _ log: PerformLog) -> LiveRuntime<Asker, ManualClock>.Provider {
        { @MainActor request in
            log.record(request)
            await gate.pass(request.question)
            return .reply("live \(request.question)")
        }
    }

    /// Answers with `event` at once, whatever its kind.
    static func answering(_ event: Asker.Event, _ log: PerformLog) -> LiveRuntime<Asker, ManualClock>.Provider {
        { @MainActor request in
            log.record(request)
            return event
        }
    }
}

extension Asker.Request {
    var question: String {
        switch self {
        case .lookup(let question): question
        }
    }
}
