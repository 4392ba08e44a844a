import MachineCore

/// A property that must hold of every state a machine's runtime can be in and of every step it
/// takes, named so that a violation says which one broke.
///
/// ``standard`` holds for every machine built with the framework; a machine declares its own
/// once, beside its table, such as ``request(_:onlyIn:_:)`` and ``timer(_:onlyIn:_:)``, which tie
/// work in flight to the control states that wait for it. The same list serves every tool:
/// restoring a saved state refuses one that breaks an invariant
/// (``Runtime/init(restoring:table:invariants:provider:)``), and exploration checks them after
/// every move.
///
/// Most invariants are about a state alone: what the machine is in, its context, the work its
/// ledger lists (``state(_:_:)``). One that compares before with after, reads the steps or the
/// runtime's own books (its request history, its clock) sees an ``Observation`` instead
/// (``init(_:violation:)``): an input with the runtime before and after it, or a runtime as it is
/// (restored), with no input and no step. An invariant about steps (a dropped answer changes
/// nothing) holds trivially of a runtime seen as it is.
///
/// An invariant of the state is checked once per state: exhaustive verification checks it on
/// each distinct state it reaches, not again on every transition back into one, which makes it
/// the cheaper form; every other tool checks it after every input, as any other. The steps an
/// observation holds in exhaustive verification record their fired rows and commands, not the
/// guards they evaluated nor the states they exited and entered (`StepResult/recording`).
public struct Invariant<M: MachineDefinition>: Sendable {
    /// What must hold, in words.
    @usableFromInline package let name: String
    /// The invariant's checks, behind one reference (see ``firstViolation(among:of:isNewState:)``).
    @usableFromInline let checks: Checks
    /// Whether the invariant is of the state alone (``state(_:_:)``): what its checks' optional
    /// `stateViolation` says, kept beside them so that a search tells the two kinds apart before
    /// reaching the checks (told apart within the call, the search copied the runtime after for
    /// every invariant: 6 % more instructions).
    @usableFromInline let isOfState: Bool
    /// Returns a description of the violation, or `nil` when the invariant holds.
    @inlinable package var violation: @Sendable (Observation<M>) -> String? { checks.violation }

    /// An invariant named `name` that reads an observation; `violation` describes what is wrong,
    /// or returns `nil`.
    public init(_ name: String, violation: @escaping @Sendable (Observation<M>) -> String?) {
        self.name = name
        self.checks = Checks(violation: violation, stateViolation: nil)
        self.isOfState = false
    }

    /// An invariant's closures, held behind one reference so that they can be called where the
    /// invariant keeps them: a closure read out of a list to be called is retained for the call
    /// and released after, two atomic operations, and exhaustive verification calls every
    /// invariant on every transition.
    @usableFromInline
    final class Checks: Sendable {
        /// Returns a description of the violation, or `nil` when the invariant holds.
        @usableFromInline let violation: @Sendable (Observation<M>) -> String?
        /// For an invariant of the state alone, its check of a state; `nil` for one that reads
        /// an observation.
        @usableFromInline let stateViolation: (@Sendable (MachineState<M>) -> String?)?

        @inlinable
        init(
            violation: @escaping @Sendable (Observation<M>) -> String?,
            stateViolation: (@Sendable (MachineState<M>) -> String?)?
        ) {
            self.violation = violation
            self.stateViolation = stateViolation
        }
    }

    /// The first of `invariants` that `observation` breaks, by its position, with what it says:
    /// how exhaustive verification checks its invariants on every transition, and restoring a
    /// saved state on the state restored. An invariant of the state alone is checked only when
    /// `isNewState`: the search passes `false` for a state after that it has met before, since
    /// the invariant held there; restoring, `true` (the default).
    ///
    /// Each invariant is read where the list keeps it, and its closure called where the
    /// invariant keeps it: copied out, an invariant retains its name, and a closure is retained
    /// for the call and released after (the list, which holds them, outlives the call), on
    /// every transition of a search. Specialised for the machine, as the search is, it is
    /// cheaper than calling each invariant's `violation` in turn; unspecialised, dearer (see
    /// `Explorer.check(_:)` in MachineAnalysis).
    @inlinable
    package static func firstViolation(
        among invariants: [Invariant], of observation: Observation<M>, isNewState: Bool = true
    ) -> (position: Int, message: String)? {
        for position in invariants.indices {
            let isOfState = invariants[position].isOfState
            if isOfState, !isNewState { continue }
            let message = Unmanaged.passUnretained(invariants[position].checks)._withUnsafeGuaranteedRef { checks in
                isOfState ? observation.after.check(checks) : checks.violation(observation)
            }
            if let message { return (position, message) }
        }
        return nil
    }

