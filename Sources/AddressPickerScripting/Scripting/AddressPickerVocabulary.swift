import AddressPicker
import EventScripts
import MachineCore

/// The address picker's words for event scripts: `machine address-picker`.
public struct AddressPickerVocabulary: ScriptVocabulary {
    public typealias Machine = AddressPicker
    private typealias T = ScriptTypes
    private typealias A = AddressPicker

    public init() {}

    public var machineName: String { "address-picker" }
    public var table: TransitionTable<AddressPicker> { AddressPicker.table }
    public var initialContext: AddressPicker.Context { AddressPicker.Context() }
    public var fields: [ContextField<AddressPicker>] { Self.fields }
    public var events: [Constructor<AddressPicker.Event>] { Self.events }
    public var commands: [Constructor<Command<AddressPicker>>] { Self.commands }

    private static let fields: [ContextField<AddressPicker>] = [
        ContextField("region", T.regionShape, \.region, settable: true),
        ContextField("query", .string, \.query, settable: true),
        ContextField("completions", .list(T.completionShape), \.completions, settable: true),
        ContextField("results", .list(T.placeShape), \.results, settable: true),
        ContextField("address", .optional(T.addressShape), \.address, settable: true),
        ContextField("addressSource", .optional(T.addressSource), \.addressSource, settable: true),
        ContextField("authorization", T.authorization, \.authorization, settable: true),
        ContextField("alert", .optional(T.alert), \.alert, settable: true),
        ContextField("error", .optional(T.failure), \.error, settable: true),
        ContextField("category", .optional(.string), \.category, settable: true),
        ContextField("pointsOfInterest", .list(T.placeShape), \.pointsOfInterest, settable: true),
        // R2: the cache's queries, most recently used first; kept by the machine, never given.
        ContextField("cachedQueries", cachedQueries, \.cachedCompletions),
        ContextField("referenceCenter", .optional(T.centerShape), \.referenceCenter, settable: true),
        ContextField("lookupSource", .optional(T.addressSource), \.lookupSource, settable: true),
        ContextField("completionsQuery", .optional(.string), \.completionsQuery, settable: true),
        ContextField("searchOrigin", .optional(T.regionShape), \.searchOrigin, settable: true),
        ContextField("resultsMovedMap", .bool, \.resultsMovedMap, settable: true),
        // The settings, each checked against its range.
        ContextField("searchDebounce", durationSetting("searchDebounce"), \.configuration.searchDebounce, settable: true),
        ContextField("regionDebounce", durationSetting("regionDebounce"), \.configuration.regionDebounce, settable: true),
        ContextField("duplicateDistance", ValueShape(.number, encode: Value.number, decode: A.distanceSetting),
                     \.configuration.duplicateDistance, settable: true),
        ContextField("locationSpan", ValueShape(.constructor(T.span), encode: A.value, decode: A.spanSetting),
                     \.configuration.locationSpan, settable: true),
        // The request policies (R1–R3), each off by default.
        ContextField("minimumQueryLength", wholeNumberSetting("minimumQueryLength", atLeast: 1),
                     \.configuration.minimumQueryLength, settable: true),
        ContextField("completionCache", wholeNumberSetting("completionCache", atLeast: 0), \.configuration.completionCache, settable: true),
        ContextField("geocodeInterval", durationSetting("geocodeInterval"), \.configuration.geocodeInterval, settable: true),
    ]

    /// The cache's entries, read as their queries: they are the same when their queries are, by
    /// Unicode scalars, so the transcript shows a change of `cachedQueries` exactly when its value
    /// changes (and reading it copies nothing).
    private static let cachedQueries = ValueShape<[AddressPicker.CachedCompletions]>(
        .list(.string), encode: { .list($0.map { .string($0.query) }) },
        decode: { _ throws(ConversionError) in throw ConversionError("cachedQueries is kept by the machine and cannot be given") },
        same: { a, b in a.count == b.count && zip(a, b).allSatisfy { $0.query.utf8.elementsEqual($1.query.utf8) } })

    private static func durationSetting(_ name: String) -> ValueShape<Duration> {
        ValueShape(.duration, encode: Value.duration, decode: { value throws(ConversionError) in try A.durationSetting(value, name) })
    }

    private static func wholeNumberSetting(_ name: String, atLeast minimum: Int) -> ValueShape<Int> {
        ValueShape(.integer, encode: Value.integer, decode: { value throws(ConversionError) in
            try A.wholeNumberSetting(value, name, atLeast: minimum)
        })
    }

