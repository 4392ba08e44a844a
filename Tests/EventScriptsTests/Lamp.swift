import EventScripts
import MachineCore

/// A small nested machine for the scripts' hierarchy tests: a lamp that is `off` or `on`; on, it
/// is `dim` or `bright`, and `bright` is itself `warm` or `cool`. `toggle` turns it on (dim) or
/// off from anywhere inside `on`; `brighten` goes from dim to bright (warm), `tint` from warm to
/// cool, `soften` from anywhere in bright back to dim; `resume` turns it on where it was when it
/// was turned off (deep history).
enum Lamp: MachineDefinition {
    struct Context: Equatable, Sendable {
        var flips = 0
    }

    enum Event: MachineEvent, Equatable {
        case toggle, brighten, tint, soften, resume

        enum Kind: Int, IndexedCase { case toggle, brighten, tint, soften, resume }

        var kind: Kind {
            switch self {
            case .toggle: .toggle
            case .brighten: .brighten
            case .tint: .tint
            case .soften: .soften
            case .resume: .resume
            }
        }
    }

    enum Light: Int, ControlState { case off, on, dim, bright, warm, cool }

    static let light = Region<Light>(
        "light", index: 0, initial: .off,
        children: [.on: [.dim, .bright], .bright: [.warm, .cool]])

    static let table = TransitionTable<Lamp>(
        regions: [light],
        rows: [
            Row("switchOn", in: light, from: [.off], on: .toggle, to: .on) { context, _, _ in context.flips += 1 },
            Row("switchOff", in: light, from: [.on], on: .toggle, to: .off) { context, _, _ in context.flips += 1 },
            Row("brighten", in: light, from: [.dim], on: .brighten, to: .bright),
            Row("tint", in: light, from: [.warm], on: .tint, to: .cool),
            Row("soften", in: light, from: [.bright], on: .soften, to: .dim),
            Row("resume", in: light, from: [.off], on: .resume, to: .on, history: .deep),
        ])
}

/// The lamp's words: `machine lamp`.
struct LampVocabulary: ScriptVocabulary {
    let machineName = "lamp"
    let table = Lamp.table
    let initialContext = Lamp.Context()
    let fields: [ContextField<Lamp>] = [ContextField("flips", .integer, \.flips)]
    let events: [Constructor<Lamp.Event>] = [
        Constructor("toggle", .toggle),
        Constructor("brighten", .brighten),
        Constructor("tint", .tint),
        Constructor("soften", .soften),
        Constructor("resume", .resume),
    ]
    let commands: [Constructor<Command<Lamp>>] = []
}