    /// An invariant named `name` of the machine's state alone: its control states, its context
    /// and the work its ledger lists (the timers running, the kinds of request in flight).
    /// `violation` describes what is wrong with the state, or returns `nil`.
    ///
    /// ```swift
    /// let cacheWithinCapacity = Invariant<Picker>.state("the cache holds at most 8 queries") { state in
    ///     state.context.cache.count <= 8 ? nil : "the cache holds \(state.context.cache.count) queries"
    /// }
    /// ```
    public static func state(
        _ name: String, _ violation: @escaping @Sendable (MachineState<M>) -> String?
    ) -> Invariant {
        Invariant(name: name, stateViolation: violation)
    }

    /// The invariant ``state(_:_:)`` makes.
    @usableFromInline
    init(name: String, stateViolation: @escaping @Sendable (MachineState<M>) -> String?) {
        self.name = name
        self.checks = Checks(
            violation: { observation in observation.after.check(stateViolation) }, stateViolation: stateViolation)
        self.isOfState = true
    }
}

extension Invariant {
    /// A request of `kind` is in flight exactly when `region` is in `state`: its leaf is `state`,
    /// or a descendant of `state` when it is a compound state.
    @inlinable
    public static func request<S: ControlState>(_ kind: M.Request.Kind, onlyIn region: Region<S>, _ state: S) -> Invariant {
        let waitingIn = StateMask(region, state)
        return .state("\(kind.name) in flight exactly when \(region.name) is \(state.name)") { machine in
            let pending = machine.work.pending.contains(kind)
            let waiting = waitingIn.contains(machine.controls)
            if pending == waiting { return nil }
            return pending
                ? "a \(kind.name) request is in flight while \(region.name) is \(machine[region].name)"
                : "\(region.name) is \(state.name) but no \(kind.name) request is in flight"
        }
    }

    /// `timer` runs exactly when `region` is in `state`: its leaf is `state`, or a descendant of
    /// `state` when it is a compound state.
    @inlinable
    public static func timer<S: ControlState>(_ timer: M.Timer, onlyIn region: Region<S>, _ state: S) -> Invariant {
        let waitingIn = StateMask(region, state)
        return .state("\(timer.name) runs exactly when \(region.name) is \(state.name)") { machine in
            let running = machine.work.timers.contains(timer)
            let waiting = waitingIn.contains(machine.controls)
            if running == waiting { return nil }
            return running
                ? "\(timer.name) runs while \(region.name) is \(machine[region].name)"
                : "\(region.name) is \(state.name) but \(timer.name) is not running"
        }
    }
}

/// The control states in which a region is in a given state, worked out once when an invariant
/// is declared, so that checking it reads one region's leaf and one bit: the region's index, the
/// states it must be within to be active, and, for each of its leaves by raw value, whether the
/// region is in the state there.
@usableFromInline
struct StateMask: Sendable {
    @usableFromInline let region: Int
    @usableFromInline let ancestry: [RegionParent]
    @usableFromInline let leaves: [Bool]

    /// The control states in which `region` is in `state`: `state` itself or a leaf below it.
    @inlinable
    init<S: ControlState>(_ region: Region<S>, _ state: S) {
        self.region = region.index
        ancestry = region.ancestry
        leaves = S.allCases.map { region.isIn(state, whenIn: $0) }
    }

    /// Whether the region is active in `controls` and in the state.
    @inlinable
    func contains(_ controls: ControlStates) -> Bool {
        for parent in ancestry where controls[parent.region] != parent.state { return false }
        let leaf = controls[region]
        return leaf < leaves.count && leaves[leaf]
    }
}

extension Invariant where M.Context: Equatable {
    /// The invariants of every machine: each region is in a leaf and history remembers leaves,
    /// the runtime's books agree with the machine's work ledger, at most one request of each kind
    /// is in flight, a dropped answer changes nothing, and a finished machine accepts nothing and
    /// runs nothing.
    @inlinable
    public static var standard: [Invariant] {
        [leafConfiguration, oneRequestPerKind, booksAgree, dropsChangeNothing, finishedAcceptsNothing]
    }

    /// Each region is in exactly one of its leaves, never in a compound state (its active
    /// configuration is that leaf and its ancestors), and each compound state entered by history
    /// remembers nothing yet or a leaf inside it. A flat machine's states are all leaves, and it
    /// has no history.
    @inlinable
    package static var leafConfiguration: Invariant {
        Invariant("each region is in a leaf, and history remembers leaves of its state") { observation in
            if observation.after.table.isWellFormed(observation.after.state.controls) { return nil }
            let table = observation.after.table
            let controls = observation.after.state.controls
            // Only a broken configuration comes here: the messages, in the regions' order.
            for (index, region) in table.regions.enumerated() {
                let state = controls[index]
                guard region.states.indices.contains(state) else {
                    return "\(region.name) is in state \(state), which it does not have"
                }
                if region.isCompound(state) {
                    return "\(region.name) is in \(region.states[state]), a compound state, not in one of its leaves"
                }
            }
            for (slot, compound) in table.historySlots.enumerated() {
                guard let leaf = controls[history: slot] else { continue }
                let region = table.regions[compound.region]
                let owner = "the history of \(region.name).\(region.states[compound.state])"
                guard region.states.indices.contains(leaf) else {
                    return "\(owner) remembers state \(leaf), which \(region.name) does not have"
                }
                if region.isCompound(leaf) || !region.contains(compound.state, leaf) {
                    return "\(owner) remembers \(region.states[leaf]), not a leaf inside it"
                }
            }
            return nil
        }
    }

