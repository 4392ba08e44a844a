import EventScripts
import MachineCore

/// The search box's words for scripts: `machine search-box`. Small, but it uses every kind of
/// type the language has: strings, numbers, whole numbers, durations, booleans, names,
/// optionals, lists, nested constructors, a constructor labelled in any order with a computed
/// part, a parameter that also takes a string, a defaulted argument, an answer of two overloads,
/// validated values, ranged settings and a field scripts cannot set.
struct SearchBoxVocabulary: ScriptVocabulary {
    typealias S = SearchBox

    let machineName = "search-box"
    let table = SearchBox.table
    let initialContext = SearchBox.Context()
    let fields: [ContextField<SearchBox>] = [
        ContextField("query", .string, \.query, settable: true),
        ContextField("hits", .list(Self.hit), \.hits, settable: true),
        ContextField("chosen", .optional(Self.hit), \.chosen, settable: true),
        ContextField("view", Self.area, \.view, settable: true),
        ContextField("searches", .integer, \.searches),
        ContextField("pause", .duration.within(.zero ... .seconds(3600)), \.pause, settable: true),
        ContextField("limit", .integer.within(1...100), \.limit, settable: true),
    ]
    let events: [Constructor<SearchBox.Event>] = [
        Constructor("typed", "text", .string, S.Event.typed),
        Constructor(
            "moved", [Parameter("area", Self.area.type), Parameter("byUser", .bool, default: .bool(true), showsLabel: true)],
            make: { value throws(ConversionError) in
                .moved(try Self.area.decode(value[argument: "area"] ?? .null), byUser: value[argument: "byUser"] == .bool(true))
            },
            arguments: { event in
                guard case .moved(let area, let byUser) = event else { return nil }
                return [Self.area.encode(area), .bool(byUser)]
            }),
        Constructor("picked", "index", .integer, S.Event.picked),
        Constructor("closed", .closed),
        // `respond hits [...]`, or with the area that shows them all, `respond hits(area(...), [...])`.
        Constructor(
            "hits", [Parameter("hits", .list(Self.hit.type))],
            make: { value throws(ConversionError) in .hits(S.Answer(area: nil, hits: try Self.hits(value[argument: "hits"]))) },
            arguments: { event in
                guard case .hits(let answer) = event, answer.area == nil else { return nil }
                return [.list(answer.hits.map(Self.hit.encode))]
            }),
        Constructor(
            "hits", [Parameter("area", Self.area.type), Parameter("hits", .list(Self.hit.type))],
            make: { value throws(ConversionError) in
                .hits(
                    S.Answer(
                        area: try Self.area.decode(value[argument: "area"] ?? .null), hits: try Self.hits(value[argument: "hits"])
                    ))
            },
            arguments: { event in
                guard case .hits(let answer) = event, let area = answer.area else { return nil }
                return [Self.area.encode(area), .list(answer.hits.map(Self.hit.encode))]
            }),
        .failure("hitsFailed", S.Event.hitsFailed),
    ]
    let commands: [Constructor<Command<SearchBox>>] = [
        Constructor("find", [Parameter("query", .string), Parameter("area", Self.area.type)]) { command in
            guard case .request(.find(let query, let area)) = command else { return nil }
            return [.string(query), Self.area.encode(area)]
        },
        Constructor("choose", "hit", Self.hit) { .output(.choose($0)) },
    ]

    // MARK: values

    static let point = Constructor(
        "point", [Parameter("x", .number), Parameter("y", .number)],
        validate: { value in
            for label in ["x", "y"] {
                if let number = value[argument: label]?.numeric, abs(number) > 1000 {
                    return "\(label) \(number) is outside -1000...1000"
                }
            }
            return nil
        })
    static let tag = Constructor(
        "tag",
        [Parameter("name", .optional(.string), showsLabel: true), Parameter("colour", .optional(.string), showsLabel: true)],
        requiresLabels: true,
        computed: [
            ComputedPart("label", .string) { value in
                .string(
                    [value[argument: "name"], value[argument: "colour"]].compactMap {
                        if case .string(let text)? = $0 { text } else { nil }
                    }
                    .joined(separator: ", "))
            }
        ])

    static let area = ValueShape<S.Area>(
        .constructor(
            Constructor(
                "area",
                [
                    Parameter("corner", .constructor(point)),
                    Parameter(
                        "size", .constructor(Constructor("size", [Parameter("width", .number), Parameter("height", .number)]))),
                ])),
        encode: { area in
            .constructed(
                "area",
                [
                    .init("corner", encode(area.corner)),
                    .init(
                        "size",
                        .constructed(
                            "size",
                            [
                                .init("width", .number(area.size.width)),
                                .init("height", .number(area.size.height)),
                            ])),
                ])
        },
        decode: { value throws(ConversionError) in
            let size = value[argument: "size"]
            return S.Area(
                corner: try decodePoint(value[argument: "corner"]),
                size: S.Size(width: try number(size?[argument: "width"]), height: try number(size?[argument: "height"])))
        })

    /// A hit's tag may be written as a plain string: its name.
    static let hit = ValueShape<S.Hit>(
        .constructor(
            Constructor(
                "hit",
                [
                    Parameter("title", .string), Parameter("spot", .constructor(point)),
                    Parameter(
                        "tag", .constructor(tag),
                        conversions: [
                            Parameter.Conversion(from: .string) { name in
                                .constructed(
                                    "tag", [.init("name", name, showsLabel: true), .init("colour", .null, showsLabel: true)])
                            }
                        ]),
                ])),
        encode: { hit in
            let tag = Value.constructed(
                "tag",
                [
                    .init("name", hit.tag.name.map(Value.string) ?? .null, showsLabel: true),
                    .init("colour", hit.tag.colour.map(Value.string) ?? .null, showsLabel: true),
                ])
            return .constructed("hit", [.init("title", .string(hit.title)), .init("spot", encode(hit.spot)), .init("tag", tag)])
        },
        decode: { value throws(ConversionError) in
            func part(_ label: String) -> String? {
                if case .string(let text)? = value[argument: "tag"]?[argument: label] { text } else { nil }
            }
            guard case .string(let title)? = value[argument: "title"] else { throw ConversionError("expected a title") }
            return S.Hit(
                title: title, spot: try decodePoint(value[argument: "spot"]),
                tag: S.Tag(name: part("name"), colour: part("colour")))
        })

    static func encode(_ point: S.Point) -> Value {
        .constructed("point", [.init("x", .number(point.x)), .init("y", .number(point.y))])
    }

    static func decodePoint(_ value: Value?) throws(ConversionError) -> S.Point {
        S.Point(x: try number(value?[argument: "x"]), y: try number(value?[argument: "y"]))
    }

    static func number(_ value: Value?) throws(ConversionError) -> Double {
        guard let number = value?.numeric else { throw ConversionError("expected a number") }
        return number
    }

    static func hits(_ value: Value?) throws(ConversionError) -> [S.Hit] {
        try ValueShape.list(hit).decode(value ?? .null)
    }
}
