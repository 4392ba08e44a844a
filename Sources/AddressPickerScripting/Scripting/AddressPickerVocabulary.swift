import AddressPicker
import EventScripts
import MachineCore

/// The address picker's words for event scripts: `machine address-picker`.
public struct AddressPickerVocabulary: ScriptVocabulary {
    public typealias Machine = AddressPicker
    private typealias T = ScriptTypes
    private typealias A = AddressPicker

    /// The picker's vocabulary; it holds nothing, every word is static.
    public init() {}

    public var machineName: String { "address-picker" }
    public var table: TransitionTable<AddressPicker> { AddressPicker.table }
    public var initialContext: AddressPicker.Context { AddressPicker.Context() }
    public var fields: [ContextField<AddressPicker>] { Self.fields }
    public var events: [Constructor<AddressPicker.Event>] { Self.events }
    public var commands: [Constructor<Command<AddressPicker>>] { Self.commands }

    /// Read through key paths to stored properties: a transcript compares every field at every
    /// step, and finds a field unchanged by its bytes in the context, without reading it.
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
        ContextField(
            "searchDebounce", durationSetting("searchDebounce"),
            \.configuration.searchDebounce, settable: true),
        ContextField(
            "regionDebounce", durationSetting("regionDebounce"),
            \.configuration.regionDebounce, settable: true),
        ContextField(
            "duplicateDistance", ValueShape(.number, encode: Value.number, decode: A.distanceSetting),
            \.configuration.duplicateDistance, settable: true),
        ContextField(
            "locationSpan", ValueShape(.constructor(T.span), encode: A.value, decode: A.spanSetting),
            \.configuration.locationSpan, settable: true),
        // The request policies (R1–R4), each off by default.
        ContextField(
            "minimumQueryLength", wholeNumberSetting("minimumQueryLength", atLeast: 1),
            \.configuration.minimumQueryLength, settable: true),
        ContextField(
            "completionCache", wholeNumberSetting("completionCache", atLeast: 0),
            \.configuration.completionCache, settable: true),
        ContextField(
            "geocodeInterval", durationSetting("geocodeInterval"),
            \.configuration.geocodeInterval, settable: true),
        ContextField(
            "requestInterval", durationSetting("requestInterval"),
            \.configuration.requestInterval, settable: true),
    ]

    /// The cache's entries, read as their queries: they are the same when their queries are, by
    /// Unicode scalars, so the transcript shows a change of `cachedQueries` exactly when its value
    /// changes (and reading it copies nothing).
    private static let cachedQueries = ValueShape<[AddressPicker.CachedCompletions]>(
        .list(.string), encode: { .list($0.map { .string($0.query) }) },
        decode: { _ throws(ConversionError) in throw ConversionError("cachedQueries is kept by the machine and cannot be given")
        })

    private static func durationSetting(_ name: String) -> ValueShape<Duration> {
        ValueShape(
            .duration, encode: Value.duration, decode: { value throws(ConversionError) in try A.durationSetting(value, name) })
    }

    private static func wholeNumberSetting(_ name: String, atLeast minimum: Int) -> ValueShape<Int> {
        ValueShape(
            .integer, encode: Value.integer,
            decode: { value throws(ConversionError) in
                try A.wholeNumberSetting(value, name, atLeast: minimum)
            })
    }

    /// Each read back by pattern matching rather than reflection: a transcript writes the event
    /// of every step.
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
        Constructor("queryChanged", "query", .string, A.Event.queryChanged) {
            if case .queryChanged(let query) = $0 { query } else { nil }
        },
        Constructor("searchSubmitted", .searchSubmitted),
        Constructor("completionSelected", "index", .integer, A.Event.completionSelected) {
            if case .completionSelected(let index) = $0 { index } else { nil }
        },
        Constructor("resultSelected", "index", .integer, A.Event.resultSelected) {
            if case .resultSelected(let index) = $0 { index } else { nil }
        },
        Constructor("searchCancelled", .searchCancelled),
        Constructor("locateMeTapped", .locateMeTapped),
        Constructor("categoryTapped", "category", .string, A.Event.categoryTapped) {
            if case .categoryTapped(let category) = $0 { category } else { nil }
        },
        Constructor("alertDismissed", .alertDismissed),
        Constructor("confirmTapped", .confirmTapped),
        Constructor("authorizationChanged", "status", T.authorization, A.Event.authorizationChanged) {
            if case .authorizationChanged(let status) = $0 { status } else { nil }
        },
        // The providers' answers: `respond places [...]`, or with the region the places fit in,
        // `respond places(region(...), [...])`.
        Constructor("completions", "completions", .list(T.completionShape), A.Event.completions) {
            if case .completions(let completions) = $0 { completions } else { nil }
        },
        Constructor(
            "places", "places", .list(T.placeShape), { A.Event.places(PlaceSearchAnswer(places: $0)) },
            payload: { if case .places(let answer) = $0, answer.boundingRegion == nil { answer.places } else { nil } }),
        Constructor(
            "places", [Parameter("region", .constructor(T.region)), Parameter("places", .list(.constructor(T.place)))],
            make: { value throws(ConversionError) in
                .places(
                    PlaceSearchAnswer(
                        boundingRegion: try A.region(from: value[argument: "region"]),
                        places: try ValueShape.list(T.placeShape).decode(value[argument: "places"] ?? .null)))
            },
            arguments: { event in
                guard case .places(let answer) = event, let region = answer.boundingRegion else { return nil }
                return [A.value(region), .list(answer.places.map(A.value))]
            }),
        Constructor("address", "address", T.addressShape, A.Event.address) {
            if case .address(let address) = $0 { address } else { nil }
        },
        Constructor("authorization", "status", T.authorization, A.Event.authorization) {
            if case .authorization(let status) = $0 { status } else { nil }
        },
        Constructor("location", "center", T.centerShape, A.Event.location) {
            if case .location(let center) = $0 { center } else { nil }
        },
        Constructor("pointsOfInterest", "places", .list(T.placeShape), A.Event.pointsOfInterest) {
            if case .pointsOfInterest(let places) = $0 { places } else { nil }
        },
        // Their failures: `fail address "offline"`.
        .failure("completionsFailed", A.Event.completionsFailed) {
            if case .completionsFailed(let message) = $0 { message } else { nil }
        },
        .failure("placesFailed", A.Event.placesFailed) { if case .placesFailed(let message) = $0 { message } else { nil } },
        .failure("addressFailed", A.Event.addressFailed) { if case .addressFailed(let message) = $0 { message } else { nil } },
        .failure("authorizationFailed", A.Event.authorizationFailed) {
            if case .authorizationFailed(let message) = $0 { message } else { nil }
        },
        .failure("locationFailed", A.Event.locationFailed) { if case .locationFailed(let message) = $0 { message } else { nil } },
        .failure("pointsOfInterestFailed", A.Event.pointsOfInterestFailed) {
            if case .pointsOfInterestFailed(let message) = $0 { message } else { nil }
        },
    ]

    /// The requests and outputs, read from the commands the machine emits (pattern matching
    /// rather than reflection or a comparison of commands, which runs generically: transcripts
    /// show every command). Those of one argument are made from its shape, so that a transcript
    /// writes their argument without making its value.
    private static let commands: [Constructor<Command<AddressPicker>>] = [
        Constructor(
            "requestCompletions", "query", .string, { .request(.requestCompletions(query: $0)) },
            payload: { if case .request(.requestCompletions(let query)) = $0 { query } else { nil } }),
        Constructor(
            "searchPlaces", "completion", T.completionShape, { .request(.searchPlaces(.completion($0))) },
            payload: { if case .request(.searchPlaces(.completion(let completion))) = $0 { completion } else { nil } }),
        Constructor(
            "searchPlaces",
            [
                Parameter("query", .string, showsLabel: true), Parameter("region", .constructor(T.region), showsLabel: true),
            ]
        ) { command in
            guard case .request(.searchPlaces(.text(let query, let region))) = command else { return nil }
            return [.string(query), A.value(region)]
        },
        Constructor(
            "reverseGeocode", "center", T.centerShape, { .request(.reverseGeocode(center: $0)) },
            payload: { if case .request(.reverseGeocode(let center)) = $0 { center } else { nil } }),
        Constructor("requestAuthorization", []) { command in
            guard case .request(.requestAuthorization) = command else { return nil }
            return []
        },
        Constructor("requestLocation", []) { command in
            guard case .request(.requestLocation) = command else { return nil }
            return []
        },
        Constructor("searchPointsOfInterest", [Parameter("category", .string), Parameter("region", .constructor(T.region))]) {
            command in
            guard case .request(.searchPointsOfInterest(let category, let region)) = command else { return nil }
            return [.string(category), A.value(region)]
        },
        Constructor(
            "setRegion", "region", T.regionShape, { .output(.setRegion($0)) },
            payload: { if case .output(.setRegion(let region)) = $0 { region } else { nil } }),
        Constructor("dismissSearch", []) { command in
            guard case .output(.dismissSearch) = command else { return nil }
            return []
        },
        Constructor(
            "showAlert", "name", T.alert, { .output(.showAlert($0)) },
            payload: { if case .output(.showAlert(let alert)) = $0 { alert } else { nil } }),
        Constructor(
            "deliver", "address", T.addressShape, { .output(.deliver($0)) },
            payload: { if case .output(.deliver(let address)) = $0 { address } else { nil } }),
    ]
}