    private static let events: [Constructor<AddressPicker.Event>] = [
        // From the host.
        Constructor("appeared", .appeared),
        Constructor(
            "regionChanged",
            [Parameter("region", .constructor(T.region)), Parameter("byUser", .bool, default: .bool(true), showsLabel: true)],
            make: { value throws(ConversionError) in
                guard case .bool(let byUser)? = value[argument: "byUser"] else { throw ConversionError("expected byUser") }
                return .regionChanged(try A.region(from: value[argument: "region"]), byUser: byUser)
            },
            arguments: { event in
                guard case .regionChanged(let region, let byUser) = event else { return nil }
                return [A.value(region), .bool(byUser)]
            }),
        Constructor("searchActivated", .searchActivated),
        Constructor("queryChanged", "query", .string, A.Event.queryChanged),
        Constructor("searchSubmitted", .searchSubmitted),
        Constructor("completionSelected", "index", .integer, A.Event.completionSelected),
        Constructor("resultSelected", "index", .integer, A.Event.resultSelected),
        Constructor("searchCancelled", .searchCancelled),
        Constructor("locateMeTapped", .locateMeTapped),
        Constructor("categoryTapped", "category", .string, A.Event.categoryTapped),
        Constructor("alertDismissed", .alertDismissed),
        Constructor("confirmTapped", .confirmTapped),
        Constructor("authorizationChanged", "status", T.authorization, A.Event.authorizationChanged),
        // The providers' answers: `respond places [...]`, or with the region the places fit in,
        // `respond places(region(...), [...])`.
        Constructor("completions", "completions", .list(T.completionShape), A.Event.completions),
        Constructor(
            "places", [Parameter("places", .list(.constructor(T.place)))],
            make: { value throws(ConversionError) in
                .places(PlaceSearchAnswer(places: try ValueShape.list(T.placeShape).decode(value[argument: "places"] ?? .null)))
            },
            arguments: { event in
                guard case .places(let answer) = event, answer.boundingRegion == nil else { return nil }
                return [.list(answer.places.map(A.value))]
            }),
        Constructor(
            "places", [Parameter("region", .constructor(T.region)), Parameter("places", .list(.constructor(T.place)))],
            make: { value throws(ConversionError) in
                .places(PlaceSearchAnswer(boundingRegion: try A.region(from: value[argument: "region"]),
                                          places: try ValueShape.list(T.placeShape).decode(value[argument: "places"] ?? .null)))
            },
            arguments: { event in
                guard case .places(let answer) = event, let region = answer.boundingRegion else { return nil }
                return [A.value(region), .list(answer.places.map(A.value))]
            }),
        Constructor("address", "address", T.addressShape, A.Event.address),
        Constructor("authorization", "status", T.authorization, A.Event.authorization),
        Constructor("location", "center", T.centerShape, A.Event.location),
        Constructor("pointsOfInterest", "places", .list(T.placeShape), A.Event.pointsOfInterest),
        // Their failures: `fail address "offline"`.
        .failure("completionsFailed", A.Event.completionsFailed),
        .failure("placesFailed", A.Event.placesFailed),
        .failure("addressFailed", A.Event.addressFailed),
        .failure("authorizationFailed", A.Event.authorizationFailed),
        .failure("locationFailed", A.Event.locationFailed),
        .failure("pointsOfInterestFailed", A.Event.pointsOfInterestFailed),
    ]

    /// The requests and outputs, read from the commands the machine emits (pattern matching
    /// rather than reflection: transcripts show every command).
    private static let commands: [Constructor<Command<AddressPicker>>] = [
        Constructor("requestCompletions", [Parameter("query", .string)]) { command in
            guard case .request(.requestCompletions(let query)) = command else { return nil }
            return [.string(query)]
        },
        Constructor("searchPlaces", [Parameter("completion", .constructor(T.completion))]) { command in
            guard case .request(.searchPlaces(.completion(let completion))) = command else { return nil }
            return [A.value(completion)]
        },
        Constructor("searchPlaces", [
            Parameter("query", .string, showsLabel: true), Parameter("region", .constructor(T.region), showsLabel: true),
        ]) { command in
            guard case .request(.searchPlaces(.text(let query, let region))) = command else { return nil }
            return [.string(query), A.value(region)]
        },
        Constructor("reverseGeocode", [Parameter("center", .constructor(T.center))]) { command in
            guard case .request(.reverseGeocode(let center)) = command else { return nil }
            return [A.value(center)]
        },
        Constructor("requestAuthorization", .request(.requestAuthorization)),
        Constructor("requestLocation", .request(.requestLocation)),
        Constructor("searchPointsOfInterest", [Parameter("category", .string), Parameter("region", .constructor(T.region))]) { command in
            guard case .request(.searchPointsOfInterest(let category, let region)) = command else { return nil }
            return [.string(category), A.value(region)]
        },
        Constructor("setRegion", [Parameter("region", .constructor(T.region))]) { command in
            guard case .output(.setRegion(let region)) = command else { return nil }
            return [A.value(region)]
        },
        Constructor("dismissSearch", .output(.dismissSearch)),
        Constructor("showAlert", [Parameter("name", T.alert.type)]) { command in
            guard case .output(.showAlert(let alert)) = command else { return nil }
            return [T.alert.encode(alert)]
        },
        Constructor("deliver", [Parameter("address", .constructor(T.address))]) { command in
            guard case .output(.deliver(let address)) = command else { return nil }
            return [A.value(address)]
        },
    ]
}
