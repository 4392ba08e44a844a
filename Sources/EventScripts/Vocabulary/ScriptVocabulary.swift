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
}

/// A value that could not become a machine's value: the checker reports it where the value is.
public struct ConversionError: Error, Equatable, Sendable {
    /// What is wrong, and what was expected.
    public let message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
}
