import AddressPicker
import EventScripts
import MachineCore

/// The address picker's words for event scripts: `machine address-picker`.
public struct AddressPickerVocabulary: ScriptVocabulary {
    public typealias Machine = AddressPicker
    private typealias Types = ScriptTypes
    private typealias A = AddressPicker

    public init() {}

    public var machineName: String { "address-picker" }
    public var table: TransitionTable<AddressPicker> { AddressPicker.table }
    public var initialContext: AddressPicker.Context { AddressPicker.Context() }

    public var fields: [ContextField<AddressPicker>] {
        [
            ContextField("region", .record(Types.region), get: { $0.region }, set: { $0.region = $1 }, encode: A.value, decode: A.region(from:)),
            ContextField("query", .string, get: { $0.query }, set: { $0.query = $1 }, encode: Value.string, decode: { value throws(ConversionError) in
                try A.string(value, "query")
            }),
            ContextField("completions", .list(.record(Types.completion)), get: { $0.completions }, set: { $0.completions = $1 },
                         encode: { .list($0.map(A.value)) }, decode: A.completions(from:)),
            ContextField("results", .list(.record(Types.place)), get: { $0.results }, set: { $0.results = $1 },
                         encode: { .list($0.map(A.value)) }, decode: A.places(from:)),
            ContextField("address", .optional(.record(Types.address)), get: { $0.address }, set: { $0.address = $1 },
                         encode: { A.value($0, A.value) }, decode: { $0 == .null ? nil : A.address(from: $0) }),
            optionalName("addressSource", Types.addressSource, get: { $0.addressSource }, set: { $0.addressSource = $1 }),
            ContextField("authorization", Types.authorization, get: { $0.authorization }, set: { $0.authorization = $1 }, encode: A.name,
                         decode: { value throws(ConversionError) in try A.enumeration(value, A.Authorization.self) }),
            optionalName("alert", Types.alert, get: { $0.alert }, set: { $0.alert = $1 }),
            optionalName("error", Types.failure, get: { $0.error }, set: { $0.error = $1 }),
            ContextField("category", .optional(.string), get: { $0.category }, set: { $0.category = $1 },
                         encode: { A.value($0, Value.string) }, decode: { A.optionalString($0) }),
            ContextField("pointsOfInterest", .list(.record(Types.place)), get: { $0.pointsOfInterest }, set: { $0.pointsOfInterest = $1 },
                         encode: { .list($0.map(A.value)) }, decode: A.places(from:)),
            // R2: the cache's queries, most recently used first; kept by the machine, never given.
            ContextField("cachedQueries", .list(.string), get: { CachedQueries(entries: $0.cachedCompletions) }, set: nil,
                         encode: { .list($0.entries.map { .string($0.query) }) }, decode: { _ throws(ConversionError) in
                             throw ConversionError("cachedQueries is kept by the machine and cannot be given")
                         }),
            ContextField("referenceCenter", .optional(.record(Types.center)), get: { $0.referenceCenter }, set: { $0.referenceCenter = $1 },
                         encode: { A.value($0, A.value) }, decode: { value throws(ConversionError) in
                             value == .null ? nil : try A.coordinate(from: value)
                         }),
            optionalName("lookupSource", Types.addressSource, get: { $0.lookupSource }, set: { $0.lookupSource = $1 }),
            ContextField("completionsQuery", .optional(.string), get: { $0.completionsQuery }, set: { $0.completionsQuery = $1 },
                         encode: { A.value($0, Value.string) }, decode: { A.optionalString($0) }),
            ContextField("searchOrigin", .optional(.record(Types.region)), get: { $0.searchOrigin }, set: { $0.searchOrigin = $1 },
                         encode: { A.value($0, A.value) }, decode: { value throws(ConversionError) in
                             value == .null ? nil : try A.region(from: value)
                         }),
            ContextField("resultsMovedMap", .bool, get: { $0.resultsMovedMap }, set: { $0.resultsMovedMap = $1 }, encode: Value.bool, decode: { value throws(ConversionError) in
                guard case .bool(let bool) = value else { throw ConversionError("expected true or false") }
                return bool
            }),
            ContextField("searchDebounce", .duration, get: { $0.configuration.searchDebounce }, set: { $0.configuration.searchDebounce = $1 }, encode: Value.duration,
                         decode: { value throws(ConversionError) in try A.durationSetting(value, "searchDebounce") }),
            ContextField("regionDebounce", .duration, get: { $0.configuration.regionDebounce }, set: { $0.configuration.regionDebounce = $1 }, encode: Value.duration,
                         decode: { value throws(ConversionError) in try A.durationSetting(value, "regionDebounce") }),
            ContextField("duplicateDistance", .number, get: { $0.configuration.duplicateDistance }, set: { $0.configuration.duplicateDistance = $1 }, encode: Value.number,
                         decode: A.distanceSetting),
            ContextField("locationSpan", .record(Types.span), get: { $0.configuration.locationSpan }, set: { $0.configuration.locationSpan = $1 }, encode: A.value,
                         decode: A.spanSetting),
            // The request policies (R1–R3), each off by default.
            ContextField("minimumQueryLength", .integer, get: { $0.configuration.minimumQueryLength }, set: { $0.configuration.minimumQueryLength = $1 },
                         encode: Value.integer, decode: { value throws(ConversionError) in try A.wholeNumberSetting(value, "minimumQueryLength", atLeast: 1) }),
            ContextField("completionCache", .integer, get: { $0.configuration.completionCache }, set: { $0.configuration.completionCache = $1 },
                         encode: Value.integer, decode: { value throws(ConversionError) in try A.wholeNumberSetting(value, "completionCache", atLeast: 0) }),
            ContextField("geocodeInterval", .duration, get: { $0.configuration.geocodeInterval }, set: { $0.configuration.geocodeInterval = $1 }, encode: Value.duration,
                         decode: { value throws(ConversionError) in try A.durationSetting(value, "geocodeInterval") }),
        ]
    }

