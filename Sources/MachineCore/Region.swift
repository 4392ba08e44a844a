/// One parallel region of a machine: it is in exactly one of its control states `S` at a time.
///
/// Declare each region once, as a static constant, and name it in the rows that belong to it:
///
/// ```swift
/// static let search = Region<SearchState>("search", index: 3, initial: .inactive)
/// ```
///
/// The index is the region's position in the table (the table checks it); it lets a guard read a
/// region's state in constant time with ``MachineState/subscript(_:)``.
public struct Region<S: ControlState>: AnyRegion {
    /// The region's name in listings, diagrams, scripts and transcripts.
    public let name: String
    /// The region's position in the table: rows of different regions fire in this order.
    public let index: Int
    /// The control state the region starts in.
    public let initial: S
    /// States that end the whole machine: once a region enters one, every event is ignored.
    ///
    /// The step that enters a final state also cancels the work still running, after its rows'
    /// own commands: every running timer (in the order of their last start), then every request
    /// in flight (in request order). Its commands say so, and nothing runs once the machine is
    /// finished; a row that cancels its work itself (``Outbox/cancelEverything()``) leaves
    /// nothing for the step to cancel.
    public let finalStates: [S]

    /// Declares a region.
    public init(_ name: String, index: Int, initial: S, final finalStates: [S] = []) {
        self.name = name
        self.index = index
        self.initial = initial
        self.finalStates = finalStates
    }

    /// The region as plain data: its name, states, initial and final states.
    public var listing: RegionDescription {
        RegionDescription(
            name: name,
            index: index,
            stateType: ObjectIdentifier(S.self),
            states: S.allCases.map(\.name),
            initial: initial.rawValue,
            finalStates: finalStates.map(\.rawValue))
    }
}

/// A region of any state type, as a ``TransitionTable`` takes it.
public protocol AnyRegion: Sendable {
    /// The region as the table lists it.
    var listing: RegionDescription { get }
}

/// A region without its state type: what a ``TransitionTable`` stores and lists.
public struct RegionDescription: Hashable, Sendable {
    /// The region's name.
    public let name: String
    let index: Int
    let stateType: ObjectIdentifier
    /// The names of its control states, by index.
    public let states: [String]
    /// The index of the initial state.
    public let initial: Int
    /// The indexes of the final states.
    public let finalStates: [Int]
}
