import EventScripts
import MachineCore

/// A small machine for the vocabulary helpers' tests: a kettle that heats (a request answered
/// with nothing, `respond heat`) and then measures (a request answered with one value,
/// `respond measure 97`), each of which can fail.
enum Kettle: MachineDefinition {
    struct Context: Equatable, Sendable {
        var label = "kettle"
        var target = 100.0
        var boils = 0
        var pause: Duration = .seconds(1)
        var locked = false
        var mode: Mode?
        var readings: [Int] = []
        var lastRequest: Request.Kind?
        var note: String?
    }

    enum Mode: String, CaseIterable, Sendable { case eco, turbo }

    enum Event: MachineEvent, Equatable {
        case switchedOn, targetSet(Double), renamed(String), modeChosen(Mode)
        case heated, heatFailed(String?), measured(Int), measureFailed(String?), cooled

        enum Kind: Int, IndexedCase {
            case switchedOn, targetSet, renamed, modeChosen, heated, heatFailed, measured, measureFailed, cooled
        }

        var kind: Kind {
            switch self {
            case .switchedOn: .switchedOn
            case .targetSet: .targetSet
            case .renamed: .renamed
            case .modeChosen: .modeChosen
            case .heated: .heated
            case .heatFailed: .heatFailed
            case .measured: .measured
            case .measureFailed: .measureFailed
            case .cooled: .cooled
            }
        }
    }

    enum Request: MachineRequest {
        case heat, measure(String)

        enum Kind: Int, IndexedCase { case heat, measure }

        var kind: Kind {
            switch self {
            case .heat: .heat
            case .measure: .measure
            }
        }
    }

    enum Output: Equatable, Sendable { case beep, show(String) }

    enum Timer: Int, IndexedCase { case cooling }

    static func event(firing timer: Timer) -> Event { .cooled }

    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        switch kind {
        case .heated, .heatFailed: .heat
        case .measured, .measureFailed: .measure
        default: nil
        }
    }

    static func isFailure(_ kind: Event.Kind) -> Bool { kind == .heatFailed || kind == .measureFailed }

    enum Power: Int, ControlState { case off, heating, measuring, cooling }
    static let power = Region<Power>("power", index: 0, initial: .off)

    static let table = TransitionTable<Kettle>(
        regions: [power],
        rows: [
            Row("on", in: power, from: [.off], on: .switchedOn, to: .heating) { context, _, out in
                context.lastRequest = .heat
                out.request(.heat)
            },
            Row("heated", in: power, from: [.heating], on: .heated, to: .measuring) { context, _, out in
                context.boils += 1
                context.lastRequest = .measure
                out.request(.measure(context.label))
            },
            Row("heatFailed", in: power, from: [.heating], on: .heatFailed, to: .off) { context, event, _ in
                if case .heatFailed(let message) = event { context.note = message }
            },
            Row("measured", in: power, from: [.measuring], on: .measured, to: .cooling) { context, event, out in
                if case .measured(let degrees) = event { context.readings.append(degrees) }
                out.emit(.show(context.label))
                out.startTimer(.cooling, after: context.pause)
            },
            Row("measureFailed", in: power, from: [.measuring], on: .measureFailed, to: .off) { context, event, out in
                if case .measureFailed(let message) = event { context.note = message }
                out.emit(.beep)
            },
            Row("cooled", in: power, from: [.cooling], on: .cooled, to: .off),
            Row("setTarget", in: power, from: .any, on: .targetSet) { context, event, _ in
                if case .targetSet(let target) = event { context.target = target }
            },
            Row("rename", in: power, from: .any, on: .renamed) { context, event, _ in
                if case .renamed(let label) = event { context.label = label }
            },
            Row("chooseMode", in: power, from: .any, on: .modeChosen) { context, event, _ in
                if case .modeChosen(let mode) = event { context.mode = mode }
            },
        ])
}

/// The kettle's words, every line a helper: `machine kettle`.
struct KettleVocabulary: ScriptVocabulary {
    let machineName = "kettle"
    let table = Kettle.table
    let initialContext = Kettle.Context()
    let fields: [ContextField<Kettle>] = [
        ContextField("label", .string, \.label, settable: true),
        ContextField("target", .number.within(0...100), \.target, settable: true),
        ContextField("boils", .integer, \.boils),
        ContextField("pause", .duration.within(.zero ... .seconds(60)), \.pause, settable: true),
        ContextField("locked", .bool, \.locked, settable: true),
        ContextField("mode", .optional(.enumeration), \.mode, settable: true),
        ContextField("readings", .list(.integer), \.readings, settable: true),
        ContextField("lastRequest", .optional(.enumeration), \.lastRequest, settable: false),
        ContextField("note", .optional(.string), \.note, settable: true),
    ]
    let events: [Constructor<Kettle.Event>] = [
        Constructor("switchedOn", .switchedOn),
        Constructor("targetSet", "target", .number, Kettle.Event.targetSet),
        Constructor("renamed", "label", .string, Kettle.Event.renamed),
        Constructor("modeChosen", "mode", .enumeration, Kettle.Event.modeChosen),
        Constructor("heated", .heated),
        .failure("heatFailed", Kettle.Event.heatFailed),
        Constructor("measured", "degrees", .integer, Kettle.Event.measured),
        .failure("measureFailed", Kettle.Event.measureFailed),
    ]
    let commands: [Constructor<Command<Kettle>>] = [
        Constructor("heat", .request(.heat)),
        Constructor("measure", "label", .string) { .request(.measure($0)) },
        Constructor("beep", .output(.beep)),
        Constructor("show", "label", .string) { .output(.show($0)) },
    ]
}
