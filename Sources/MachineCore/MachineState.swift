/// Everything a machine is at one instant: the control state of each region, the context, and
/// what it has running.
///
/// The context is held behind one reference, shared by copies of a state until one of them
/// changes it (copy on write), as the storage of a standard collection is: a copy of a state is
/// one retain whatever the context holds. A runtime records the state before and after each step,
/// and exhaustive verification copies a runtime for every input it tries; most of those copies
/// never change the context.
public struct MachineState<M: MachineDefinition>: Sendable {
    /// The control state of every region, by region index.
    public var controls: ControlStates
    /// The context, shared with the copies of this state that have not changed it.
    @usableFromInline var _context: ContextStorage
    /// The timers running and the requests in flight.
    public var work: WorkLedger<M.Timer, M.Request.Kind>

    /// The extended state.
    @inlinable
    public var context: M.Context {
        _read { yield _context.value }
        set { _context = ContextStorage(newValue) }
        _modify {
            if !isKnownUniquelyReferenced(&_context) { _context = ContextStorage(_context.value) }
            yield &_context.value
        }
    }

    /// A state with the given parts.
    @inlinable
    public init(controls: ControlStates, context: M.Context, work: WorkLedger<M.Timer, M.Request.Kind> = .init()) {
        self.controls = controls
        self._context = ContextStorage(context)
        self.work = work
    }

    /// Whether this state and `other` hold their context behind the same reference: one is a
    /// copy of the other, or both of a third, that did not change it, so their contexts are
    /// equal. A search reuses what it worked out from one context for the other (its hash).
    @inlinable
    package func sharesContext(with other: MachineState) -> Bool { _context === other._context }

    /// Lends the context to `body`, which reads it and never changes it, where the state keeps
    /// it: read as ``context``, it would be copied before being passed on (see
    /// `ContextStorage.read`).
    @inlinable
    package func readContext<R>(_ body: (inout M.Context) -> R) -> R { _context.read(body) }

    /// The context's hash, read where the state keeps the context, not copied out of it.
    @inlinable
    package func contextHashValue() -> Int where M.Context: Hashable { _context.read { $0.hashValue } }

    /// The one reference a state's context is held behind. It is changed only through a state
    /// that holds the only reference to it (``context``), so that no two threads ever see it
    /// change.
    @usableFromInline
    final class ContextStorage: @unchecked Sendable {
        @usableFromInline @exclusivity(unchecked) var value: M.Context

        @inlinable
        init(_ value: M.Context) { self.value = value }

        /// Lends the context to `body`, which reads it and never changes it, where the storage
        /// keeps it. Read as a property (or through a pointer), a class's stored value is copied
        /// before a method is called on it, since the call might change it meanwhile; lent as
        /// `inout`, it is read in place.
        @inlinable
        func read<R>(_ body: (inout M.Context) -> R) -> R { body(&value) }
    }

    /// The control state of `region`: its leaf. Set to a compound state, the region enters the
    /// state's initial leaf, as a row that targets it does (a region is always in a leaf).
    ///
    /// A nested region that is not active (see ``Region/init(_:index:within:_:initial:final:children:)``)
    /// keeps the state it will start in: its initial leaf, or under a deep history the leaf it
    /// will resume.
    @inlinable
    public subscript<S>(region: Region<S>) -> S {
        get { S(rawValue: controls[region.index]) ?? region.initial }
        set { controls[region.index] = region.initialLeaf(of: newValue).rawValue }
    }

    /// Whether `region` is in `state`: the region is active and its leaf is `state` or a
    /// descendant of it.
    @inlinable
    public func isIn<S>(_ state: S, of region: Region<S>) -> Bool {
        region.isActive(in: controls) && region.isIn(state, whenIn: self[region])
    }
}

extension MachineState: Equatable where M.Context: Equatable {}
extension MachineState: Hashable where M.Context: Hashable {}

/// A state's equality and hash are its parts', its context's through the reference it is held
/// behind: two states that share their context (one is a copy of the other that did not change
/// it) are compared without reading it.
extension MachineState.ContextStorage: Equatable where M.Context: Equatable {
    @inlinable
    static func == (lhs: MachineState.ContextStorage, rhs: MachineState.ContextStorage) -> Bool {
        lhs === rhs || lhs.read { left in rhs.read { right in left == right } }
    }
}

extension MachineState.ContextStorage: Hashable where M.Context: Hashable {
    @inlinable
    func hash(into hasher: inout Hasher) { read { $0.hash(into: &hasher) } }
}

extension MachineState: CustomReflectable {
    /// The state's parts, as a memberwise struct shows them: its control states, its context and
    /// its work (not the reference the context is held behind).
    public var customMirror: Mirror {
        Mirror(self, children: ["controls": controls, "context": context, "work": work], displayStyle: .struct)
    }
}
