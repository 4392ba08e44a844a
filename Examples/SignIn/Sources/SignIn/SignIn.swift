import MachineCore

/// Signing in with a one-time code: the person types their email and asks for a code, types the
/// code they received and is signed in. A wrong code uses up an attempt; another code may be sent
/// once a cooldown has passed.
///
/// Two parallel regions: ``session`` follows the sign-in itself, ``resend`` the cooldown between
/// two codes. The rows are in ``table``.
public enum SignIn: MachineDefinition {
    /// What the flow remembers besides its control states.
    public struct Context: Hashable, Sendable {
        /// The email typed so far.
        public var email = ""
        /// The code typed so far.
        public var code = ""
        /// How many more codes may be tried before the person is signed out.
        public var attemptsLeft = 0
        /// Who is signed in, once someone is.
        public var user: String?
        /// What went wrong last, for the screen to say.
        public var problem: Problem?
        /// How the flow behaves.
        public var settings = Settings()

        public init() {}
    }

    /// How the flow behaves.
    public struct Settings: Hashable, Sendable {
        /// The codes one may try after a code is sent.
        public var maxAttempts = 3
        /// How long after a code is sent another may be asked for.
        public var resendCooldown: Duration = .seconds(30)

        public init() {}
    }

    /// What went wrong, for the screen to say.
    public enum Problem: String, CaseIterable, Hashable, Sendable {
        case invalidEmail, codeNotSent, wrongCode, tooManyAttempts
    }

    /// Everything that happens to the flow: the person's input, the cooldown ending and the
    /// server's answers.
    public enum Event: MachineEvent, Equatable {
        // From the screen.
        case emailChanged(String)
        case sendCodeTapped
        case codeChanged(String)
        case verifyTapped
        case resendTapped
        case changeEmailTapped
        // From the timer.
        case resendCooldownElapsed
        // From the server: each answer and each failure, with the server's message.
        case codeSent
        case sendCodeFailed(String?)
        case codeVerified(user: String)
        case verifyCodeFailed(String?)

        /// The payload-free names of the events: what the table's rows are keyed on.
        public enum Kind: Int, IndexedCase {
            case emailChanged, sendCodeTapped, codeChanged, verifyTapped, resendTapped, changeEmailTapped
            case resendCooldownElapsed
            case codeSent, sendCodeFailed, codeVerified, verifyCodeFailed
        }

        public var kind: Kind {
            switch self {
            case .emailChanged: .emailChanged
            case .sendCodeTapped: .sendCodeTapped
            case .codeChanged: .codeChanged
            case .verifyTapped: .verifyTapped
            case .resendTapped: .resendTapped
            case .changeEmailTapped: .changeEmailTapped
            case .resendCooldownElapsed: .resendCooldownElapsed
            case .codeSent: .codeSent
            case .sendCodeFailed: .sendCodeFailed
            case .codeVerified: .codeVerified
            case .verifyCodeFailed: .verifyCodeFailed
            }
        }
    }

    /// Work for the server. At most one request of each ``Kind`` is in flight.
    public enum Request: MachineRequest {
        /// Email a one-time code.
        case sendCode(email: String)
        /// Check the code typed.
        case verifyCode(code: String)

        /// The kinds of request, each answered by its own events.
        public enum Kind: Int, IndexedCase { case sendCode, verifyCode }

        public var kind: Kind {
            switch self {
            case .sendCode: .sendCode
            case .verifyCode: .verifyCode
            }
        }
    }

    /// What the flow tells the app.
    public enum Output: Equatable, Sendable {
        /// The person is signed in.
        case signedIn(user: String)
    }

    /// The flow's one timer.
    public enum Timer: Int, IndexedCase {
        /// Runs from a code being sent until another may be asked for.
        case resendCooldown
    }

    public static func event(firing timer: Timer) -> Event { .resendCooldownElapsed }

    public static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        switch kind {
        case .codeSent, .sendCodeFailed: .sendCode
        case .codeVerified, .verifyCodeFailed: .verifyCode
        default: nil
        }
    }

    public static func isFailure(_ kind: Event.Kind) -> Bool { kind == .sendCodeFailed || kind == .verifyCodeFailed }

    /// The sign-in itself.
    public enum Session: Int, ControlState { case signedOut, sendingCode, awaitingCode, verifying, signedIn }
    /// Whether another code may be asked for.
    public enum Resend: Int, ControlState { case ready, coolingDown }

    /// The sign-in itself; signed in, the flow is finished.
    public static let session = Region<Session>("session", index: 0, initial: .signedOut, final: [.signedIn])
    /// The cooldown between two codes.
    public static let resend = Region<Resend>("resend", index: 1, initial: .ready)
}