    /// At most one request of each kind is in flight.
    @inlinable
    public static var oneRequestPerKind: Invariant {
        Invariant("at most one request of each kind in flight") { observation in
            // The kinds seen in flight, as bits by raw value: read from the records in place.
            var seen: UInt64 = 0
            let requests = observation.after.requests
            for index in requests.indices where requests[index].isPending {
                let kind = requests[index].reference.kind
                let bit: UInt64 = 1 << UInt64(kind.rawValue % 64)
                if seen & bit != 0, requests[..<index].contains(where: { $0.isPending && $0.reference.kind == kind }) {
                    return "two \(kind.name) requests are in flight"
                }
                seen |= bit
            }
            return nil
        }
    }

    /// The runtime's timers and requests in flight are the ones the machine's work ledger lists,
    /// in the same order.
    @inlinable
    static var booksAgree: Invariant {
        Invariant("the runtime's timers and requests are the machine's") { observation in
            if agree(observation.after) { return nil }
            let runtime = observation.after
            let pending = runtime.requests.filter(\.isPending).map(\.reference.kind)
            let ledgerPending = Array(runtime.state.work.pending)
            if pending != ledgerPending {
                return "the runtime has \(pending.map(\.name)) in flight, the machine \(ledgerPending.map(\.name))"
            }
            let timers = runtime.timers.map(\.timer)
            let ledgerTimers = Array(runtime.state.work.timers)
            if timers != ledgerTimers {
                return "the runtime runs \(timers.map(\.name)), the machine \(ledgerTimers.map(\.name))"
            }
            return nil
        }
    }

    /// Whether `runtime`'s requests in flight and timers are its ledger's, in the same order:
    /// read where the runtime keeps them, with no copy of a record.
    @inlinable
    static func agree(_ runtime: borrowing Runtime<M>) -> Bool {
        var pending = runtime.state.work.pending.makeIterator()
        let requests = runtime.requests
        for index in requests.indices where requests[index].isPending {
            guard pending.next() == requests[index].reference.kind else { return false }
        }
        guard pending.next() == nil else { return false }
        var timers = runtime.state.work.timers.makeIterator()
        let running = runtime.timers
        for index in running.indices {
            guard timers.next() == running[index].timer else { return false }
        }
        return timers.next() == nil
    }

    /// An answer to a cancelled or superseded request is dropped without changing the state.
    @inlinable
    static var dropsChangeNothing: Invariant {
        Invariant("a dropped answer changes nothing") { observation in
            // The steps read where the list keeps them: a copy of a step copies two states.
            let steps = observation.steps
            var onlyDrops = !steps.isEmpty
            for index in steps.indices {
                // A drop is the one step without a result (the answer never reached the machine):
                // that tag is read, not the cause, which a match would copy first, through its
                // value witnesses, on every step of every transition.
                guard steps[index].result == nil else {
                    onlyDrops = false
                    continue
                }
                if steps[index].before != steps[index].after, case .drop(let reference, _, _) = steps[index].cause {
                    return "the dropped answer to \(reference) changed the state"
                }
            }
            if onlyDrops, case .respond? = observation.input, observation.before.state != observation.after.state {
                return "a dropped answer changed the state"
            }
            return nil
        }
    }

    /// Once a region is in a final state, every event is ignored, the state does not change, and
    /// nothing is left running.
    @inlinable
    static var finishedAcceptsNothing: Invariant {
        Invariant("a finished machine accepts nothing and runs nothing") { observation in
            let table = observation.after.table
            if let final = table.finalState(of: observation.after.state.controls) {
                let name = "\(table.regions[final.region].name) is \(table.regions[final.region].states[final.state])"
                if !observation.after.state.work.isIdle || !observation.after.pendingRequests.isEmpty
                    || !observation.after.timers.isEmpty
                {
                    return "\(name) (final) but work is still running"
                }
            }
            guard table.finalState(of: observation.before.state.controls) != nil else { return nil }
            let steps = observation.steps
            if let fired = steps.indices.first(where: { (steps[$0].result?.firedRowCount ?? 0) > 0 }) {
                return "the finished machine fired \(steps[fired].result?.firedRows.map { table.rows[$0].id } ?? [])"
            }
            if observation.before.state != observation.after.state { return "the finished machine's state changed" }
            return nil
        }
    }
}
