import MachineCore
import MachineRuntime

/// What a machine supplies so that scripts can drive it: its name, its table, the context fields
/// scripts read and set, and the constructors of its events and commands.
///
/// The language itself is generic: control states (`expect session == signedIn`), `pending` and
/// `timers` come from the table; the rest is a few declarative lists:
///
/// ```swift
/// struct SignInVocabulary: ScriptVocabulary {
///     let machineName = "sign-in"
///     let table = SignIn.table
///     let initialContext = SignIn.Context()
///     let fields: [ContextField<SignIn>] = [
///         ContextField("email", .string, \.email, settable: true),
///         ContextField("attemptsLeft", .integer, \.attemptsLeft),
///     ]
///     let events: [Constructor<SignIn.Event>] = [
///         Constructor("emailChanged", "email", .string, SignIn.Event.emailChanged),  // send emailChanged("a@b.c")
///         Constructor("sendCodeTapped", .sendCodeTapped),                            // send sendCodeTapped
///         Constructor("codeSent", .codeSent),                                        // respond sendCode
///         .failure("sendCodeFailed", SignIn.Event.sendCodeFailed),                   // fail sendCode "offline"
///     ]
///     let commands: [Constructor<Command<SignIn>>] = [
///         Constructor("sendCode", "email", .string) { .request(.sendCode(email: $0)) },
///     ]
/// }
/// ```
public protocol ScriptVocabulary: Sendable {
    /// The machine the words are for.
    associatedtype Machine: MachineDefinition

    /// The name a script gives in `machine NAME`.
    var machineName: String { get }
    /// The machine's table.
    var table: TransitionTable<Machine> { get }
    /// The context before any `given`.
    var initialContext: Machine.Context { get }
    /// The fields of the context scripts read and, where settable, set with `given`, in
    /// transcript order.
    var fields: [ContextField<Machine>] { get }
    /// The constructors of the machine's events, each named after its event kind as the table
    /// names it. The table and the machine say what each is: a host event (`send`), an answer to
    /// a request (`respond KIND` with the constructor's arguments: none, one value, or several in
    /// parentheses) or a failure (`fail KIND ["message"]`, a constructor of no parameter or of an
    /// optional message). Timer events need none. Several constructors of one kind are overloads,
    /// tried in order.
    var events: [Constructor<Machine.Event>] { get }
    /// The constructors of the machine's requests and outputs, for `expect command`;
    /// `startTimer(name, duration)`, `cancelTimer(name)` and `cancel(kind)`, which every machine
    /// shares, come with the language.
    var commands: [Constructor<Command<Machine>>] { get }

    /// Appends to `changed`, in order, the position in ``fields`` of each field whose value
    /// differs between `before` and `after` (as its `differs` says): what a transcript asks at
    /// every step.
    ///
    /// The default asks each field's `differs` in turn, through its closure. A vocabulary whose
    /// transcripts are long may compare its context here once, in code of its own compiled for
    /// the machine (each field's closure costs a call, a copy of the field and a release); it
    /// must then say exactly what the fields' `differs` say, in the same order.
    ///
    /// - Precondition: the positions it appends are positions in ``fields``, in increasing order
    ///   (a transcript stops the program with a message otherwise).
    func changedFields(from before: Machine.Context, to after: Machine.Context, into changed: inout [Int])

    /// Checks all of a script without holding it; see the default implementation, which every
    /// vocabulary should keep.
    func checkScript(_ script: any ScriptBytes, file: String, with checker: ScriptChecker<Self>) throws -> CheckedScript<Self>

    /// Replays a checked script; see the default implementation, which every vocabulary should keep.
    func replayScript(
        _ script: CheckedScript<Self>, on runtime: inout Runtime<Machine>, into sink: inout AnyTranscriptSink
    ) throws -> Outcome
}

/// A value that could not become a machine's value: the checker reports it where the value is.
public struct ConversionError: Error, Equatable, Sendable {
    /// What is wrong, and what was expected.
    public let message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
}

extension ScriptVocabulary {
    /// Asks each of ``fields`` whether it differs between `before` and `after`, in order. Not
    /// inlinable, on purpose: compiled generically, it passes each field's `differs` the contexts
    /// where they are, while a copy specialised for a machine would copy both contexts for each
    /// field.
    public func changedFields(from before: Machine.Context, to after: Machine.Context, into changed: inout [Int]) {
        let fields = self.fields
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices where fields[index].differs(before, after) { changed.append(index) }
        }
    }
}

/// The streamed replay, as a vocabulary's own requirements: so that code generic over any
/// vocabulary (a machine's command-line tool) runs the checker and the player specialised for
/// the vocabulary's machine. A vocabulary never implements them: each conformance gets the
/// defaults below compiled for its own machine, while a call from generic code to the checker or
/// the player directly would run them unspecialised, several times slower.
extension ScriptVocabulary {
    /// Checks all of `script` (``ScriptChecker/check(_:file:)``), specialised for the machine.
    @inlinable
    public func checkScript(
        _ script: any ScriptBytes, file: String, with checker: ScriptChecker<Self>
    ) throws -> CheckedScript<Self> {
        try checker.check(script, file: file)
    }

    /// Replays a checked script on `runtime` into `sink` (the player's `play(_:on:into:onStep:)`
    /// of a ``CheckedScript``), with a player made here, so that the fields it reads are
    /// specialised for the machine too.
    @inlinable
    public func replayScript(
        _ script: CheckedScript<Self>, on runtime: inout Runtime<Machine>, into sink: inout AnyTranscriptSink
    ) throws -> Outcome {
        try Player(vocabulary: self).play(script, on: &runtime, into: &sink)
    }
}
