import AddressPicker

/// The location-permission prompt: the request for authorization waits in ``ask()`` until the
/// person presses y or n (``answer(granted:)``), as a system's permission dialog would.
@MainActor
final class PermissionPrompt {
    private var waiting: CheckedContinuation<AddressPicker.Authorization, Never>?
    /// Called when the prompt appears or goes.
    var onChange: (() -> Void)?

    /// Whether the person is being asked.
    var isAsking: Bool { waiting != nil }

    /// Asks the person; returns when they answer, or `notDetermined` when the request is
    /// cancelled first (its answer is then dropped by the runtime anyway).
    func ask() async -> AddressPicker.Authorization {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiting?.resume(returning: .notDetermined)
                waiting = continuation
                onChange?()
            }
        } onCancel: {
            Task { @MainActor in self.withdraw() }
        }
    }

    /// The person's answer: allowed while in use, or denied.
    func answer(granted: Bool) {
        resume(with: granted ? .authorizedWhenInUse : .denied)
    }

    /// The request was cancelled: the prompt goes without an answer.
    private func withdraw() {
        resume(with: .notDetermined)
    }

    private func resume(with authorization: AddressPicker.Authorization) {
        guard let waiting else { return }
        self.waiting = nil
        waiting.resume(returning: authorization)
        onChange?()
    }
}
