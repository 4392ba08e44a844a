import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What happens to a full-screen program's terminal: keys, a resize, a signal that asks it to
/// end, or its input closing.
package enum TerminalEvent: Equatable, Sendable {
    /// Keys pressed, in order.
    case keys([Key])
    /// The terminal changed size (`SIGWINCH`): draw again at the new size.
    case resized
    /// A signal asked the program to end (`SIGINT`, `SIGTERM` or `SIGHUP`): restore the
    /// terminal and exit.
    case signal(Int32)
    /// Standard input closed or failed: nobody can type any more.
    case inputClosed
}

/// Watches a terminal for a program that runs on the main actor: reads keys as they come
/// (without blocking the main actor), and turns `SIGWINCH`, `SIGINT`, `SIGTERM` and `SIGHUP`
/// into events instead of letting them end the process with the terminal in raw mode.
///
/// Everything is delivered on the main queue, hence on the main actor. ``stop()`` gives the
/// signals their previous handling back.
@MainActor
package final class TerminalEvents {
    /// The signals that ask the program to end, turned into ``TerminalEvent/signal(_:)``.
    static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let input: Int32
    private let escapeDelay: Duration
    private let handler: @MainActor (TerminalEvent) -> Void
    private var decoder = KeyDecoder()
    private var sources: [any DispatchSourceProtocol] = []
    private var savedActions: [(Int32, sigaction)] = []
    private var pendingFlush: DispatchWorkItem?

    /// Watches `input`; `escapeDelay` is how long a lone escape waits for the rest of a
    /// sequence before it counts as the Escape key.
    package init(input: Int32, escapeDelay: Duration = .milliseconds(30), handler: @escaping @MainActor (TerminalEvent) -> Void) {
        self.input = input
        self.escapeDelay = escapeDelay
        self.handler = handler
    }

    /// Starts watching: keys, resizes and the ending signals.
    package func start() {
        let reader = DispatchSource.makeReadSource(fileDescriptor: input, queue: .main)
        reader.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.readKeys() } }
        reader.resume()
        sources.append(reader)
        for number in [SIGWINCH] + Self.endingSignals {
            var previous = sigaction()
            var ignore = sigaction()
            ignore.__sigaction_handler.sa_handler = SIG_IGN
            sigaction(number, &ignore, &previous)
            savedActions.append((number, previous))
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.handler(number == SIGWINCH ? .resized : .signal(number)) }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops watching and puts the signals' previous handling back.
    package func stop() {
        for source in sources { source.cancel() }
        sources = []
        pendingFlush?.cancel()
        pendingFlush = nil
        for (number, action) in savedActions.reversed() {
            var action = action
            sigaction(number, &action, nil)
        }
        savedActions = []
    }

    private func readKeys() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return }
        guard count > 0 else {
            stop()
            handler(.inputClosed)
            return
        }
        pendingFlush?.cancel()
        pendingFlush = nil
        let keys = decoder.decode(buffer.prefix(count))
        if !keys.isEmpty { handler(.keys(keys)) }
        if decoder.isWaiting {
            let flush = DispatchWorkItem { [weak self] in MainActor.assumeIsolated { self?.flushKeys() } }
            pendingFlush = flush
            DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(escapeDelay / .nanoseconds(1))), execute: flush)
        }
    }

    private func flushKeys() {
        pendingFlush = nil
        let keys = decoder.flush()
        if !keys.isEmpty { handler(.keys(keys)) }
    }
}
