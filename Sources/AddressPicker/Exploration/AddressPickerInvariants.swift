import MachineExploration

extension AddressPicker {
    /// What must hold after every input, whatever the inputs: the framework's standard
    /// invariants, and every request and timer tied to the control state that waits for it.
    public static let invariants: [Invariant<AddressPicker>] = Invariant.standard + [
        .request(.address, onlyIn: map, .geocoding),
        .request(.completions, onlyIn: search, .loadingCompletions),
        .request(.places, onlyIn: search, .searching),
        .request(.authorization, onlyIn: location, .awaitingAuthorization),
        .request(.location, onlyIn: location, .locating),
        .request(.pointsOfInterest, onlyIn: poi, .loading),
        .timer(.searchDebounce, onlyIn: search, .debouncing),
        .timer(.regionDebounce, onlyIn: map, .settling),
    ]

    /// An explorer of the machine from its initial state, with the sample inputs (and indexes
    /// outside the lists on screen) and ``invariants``.
    public static func explorer() -> Explorer<AddressPickerSamples> {
        Explorer(table: table, initial: initialState(), samples: AddressPickerSamples(includingOutOfRangeIndexes: true),
                 invariants: invariants)
    }
}