    /// The cache's entries, read as their queries: they differ when their queries do, by
    /// Unicode scalars, so the transcript shows a change of `cachedQueries` exactly when its value
    /// changes (and reading it copies nothing).
    private struct CachedQueries: Equatable, Sendable {
        let entries: [AddressPicker.CachedCompletions]

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.entries.count == rhs.entries.count
                && zip(lhs.entries, rhs.entries).allSatisfy { $0.query.utf8.elementsEqual($1.query.utf8) }
        }
    }

    private func optionalName<T: CaseIterable & Equatable & Sendable>(
        _ name: String, _ type: ValueType, get: @escaping @Sendable (A.Context) -> T?,
        set: @escaping @Sendable (inout A.Context, T?) -> Void
    ) -> ContextField<AddressPicker> {
        ContextField(name, .optional(type), get: get, set: set, encode: { A.value($0, A.name) },
                     decode: { value throws(ConversionError) in value == .null ? nil : try A.enumeration(value, T.self) })
    }

    public var hostEvents: [EventForm<AddressPicker>] {
        func plain(_ name: String, _ event: A.Event) -> EventForm<AddressPicker> {
            EventForm(RecordType(name, [])) { _ in event }
        }
        return [
            plain("appeared", .appeared),
            EventForm(RecordType("regionChanged", [
                Parameter("region", .record(Types.region)),
                Parameter("byUser", .bool, default: .bool(true), showsLabel: true),
            ])) { value throws(ConversionError) in
                guard case .bool(let byUser)? = value[field: "byUser"] else { throw ConversionError("expected byUser") }
                return .regionChanged(try A.region(from: value[field: "region"]), byUser: byUser)
            },
            plain("searchActivated", .searchActivated),
            EventForm(RecordType("queryChanged", [Parameter("query", .string)])) { value throws(ConversionError) in
                .queryChanged(try A.string(value[field: "query"], "query"))
            },
            plain("searchSubmitted", .searchSubmitted),
            EventForm(RecordType("completionSelected", [Parameter("index", .integer)])) { value throws(ConversionError) in
                .completionSelected(try A.integer(value[field: "index"], "index"))
            },
            EventForm(RecordType("resultSelected", [Parameter("index", .integer)])) { value throws(ConversionError) in
                .resultSelected(try A.integer(value[field: "index"], "index"))
            },
            plain("searchCancelled", .searchCancelled),
            plain("locateMeTapped", .locateMeTapped),
            EventForm(RecordType("categoryTapped", [Parameter("category", .string)])) { value throws(ConversionError) in
                .categoryTapped(try A.string(value[field: "category"], "category"))
            },
            plain("alertDismissed", .alertDismissed),
            plain("confirmTapped", .confirmTapped),
            EventForm(RecordType("authorizationChanged", [Parameter("status", Types.authorization)])) { value throws(ConversionError) in
                .authorizationChanged(try A.enumeration(value[field: "status"], A.Authorization.self))
            },
        ]
    }

    private static let commandTypes: [ValueType] = [
        .record(RecordType("startTimer", [Parameter("name", Types.timer), Parameter("duration", .duration)])),
        .record(RecordType("cancelTimer", [Parameter("name", Types.timer)])),
        .record(RecordType("requestCompletions", [Parameter("query", .string)])),
        .record(RecordType("searchPlaces", [Parameter("completion", .record(Types.completion))])),
        .record(RecordType("searchPlaces", [
            Parameter("query", .string, showsLabel: true), Parameter("region", .record(Types.region), showsLabel: true),
        ])),
        .record(RecordType("reverseGeocode", [Parameter("center", .record(Types.center))])),
        .record(RecordType("requestAuthorization", [])),
        .record(RecordType("requestLocation", [])),
        .record(RecordType("searchPointsOfInterest", [
            Parameter("category", .string), Parameter("region", .record(Types.region)),
        ])),
        .record(RecordType("cancel", [Parameter("kind", Types.requestKind)])),
        .record(RecordType("setRegion", [Parameter("region", .record(Types.region))])),
        .record(RecordType("dismissSearch", [])),
        .record(RecordType("showAlert", [Parameter("name", Types.alert)])),
        .record(RecordType("deliver", [Parameter("address", .record(Types.address))])),
    ]

    public var commandType: ValueType { .oneOf(Self.commandTypes) }

    public func answerType(for kind: AddressPicker.Request.Kind) -> ValueType {
        switch kind {
        case .completions: .list(.record(Types.completion))
        case .places: .oneOf([.list(.record(Types.place)), .record(Types.placesAnswer)])
        case .address: .record(Types.address)
        case .authorization: Types.authorization
        case .location: .record(Types.center)
        case .pointsOfInterest: .list(.record(Types.place))
        }
    }

    public func answer(_ kind: AddressPicker.Request.Kind, _ value: Value) throws(ConversionError) -> AddressPicker.Event {
        switch kind {
        case .completions:
            return .completions(try A.completions(from: value))
        case .places:
            if case .record = value {
                return .places(PlaceSearchAnswer(boundingRegion: try A.region(from: value[field: "region"]),
                                                 places: try A.places(from: value[field: "places"])))
            }
            return .places(PlaceSearchAnswer(places: try A.places(from: value)))
        case .address:
            return .address(A.address(from: value))
        case .authorization:
            return .authorization(try A.enumeration(value, A.Authorization.self))
        case .location:
            return .location(try A.coordinate(from: value))
        case .pointsOfInterest:
            return .pointsOfInterest(try A.places(from: value))
        }
    }

    public func failure(_ kind: AddressPicker.Request.Kind, message: String?) -> AddressPicker.Event {
        ProviderSet.failure(of: kind, message: message)
    }

    public func value(of command: Command<AddressPicker>) -> Value {
        switch command {
        case .startTimer(let timer, let duration):
            return .record("startTimer", [.init("name", A.name(timer)), .init("duration", .duration(duration))])
        case .cancelTimer(let timer):
            return .record("cancelTimer", [.init("name", A.name(timer))])
        case .cancel(let kind):
            return .record("cancel", [.init("kind", A.name(kind))])
        case .request(let request):
            switch request {
            case .requestCompletions(let query):
                return .record("requestCompletions", [.init("query", .string(query))])
            case .searchPlaces(.completion(let completion)):
                return .record("searchPlaces", [.init("completion", A.value(completion))])
            case .searchPlaces(.text(let query, let region)):
                return .record("searchPlaces", [.init("query", .string(query), showsLabel: true),
                                                .init("region", A.value(region), showsLabel: true)])
            case .reverseGeocode(let center):
                return .record("reverseGeocode", [.init("center", A.value(center))])
            case .requestAuthorization:
                return .record("requestAuthorization", [])
            case .requestLocation:
                return .record("requestLocation", [])
            case .searchPointsOfInterest(let category, let region):
                return .record("searchPointsOfInterest", [.init("category", .string(category)), .init("region", A.value(region))])
            }
        case .output(let output):
            switch output {
            case .setRegion(let region): return .record("setRegion", [.init("region", A.value(region))])
            case .dismissSearch: return .record("dismissSearch", [])
            case .showAlert(let alert): return .record("showAlert", [.init("name", A.name(alert))])
            case .deliver(let address): return .record("deliver", [.init("address", A.value(address))])
            }
        }
    }

    public func value(of event: AddressPicker.Event) -> Value {
        func record(_ name: String, _ fields: Value.Field...) -> Value { .record(name, fields) }
        func message(_ text: String?) -> Value.Field { .init("message", text.map(Value.string) ?? .null) }
        switch event {
        case .appeared: return record("appeared")
        case .regionChanged(let region, let byUser):
            return record("regionChanged", .init("region", A.value(region)), .init("byUser", .bool(byUser), showsLabel: true))
        case .searchActivated: return record("searchActivated")
        case .queryChanged(let query): return record("queryChanged", .init("query", .string(query)))
        case .searchSubmitted: return record("searchSubmitted")
        case .completionSelected(let index): return record("completionSelected", .init("index", .integer(index)))
        case .resultSelected(let index): return record("resultSelected", .init("index", .integer(index)))
        case .searchCancelled: return record("searchCancelled")
        case .locateMeTapped: return record("locateMeTapped")
        case .categoryTapped(let category): return record("categoryTapped", .init("category", .string(category)))
        case .alertDismissed: return record("alertDismissed")
        case .confirmTapped: return record("confirmTapped")
        case .authorizationChanged(let status): return record("authorizationChanged", .init("status", A.name(status)))
        case .searchDebounceElapsed: return record("searchDebounceElapsed")
        case .regionDebounceElapsed: return record("regionDebounceElapsed")
        case .geocodeCooldownElapsed: return record("geocodeCooldownElapsed")
        case .completions(let completions): return record("completions", .init("completions", .list(completions.map(A.value))))
        case .completionsFailed(let text): return record("completionsFailed", message(text))
        case .places(let answer):
            let places = Value.Field("places", .list(answer.places.map(A.value)))
            guard let region = answer.boundingRegion else { return record("places", places) }
            return record("places", .init("region", A.value(region)), places)
        case .placesFailed(let text): return record("placesFailed", message(text))
        case .address(let address): return record("address", .init("address", A.value(address)))
        case .addressFailed(let text): return record("addressFailed", message(text))
        case .authorization(let status): return record("authorization", .init("status", A.name(status)))
        case .authorizationFailed(let text): return record("authorizationFailed", message(text))
        case .location(let center): return record("location", .init("center", A.value(center)))
        case .locationFailed(let text): return record("locationFailed", message(text))
        case .pointsOfInterest(let places): return record("pointsOfInterest", .init("places", .list(places.map(A.value))))
        case .pointsOfInterestFailed(let text): return record("pointsOfInterestFailed", message(text))
        }
    }
}
