/// The types of one machine: its context, events, requests, outputs and timers.
///
/// A definition is usually a caseless `enum` used as a namespace. Its transitions live in a
/// ``TransitionTable`` built from it; its control states are the ``ControlState`` enumerations of
/// its ``Region``s.
///
/// The framework knows four kinds of side effect that every machine shares, so the runtime can
/// perform them: timers (``Timer``), requests to providers (``Request``) and their cancellation,
/// and outputs for the host (``Output``). A timer fires as an event, ``event(firing:)``; a
/// provider answers a request with an event whose kind ``requestKind(answeredBy:)`` names.
public protocol MachineDefinition: Sendable {
    /// The extended state: everything the machine remembers besides its control states.
    associatedtype Context: Sendable
    /// What happens to the machine: host input, timer firings and provider answers.
    associatedtype Event: MachineEvent
    /// Work a provider performs asynchronously and answers with an event.
    associatedtype Request: MachineRequest = NoRequest
    /// Instructions for the host (move the map, show an alert, …).
    associatedtype Output: Sendable & Equatable = NoOutput
    /// The names of the machine's timers.
    associatedtype Timer: IndexedCase = NoTimer

    /// The event a timer delivers when it fires.
    static func event(firing timer: Timer) -> Event

    /// The request kind that events of `kind` answer, or `nil` for host and timer events.
    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind?

    /// Whether events of `kind` report that a request failed (`addressFailed`), rather than
    /// answer it. Scripts write a failure as `fail KIND "message"`, any other answer as
    /// `respond KIND VALUE`; tools that write scripts (covering paths, exploration, recorded
    /// sessions) rely on this declaration, never on an event's name.
    static func isFailure(_ kind: Event.Kind) -> Bool

    /// The event the machine's start is, as its actions and guards see it: the start enters the
    /// initial configuration and takes the microsteps that follow before any input (SCXML's
    /// initial macrostep), and their closures take an event. SCXML leaves the event unbound
    /// there; XState passes `xstate.init`. It is never handled as an event: no row fires on it.
    ///
    /// `nil` by default: a machine without one starts as version 1.0 did, starting the delays of
    /// its initial states and running no action, no eventless row and no done row until its
    /// first input. `check` reports what such a start leaves out.
    ///
    /// ```swift
    /// static let startEvent: Event? = .start
    /// ```
    static var startEvent: Event? { get }
}

extension MachineDefinition {
    /// No start event: the machine starts as version 1.0 did (see ``startEvent``).
    public static var startEvent: Event? { nil }
}

extension MachineDefinition where Timer == NoTimer {
    /// A machine without timers has no timer event: `NoTimer` has no value to call this with.
    public static func event(firing timer: NoTimer) -> Event {}
}

extension MachineDefinition where Request == NoRequest {
    /// A machine without requests: no event answers one.
    public static func requestKind(answeredBy kind: Event.Kind) -> NoRequest.Kind? { nil }
    /// A machine without requests: no event reports a failure.
    public static func isFailure(_ kind: Event.Kind) -> Bool { false }
}

/// An event the machine handles; its ``kind`` selects the rows of the table.
public protocol MachineEvent: Sendable {
    /// The payload-free name of the event.
    associatedtype Kind: IndexedCase
    /// The event's kind.
    var kind: Kind { get }
}

/// A request for a provider; at most one request of each ``kind`` is in flight.
public protocol MachineRequest: Sendable, Equatable {
    /// The payload-free name of the request.
    associatedtype Kind: IndexedCase
    /// The request's kind.
    var kind: Kind { get }
}

/// The control states of one region: a payload-free enumeration.
public protocol ControlState: IndexedCase {}
