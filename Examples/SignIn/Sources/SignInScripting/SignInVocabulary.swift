import EventScripts
import MachineCore
import SignIn

/// The sign-in flow's words for event scripts: `machine sign-in`.
public struct SignInVocabulary: ScriptVocabulary {
    public init() {}

    public let machineName = "sign-in"
    public let table = SignIn.table
    public let initialContext = SignIn.Context()

    /// `expect email == "ada@example.com"`; settable ones also `given maxAttempts 2`.
    public let fields: [ContextField<SignIn>] = [
        ContextField("email", .string, \.email, settable: true),
        ContextField("code", .string, \.code, settable: true),
        ContextField("attemptsLeft", .integer, \.attemptsLeft),
        ContextField("user", .optional(.string), \.user),
        ContextField("problem", .optional(.enumeration), \.problem),
        ContextField("maxAttempts", .integer.within(1...10), \.settings.maxAttempts, settable: true),
        ContextField(
            "resendCooldown", .duration.within(.seconds(1) ... .seconds(3600)), \.settings.resendCooldown, settable: true),
    ]

    /// `send emailChanged("ada@example.com")`, `respond sendCode`, `fail verifyCode "wrong code"`.
    public let events: [Constructor<SignIn.Event>] = [
        Constructor("emailChanged", "email", .string, SignIn.Event.emailChanged),
        Constructor("sendCodeTapped", .sendCodeTapped),
        Constructor("codeChanged", "code", .string, SignIn.Event.codeChanged),
        Constructor("verifyTapped", .verifyTapped),
        Constructor("resendTapped", .resendTapped),
        Constructor("changeEmailTapped", .changeEmailTapped),
        Constructor("codeSent", .codeSent),
        .failure("sendCodeFailed", SignIn.Event.sendCodeFailed),
        Constructor("codeVerified", "user", .string) { .codeVerified(user: $0) },
        .failure("verifyCodeFailed", SignIn.Event.verifyCodeFailed),
    ]

    /// `expect command sendCode("ada@example.com")`; timers' and cancellations' come with the language.
    public let commands: [Constructor<Command<SignIn>>] = [
        Constructor("sendCode", "email", .string) { .request(.sendCode(email: $0)) },
        Constructor("verifyCode", "code", .string) { .request(.verifyCode(code: $0)) },
        Constructor("signedIn", "user", .string) { .output(.signedIn(user: $0)) },
    ]
}
