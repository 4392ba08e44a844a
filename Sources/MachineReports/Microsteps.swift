import EventScripts

extension TranscriptStep {
    /// Whether the step is a microstep the machine took on its own after an input: its
    /// eventless rows (`eventless`), an event an action raised (`raised EVENT`), or a compound
    /// state's done event (`done REGION.STATE`). Every other step's input is `send`, `timer`,
    /// `respond`, `fail` or `drop`.
    var isMicrostep: Bool {
        input == "eventless" || input.hasPrefix("raised ") || input.hasPrefix("done ")
    }
}
