import AddressPicker
import AddressPickerScripting
import Gazetteer
import Geocoders
import MachineCommandLine

// `address-picker`: the address-picker machine's command line (replay, diagram, check,
// coverage, paths, explore), the embedded gazetteer's (search, reverse, build-gazetteer), and play.
MachineCommandLine(
    name: "address-picker",
    version:
        "address-picker \(GeocoderOptions.version)\nPlace data of the embedded gazetteer: GeoNames, geonames.org, CC BY 4.0.",
    abstract: "An explicit state machine for picking an address on a map: replay its event scripts.",
    vocabulary: AddressPickerVocabulary(),
    exploration: Exploration(
        samples: AddressPickerSamples(includingOutOfRangeIndexes: true),
        // The request policies first: every row can fire from there.
        initialContexts: [
            "policies": AddressPicker.Context(configuration: .samplePolicies),
            "no-policies": AddressPicker.Context(),
            // The picker as each real geocoder's usage rules configure it.
            "nominatim": AddressPicker.Context(configuration: UsageRules.nominatim.configuration()),
            "photon": AddressPicker.Context(configuration: UsageRules.photon.configuration()),
        ]),
    invariants: AddressPicker.invariants + UsageRules.nominatim.invariants(service: "Nominatim")
        + UsageRules.photon.invariants(service: "Photon"),
    providers: [
        "gazetteer": {
            let provider = GazetteerProvider(gazetteer: try loadGazetteer())
            return { provider.answer($0) }
        }
    ],
    savedStates: .json,
    subcommands: [SearchCommand.subcommand, ReverseCommand.subcommand, BuildGazetteerCommand.subcommand, PlayCommand.subcommand]
).main()
