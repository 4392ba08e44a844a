import MachineCore
import MachineRuntime

/// What identifies a runtime's state for a breadth-first search (covering paths, verification):
/// the machine's state (control states, context, history, and the work ledger: the timers
/// running and the kinds of request in flight, in order), how far off each running timer is,
/// what the machine scheduled (each delay and delayed send, how far off, a sent event by its
/// description), and, when late answers are inputs, which kinds have a cancelled request still
/// unanswered.
///
/// It leaves out the absolute time, request numbers and the requests' payloads (the context that
/// made a request holds what it asked), so that a machine that goes round a loop comes back to
/// the same key and the space is finite wherever the machine is.
@usableFromInline
package struct StateKey<M: MachineDefinition>: Hashable, Sendable where M.Context: Hashable {
    @usableFromInline let state: MachineState<M>
    /// The hash of the state's context (``contextHash(of:ignoring:reusing:of:)``): the key's hash
    /// combines it, so that a context shared with a state already hashed is not read again.
    @usableFromInline let contextHash: Int
    /// The time left on each running timer, in the runtime's order of the timers.
    @usableFromInline let timers: [Duration]
    /// Each scheduled event, in the runtime's order: the time left, then what falls due.
    @usableFromInline let scheduled: [String]
    /// A bit for each request kind (by raw value, modulo 64) with a cancelled request not
    /// answered yet; zero when late answers are not inputs of the search.
    @usableFromInline let lateAnswerable: UInt64

    /// The key of `runtime`; with `lateAnswers`, the kinds that can take a late answer count;
    /// `ignoring` sets the fields of the context the key leaves out to one value. `contextHash`
    /// is the hash of that context when the caller knows it already.
    @inlinable
    package init(
        _ runtime: Runtime<M>, lateAnswers: Bool, ignoring: (@Sendable (inout M.Context) -> Void)? = nil,
        contextHash: Int? = nil
    ) {
        if let ignoring {
            var state = runtime.state
            ignoring(&state.context)
            self.state = state
        } else {
            state = runtime.state
        }
        self.contextHash = contextHash ?? state.context.hashValue
        timers = runtime.timers.map { $0.deadline - runtime.now }
        scheduled = runtime.scheduled.isEmpty ? [] : runtime.scheduled.map(Self.identity(runtime.now))
        lateAnswerable = lateAnswers ? Self.lateAnswerableKinds(of: runtime) : 0
    }

    /// Hashes what the key holds: the context by its hash.
    @inlinable
    package func hash(into hasher: inout Hasher) {
        hasher.combine(state.controls)
        hasher.combine(contextHash)
        hasher.combine(state.work)
        hasher.combine(timers)
        hasher.combine(scheduled)
        hasher.combine(lateAnswerable)
    }

    /// The hash of `runtime`'s context, with the fields `ignoring` leaves out set to one value.
    /// Read where the runtime keeps its state: read through `Runtime.state` to be passed on,
    /// the state would be copied first, through its value witness.
    @inlinable
    static func contextHash(of runtime: Runtime<M>, ignoring: (@Sendable (inout M.Context) -> Void)?) -> Int {
        guard let ignoring else { return runtime.contextHashValue() }
        var context = runtime.state.context
        ignoring(&context)
        return context.hashValue
    }

    /// The hash of `runtime`'s context (``contextHash(of:ignoring:)``), or `knownHash`, the hash
    /// of `known`'s, without reading the context, when the two runtimes share their context
    /// (`MachineState.sharesContext(with:)`): a successor whose input left the context as it was.
    @inlinable
    static func contextHash(
        of runtime: Runtime<M>, ignoring: (@Sendable (inout M.Context) -> Void)?, reusing knownHash: Int,
        of known: Runtime<M>
    ) -> Int {
        runtime.sharesContext(with: known) ? knownHash : contextHash(of: runtime, ignoring: ignoring)
    }

    /// The 64-bit fingerprint of `runtime`'s key: what the key holds, mixed word by word
    /// (``FingerprintHasher``) from the runtime in place, with no key built (no copy of its
    /// state, no list of its timers): what a search that keeps fingerprints only asks of each
    /// state it reaches. Two runtimes with equal keys have equal fingerprints within one process
    /// (the context and a scheduled event count by their `Hasher` hash). `contextHash` is the
    /// hash of the context when the caller knows it already (``contextHash(of:ignoring:)``).
    @inlinable
    static func fingerprint(
        of runtime: Runtime<M>, lateAnswers: Bool, ignoring: (@Sendable (inout M.Context) -> Void)? = nil,
        contextHash: Int? = nil
    ) -> Int {
        var hasher = FingerprintHasher()
        runtime.state.controls.fingerprint(into: &hasher)
        hasher.combine(contextHash ?? Self.contextHash(of: runtime, ignoring: ignoring))
        runtime.state.work.fingerprint(into: &hasher)
        let timers = runtime.timers
        hasher.combine(timers.count)
        for index in timers.indices { hasher.combine(timers[index].deadline - runtime.now) }
        let scheduled = runtime.scheduled
        hasher.combine(scheduled.count)
        if !scheduled.isEmpty {
            for identity in scheduled.map(identity(runtime.now)) { hasher.combine(identity.hashValue) }
        }
        hasher.combine(lateAnswers ? lateAnswerableKinds(of: runtime) : 0)
        return hasher.finalize()
    }

    /// A bit for each request kind (by raw value, modulo 64) with a cancelled request not
    /// answered yet.
    @inlinable
    static func lateAnswerableKinds(of runtime: Runtime<M>) -> UInt64 {
        var kinds: UInt64 = 0
        let requests = runtime.requests
        for index in requests.indices where requests[index].cancellation != nil && !requests[index].isAnswered {
            kinds |= 1 << UInt64(requests[index].reference.kind.rawValue % 64)
        }
        return kinds
    }

    /// A scheduled event's part of the key: the time left, then the delay's number, or the id
    /// and the event's description.
    @usableFromInline
    static func identity(_ now: Duration) -> (Runtime<M>.ScheduledEvent) -> String {
        { scheduled in
            let left = "\(scheduled.deadline - now)"
            switch scheduled.payload {
            case .delay(let number): return "\(left) delay \(number)"
            case .event(let event, let id): return "\(left) \(id ?? "") \(String(reflecting: event))"
            }
        }
    }
}
