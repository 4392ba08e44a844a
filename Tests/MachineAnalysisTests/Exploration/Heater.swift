import MachineAnalysis
import MachineCore
import MachineRuntime

/// A small nested machine with history for the exploration tests: a heater that is `off` or `on`;
/// on, it is `idle` or `heating`, and heating is `low` or `high`. `resume` turns it on where it
/// was when it was turned off (deep history).
enum Heater: MachineDefinition {
    struct Context: Equatable, Sendable {}

    enum Event: MachineEvent, Equatable {
        case power, heat, boost, settle, resume

        enum Kind: Int, IndexedCase { case power, heat, boost, settle, resume }

        var kind: Kind {
            switch self {
            case .power: .power
            case .heat: .heat
            case .boost: .boost
            case .settle: .settle
            case .resume: .resume
            }
        }
    }

    enum Mode: Int, ControlState { case off, on, idle, heating, low, high }

    static let mode = Region<Mode>(
        "mode", index: 0, initial: .off,
        children: [.on: [.idle, .heating], .heating: [.low, .high]])

    static let table = TransitionTable<Heater>(
        regions: [mode],
        rows: [
            Row("powerOn", in: mode, from: [.off], on: .power, to: .on),
            Row("powerOff", in: mode, from: [.on], on: .power, to: .off),
            Row("resume", in: mode, from: [.off], on: .resume, to: .on, history: .deep),
            Row("heat", in: mode, from: [.idle], on: .heat, to: .heating),
            Row("boost", in: mode, from: [.low], on: .boost, to: .high),
            Row("settle", in: mode, from: [.heating], on: .settle, to: .idle),
        ])

    struct Samples: InputSamples {
        typealias Machine = Heater
        var events: [Event] { [.power, .heat, .boost, .settle, .resume] }
        func answers(to request: NoRequest) -> [Event] {}
    }

    static let explorer = Explorer(
        table: table, initial: table.initialState(context: .init()), samples: Samples(),
        invariants: Invariant<Heater>.standard)
}
