import MachineCore
import MachineRuntime
import Observation

/// A machine running live, for views: an `Observable` store on the main actor that owns a
/// `MachineRuntime/LiveRuntime`.
///
/// A view reads the machine's context through the store's members (`store.query`, by dynamic
/// member lookup), its control states with a region (`store[AddressPicker.search]`), or any part
/// of its state with a key path (`store[\.work.pending]`), and re-renders exactly when what it
/// read changes: after each step the store compares every part that has been read with its new
/// value and notifies only the observers of the parts that changed, at most once per part and
/// step. Reading `store.query` and changing the region notifies nothing.
///
/// ```swift
/// let store = MachineStore(
///     table: AddressPicker.table, state: AddressPicker.initialState(), clock: ContinuousClock(),
///     provider: providers.answer)
/// store.send(.appeared)
/// Text(store.query)                              // re-rendered when the query changes, only then
/// .task { for await output in store.outputs { /* move the map, dismiss search, … */ } }
/// ```
///
/// Events go in through ``send(_:)``; a field bound to a view goes through
/// ``set(_:to:sending:)``, which sends only when the view's value differs from the machine's, so
/// that the echo of a value the machine set itself (a map moved by `setRegion`) sends nothing.
///
/// Outputs for the host come both to ``onOutput`` and, in order, through ``outputs``, an
/// `AsyncStream` a view can iterate in a `.task`, once the store holds the state of the step that
/// emitted them. None is lost (the stream buffers them until read), and none comes after
/// ``stop()`` or after the store is released: both finish the stream.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
@dynamicMemberLookup
public final class MachineStore<M: MachineDefinition, C: Clock>: Observable where C.Duration == Duration {
    /// The runtime the store drives: its requests, timers and the raw state.
    public let runtime: LiveRuntime<M, C>
    /// Every output for the host, in order; finished by ``stop()`` and when the store is released.
    public let outputs: AsyncStream<M.Output>
    /// Receives every output for the host, in order, before it is put on ``outputs``.
    public var onOutput: ((M.Output) -> Void)?
    /// Receives what went wrong: a refused event (``send(_:)`` does not throw, for views' sake), or
    /// what the runtime reports away from any call (see `MachineRuntime/LiveRuntime/onError`).
    public var onError: ((RuntimeError) -> Void)?

    /// The state as last reported, which observers are notified against. Read through the
    /// subscripts, never directly, so that reads are tracked part by part.
    var _observedState: MachineState<M>
    let _registrar = ObservationRegistrar()
    /// Every part of the state read so far, and the same by the key path (from the state or from
    /// the context) or the region index it was read with.
    var _readParts: [_ReadPart] = []
    var _statePaths: [AnyKeyPath: _ReadPart] = [:]
    var _contextPaths: [AnyKeyPath: _ReadPart] = [:]
    var _regions: [Int: _ReadPart] = [:]
    let _continuation: AsyncStream<M.Output>.Continuation
    /// The outputs of the step being reported, emitted once the state is the step's.
    var _stepOutputs: [M.Output] = []

    /// A part of the state that has been read: how to register a read of it, tell whether it
    /// differs between two states, and notify its observers that it will change and did.
    struct _ReadPart {
        let access: (MachineStore) -> Void
        let changed: (MachineState<M>, MachineState<M>) -> Bool
        let willSet: (MachineStore) -> Void
        let didSet: (MachineStore) -> Void

        init(
            access: @escaping (MachineStore) -> Void, changed: @escaping (MachineState<M>, MachineState<M>) -> Bool,
            willSet: @escaping (MachineStore) -> Void, didSet: @escaping (MachineStore) -> Void
        ) {
            self.access = access
            self.changed = changed
            self.willSet = willSet
            self.didSet = didSet
        }
    }

    /// A store running `table` from `state` on `clock`, its requests answered by `provider`.
    public convenience init(
        table: TransitionTable<M>, state: MachineState<M>, clock: C, provider: @escaping LiveRuntime<M, C>.Provider
    ) {
        self.init(runtime: LiveRuntime(table: table, state: state, clock: clock, provider: provider, onOutput: { _ in }))
    }

    /// A store that takes over `runtime`: from now on it reports the runtime's outputs and steps
    /// (replacing the runtime's `onOutput`, `onStep` and `onError`).
    public init(runtime: LiveRuntime<M, C>) {
        self.runtime = runtime
        self._observedState = runtime.state
        (outputs, _continuation) = AsyncStream.makeStream(of: M.Output.self, bufferingPolicy: .unbounded)
        runtime.onOutput = { [weak self] output in self?._stepOutputs.append(output) }
        runtime.onStep = { [weak self] step in self?._take(step.after) }
        runtime.onError = { [weak self] error in self?.onError?(error) }
    }

