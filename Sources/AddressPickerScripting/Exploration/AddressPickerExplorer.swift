import AddressPicker
import MachineAnalysis

extension AddressPicker {
    /// An explorer of the machine from its initial state with `configuration`, with the sample
    /// inputs (and indexes outside the lists on screen) and ``invariants``. Pass
    /// ``Configuration/samplePolicies`` to exercise the request policies.
    public static func explorer(configuration: Configuration = Configuration()) -> Explorer<AddressPickerSamples> {
        Explorer(
            table: table, initial: initialState(Context(configuration: configuration)),
            samples: AddressPickerSamples(includingOutOfRangeIndexes: true), invariants: invariants)
    }
}
