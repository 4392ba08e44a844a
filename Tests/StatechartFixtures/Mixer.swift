import MachineCore

/// A recording console for the tools' tests, with parallel states at two depths and what came
/// with them: while the console `records`, its `tape` and `meter` run side by side, and while
/// the meter `watches`, its `level` runs within it; `recording` is done when the tape is full
/// and the meter clipped. A `lamp` at the top counts the events it sees while lit (a row on
/// every event, `*`). The tape runs out after a minute (a delay without a timer), the lamp blinks
/// every second while lit (a period without a timer), `on` has an initial transition with an
/// action, and `resume` re-enters the console by deep history, every region within it restored.
package enum Mixer: MachineDefinition {
    package struct Context: Hashable, Sendable, Codable {
        package var takes = 0
        package var seen = 0
        package var blinks = 0
        package var loud = false
        package var warmed = false

        package init() {}
    }

    package enum Event: Int, MachineEvent, IndexedCase {
        case start, power, record, stop, pause, roll, peak, louder, quieter, shout, resume, close
        package var kind: Self { self }
    }

    package static let startEvent: Event? = .start

    package enum Console: Int, ControlState { case off, on, idle, recording, closed }
    package enum Tape: Int, ControlState { case rolling, paused, full }
    package enum Meter: Int, ControlState { case watching, clipped }
    package enum Level: Int, ControlState { case low, high }
    package enum Lamp: Int, ControlState { case dark, lit }

    package static let console = Region<Console>(
        "console", index: 0, initial: .off, final: [.closed], children: [.on: [.idle, .recording]])
    package static let tape = Region<Tape>("tape", index: 1, within: console, .recording, initial: .rolling, final: [.full])
    package static let meter = Region<Meter>(
        "meter", index: 2, within: console, .recording, initial: .watching, final: [.clipped])
    package static let level = Region<Level>("level", index: 3, within: meter, .watching, initial: .low)
    package static let lamp = Region<Lamp>("lamp", index: 4, initial: .dark)

    package static let isLoud = Guard<Mixer>("isLoud") { state, _ in state.context.loud }

    package static let table = TransitionTable<Mixer>(
        regions: [console, tape, meter, level, lamp],
        rows: [
            Row("powerOn", in: console, from: [.off], on: .power, to: .on),
            Row("powerOff", in: console, from: [.on], on: .power, to: .off),
            Row("resume", in: console, from: [.off], on: .resume, to: .on, history: .deep),
            Row("record", in: console, from: [.idle], on: .record, to: .recording),
            Row("stop", in: console, from: [.recording], on: .stop, to: .idle),
            Row("take", in: console, done: .recording, to: .idle) { context, _, _ in context.takes += 1 },
            Row("close", in: console, from: [.off, .on], on: .close, to: .closed),
            Row("pause", in: tape, from: [.rolling], on: .pause, to: .paused),
            Row("roll", in: tape, from: [.paused], on: .roll, to: .rolling),
            Row("runOut", in: tape, from: [.rolling], after: .seconds(60), to: .full),
            Row("clip", in: meter, from: [.watching], on: .peak, when: isLoud, to: .clipped),
            Row("louder", in: level, from: [.low], on: .louder, to: .high),
            Row("quieter", in: level, from: [.high], on: .quieter, to: .low),
            Row("shout", in: lamp, from: .any, on: .shout) { context, _, _ in context.loud.toggle() },
            Row("light", in: lamp, from: [.dark], on: .record, to: .lit),
            Row("dim", in: lamp, from: [.lit], on: .stop, to: .dark),
            Row("blink", in: lamp, from: [.lit], every: .seconds(1)) { context, _, _ in context.blinks += 1 },
            Row("count", in: lamp, from: [.lit], on: "*") { context, _, _ in context.seen += 1 },
        ],
        initials: [Initial(in: console, of: .on, to: .idle) { context, _, _ in context.warmed = true }])
}