    /// Finishes ``outputs``. The runtime, released with the store, cancels its requests' tasks and
    /// its timers' wake-up.
    deinit {
        _continuation.finish()
    }

    // MARK: Reading

    /// A part of the machine's state, tracked on its own: `store[\.work.pending]`.
    public subscript<T: Equatable>(_ keyPath: KeyPath<MachineState<M>, T>) -> T {
        let part =
            _statePaths[keyPath]
            ?? _remember((\MachineStore._observedState).appending(path: keyPath)) {
                $0[keyPath: keyPath]
            }
        _statePaths[keyPath] = part
        part.access(self)
        return _observedState[keyPath: keyPath]
    }

    /// A field of the context, tracked on its own: `store.query`.
    public subscript<T: Equatable>(dynamicMember keyPath: KeyPath<M.Context, T>) -> T {
        let part =
            _contextPaths[keyPath]
            ?? _remember((\MachineStore._observedState.context).appending(path: keyPath)) {
                $0.context[keyPath: keyPath]
            }
        _contextPaths[keyPath] = part
        part.access(self)
        return _observedState.context[keyPath: keyPath]
    }

    /// The control state of `region`, tracked on its own: `store[AddressPicker.search]`.
    public subscript<S: ControlState>(_ region: Region<S>) -> S {
        let index = region.index
        let part = _regions[index] ?? _remember(\MachineStore._observedState.controls[index]) { $0.controls[index] }
        _regions[index] = part
        part.access(self)
        return S(rawValue: _observedState.controls[index]) ?? region.initial
    }

    /// Whether `region` is in `state`: its leaf is `state`, or a descendant of it when `state` is
    /// compound (`store.isIn(.active, of: AddressPicker.search)`); tracked as the region's subscript is.
    public func isIn<S: ControlState>(_ state: S, of region: Region<S>) -> Bool {
        region.isIn(state, whenIn: self[region])
    }

    /// A new part read through `fromStore`, whose value `read` takes from a state.
    func _remember<T: Equatable>(
        _ fromStore: KeyPath<MachineStore, T>, _ read: @escaping (MachineState<M>) -> T
    ) -> _ReadPart {
        let part = _ReadPart(
            access: { $0._registrar.access($0, keyPath: fromStore) }, changed: { read($0) != read($1) },
            willSet: { $0._registrar.willSet($0, keyPath: fromStore) }, didSet: { $0._registrar.didSet($0, keyPath: fromStore) })
        _readParts.append(part)
        return part
    }

    // MARK: Changing

    /// Sends a host event. A refused event (the store stopped, an event that is not the host's)
    /// changes nothing and goes to ``onError``.
    public func send(_ event: M.Event) {
        do throws(RuntimeError) {
            try runtime.send(event)
        } catch {
            onError?(error)
        }
    }

    /// What a view's binding to a context field calls when the view changes it: sends
    /// `event(value)` unless the machine's field holds `value` already (the echo of a change the
    /// machine made itself, such as a map moved by its own `setRegion`).
    public func set<T: Equatable>(_ field: KeyPath<M.Context, T>, to value: T, sending event: (T) -> M.Event) {
        guard _observedState.context[keyPath: field] != value else { return }
        send(event(value))
    }

    /// Stops the machine for good and finishes ``outputs``.
    public func stop() {
        runtime.stop()
        _continuation.finish()
    }

    /// Takes the state after a step, then emits the step's outputs: a host that handles an output
    /// finds the store in the state the step left.
    func _take(_ state: MachineState<M>) {
        _update(to: state)
        let outputs = _stepOutputs
        _stepOutputs = []
        for output in outputs {
            onOutput?(output)
            _continuation.yield(output)
        }
    }

    /// Takes the state after a step, notifying the observers of each part read that changed.
    func _update(to new: MachineState<M>) {
        let old = _observedState
        let changed = _readParts.filter { $0.changed(old, new) }
        for part in changed { part.willSet(self) }
        _observedState = new
        for part in changed { part.didSet(self) }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension MachineStore where M.Context: Equatable {
    /// The whole state; a view that reads it re-renders after every step that changes anything.
    public var state: MachineState<M> { self[\.self] }
}
