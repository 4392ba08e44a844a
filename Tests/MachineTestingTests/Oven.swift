import MachineCore

/// A nested machine with history for the store's tests: an oven `off`, `paused` or `on`; on, it is
/// `idle` or `heating`, and heating is `low` or `high`. `power` turns it on where it was when it
/// was turned off (deep history); `resume` re-enters the child of `on` it was paused in (shallow
/// history), and so heating restarts `low`.
enum Oven: MachineDefinition {
    struct Context: Equatable, Sendable {
        var label = "kitchen"
    }

    enum Event: Int, MachineEvent, IndexedCase {
        case power, pause, resume, heat, boost, settle
        var kind: Event { self }
    }

    enum Mode: Int, ControlState { case off, paused, on, idle, heating, low, high }

    static let mode = Region<Mode>(
        "mode", index: 0, initial: .off,
        children: [.on: [.idle, .heating], .heating: [.low, .high]])

    static let table = TransitionTable<Oven>(
        regions: [mode],
        rows: [
            Row("powerOn", in: mode, from: [.off], on: .power, to: .on, history: .deep),
            Row("powerOff", in: mode, from: [.on], on: .power, to: .off),
            Row("pause", in: mode, from: [.on], on: .pause, to: .paused),
            Row("resume", in: mode, from: [.paused], on: .resume, to: .on, history: .shallow),
            Row("heat", in: mode, from: [.idle], on: .heat, to: .heating),
            Row("boost", in: mode, from: [.low], on: .boost, to: .high),
            Row("settle", in: mode, from: [.heating], on: .settle, to: .idle),
        ])
}
