import EventScripts
import MachineAnalysis
import MachineCore

/// The mixer's words for event scripts: `send record`, `expect tape == rolling`, `expect level == nil`.
package struct MixerVocabulary: ScriptVocabulary {
    package typealias Machine = Mixer

    package let machineName = "mixer"
    package let table = Mixer.table
    package let initialContext = Mixer.Context()
    package let fields: [ContextField<Mixer>] = [
        ContextField("takes", .integer, \.takes),
        ContextField("seen", .integer, \.seen),
        ContextField("blinks", .integer, \.blinks),
        ContextField("loud", .bool, \.loud),
        ContextField("warmed", .bool, \.warmed),
    ]
    package let events: [Constructor<Mixer.Event>] = Mixer.Event.allCases.filter { $0 != .start }.map {
        Constructor($0.name, $0)
    }
    package let commands: [Constructor<Command<Mixer>>] = []

    package init() {}
}

/// The inputs `paths`, `explore` and `verify` try on the mixer: every event a host sends.
package struct MixerSamples: InputSamples {
    package typealias Machine = Mixer

    package var events: [Mixer.Event] { Mixer.Event.allCases.filter { $0 != .start } }
    package func answers(to request: NoRequest) -> [Mixer.Event] {}

    package init() {}
}
