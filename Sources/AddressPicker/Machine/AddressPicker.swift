import MachineCore

/// The address-picker machine: pick an address on a map by panning it, by searching, or from the
/// current location.
///
/// Five parallel regions (``picker``, ``location``, ``map``, ``search``, ``poi``) each have one
/// control state; the ``Context`` holds what they share. Every transition is a named row of
/// ``table``; <doc:Behaviour> lists every rule by id with the rows that implement it. The names
/// of states, events, commands and fields are a public contract: scripts and tests use them.
public enum AddressPicker: MachineDefinition {
    /// The machine's timers.
    public enum Timer: Int, IndexedCase {
        /// Quiet time after a keystroke before completions are requested (S4, S5).
        case searchDebounce
        /// Quiet time after a pan before the map's centre is looked up (M3, M4).
        case regionDebounce
        /// The least time between two reverse geocodes, started with each one when
        /// ``Configuration/geocodeInterval`` is positive (R3). It belongs to the map region.
        case geocodeCooldown
    }

    /// The event each timer sends when it elapses.
    public static func event(firing timer: Timer) -> Event {
        switch timer {
        case .searchDebounce: .searchDebounceElapsed
        case .regionDebounce: .regionDebounceElapsed
        case .geocodeCooldown: .geocodeCooldownElapsed
        }
    }

    /// The request kind whose answer or failure an event is; `nil` for the host's and timers' events.
    public static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        switch kind {
        case .completions, .completionsFailed: .completions
        case .places, .placesFailed: .places
        case .address, .addressFailed: .address
        case .authorization, .authorizationFailed: .authorization
        case .location, .locationFailed: .location
        case .pointsOfInterest, .pointsOfInterestFailed: .pointsOfInterest
        default: nil
        }
    }

    /// Whether the event reports a failed request (`completionsFailed`, `addressFailed`, …).
    public static func isFailure(_ kind: Event.Kind) -> Bool {
        switch kind {
        case .completionsFailed, .placesFailed, .addressFailed, .authorizationFailed, .locationFailed, .pointsOfInterestFailed:
            true
        default: false
        }
    }

    /// The state the machine starts in: every region in its initial state.
    public static func initialState(_ context: Context = Context()) -> MachineState<AddressPicker> {
        table.initialState(context: context)
    }
}
