import MachineAnalysis
import MachineRuntime
import SignIn

/// The inputs `sign-in paths` and `sign-in explore` try: a valid and an invalid email, a code and
/// no code, every button, and each answer and failure of the server.
public struct SignInSamples: InputSamples {
    public typealias Machine = SignIn

    public init() {}

    public var events: [SignIn.Event] {
        [
            .emailChanged("ada@example.com"), .emailChanged("ada"), .sendCodeTapped, .codeChanged("123456"), .codeChanged(""),
            .verifyTapped, .resendTapped, .changeEmailTapped,
        ]
    }

    public func answers(to request: SignIn.Request) -> [SignIn.Event] {
        switch request {
        case .sendCode: [.codeSent, .sendCodeFailed("offline")]
        case .verifyCode: [.codeVerified(user: "ada"), .verifyCodeFailed("wrong code")]
        }
    }
}
