import MachineCore

extension ScriptVocabulary {
    /// An event as a value, as scripts and transcripts write it.
    public func value(of event: Machine.Event) -> Value {
        ScriptWriter(vocabulary: self).value(of: event)
    }

    /// A command as a value, as scripts and transcripts write it.
    public func value(of command: Command<Machine>) -> Value {
        ScriptWriter(vocabulary: self).value(of: command)
    }

    /// The event `fail KIND "message"` sends: the failure of a request of `kind`.
    ///
    /// A vocabulary without a failure for `kind` is a programming mistake, and stops the program.
    public func failure(_ kind: Machine.Request.Kind, message: String?) -> Machine.Event {
        do {
            return try ScriptChecker(vocabulary: self).failure(kind, message: message, at: ScriptLocation(line: 1, column: 1))
        } catch {
            preconditionFailure("the \(machineName) vocabulary cannot fail \(kind.name): \(error.message)")
        }
    }
}
