import MachineCore
import MachineTesting
import SignIn
import Testing

/// The flow's behaviour, input by input, with every change of the state asserted.
@Suite("Sign-in behaviour") struct SignInBehaviourTests {
    /// A store past sending a code to ada@example.com, with `maxAttempts` attempts.
    func awaitingCode(maxAttempts: Int = 3) -> MachineTestStore<SignIn> {
        var context = SignIn.Context()
        context.email = "ada@example.com"
        context.settings.maxAttempts = maxAttempts
        let store = MachineTestStore(table: SignIn.table, context: context)
        store.send(.sendCodeTapped, emits: [.request(.sendCode(email: "ada@example.com"))]) {
            $0[SignIn.session] = .sendingCode
            $0.work.pending.append(.sendCode)
        }
        store.respond(.sendCode, with: .codeSent, emits: [.startTimer(.resendCooldown, .seconds(30))]) {
            $0[SignIn.session] = .awaitingCode
            $0[SignIn.resend] = .coolingDown
            $0.context.attemptsLeft = maxAttempts
            $0.work.pending.remove(.sendCode)
            $0.work.timers.append(.resendCooldown)
        }
        return store
    }

    @Test func aValidEmailAndTheRightCodeSignIn() {
        let store = awaitingCode()
        store.send(.codeChanged("123456")) { $0.context.code = "123456" }
        store.send(.verifyTapped, emits: [.request(.verifyCode(code: "123456"))]) {
            $0[SignIn.session] = .verifying
            $0.work.pending.append(.verifyCode)
        }
        store.respond(
            .verifyCode, with: .codeVerified(user: "ada"),
            emits: [.output(.signedIn(user: "ada")), .cancelTimer(.resendCooldown)]
        ) {
            $0[SignIn.session] = .signedIn
            $0[SignIn.resend] = .ready
            $0.context.user = "ada"
            $0.work.pending.remove(.verifyCode)
            $0.work.timers.remove(.resendCooldown)
        }
        store.finish()
    }

    @Test func anInvalidEmailSendsNothing() {
        let store = MachineTestStore(table: SignIn.table, context: SignIn.Context())
        store.send(.emailChanged("ada@example")) { $0.context.email = "ada@example" }
        store.send(.sendCodeTapped) { $0.context.problem = .invalidEmail }
        store.send(.emailChanged("ada@example.com")) {
            $0.context.email = "ada@example.com"
            $0.context.problem = nil
        }
        store.finish()
    }

    @Test func aWrongCodeUsesAnAttemptAndTheLastOneSignsOut() {
        let store = awaitingCode(maxAttempts: 2)
        for attempt in 1...2 {
            store.send(.codeChanged("00000\(attempt)")) {
                $0.context.code = "00000\(attempt)"
                $0.context.problem = nil
            }
            store.send(.verifyTapped, emits: [.request(.verifyCode(code: "00000\(attempt)"))]) {
                $0[SignIn.session] = .verifying
                $0.work.pending.append(.verifyCode)
            }
            store.fail(.verifyCode, with: .verifyCodeFailed("wrong code")) {
                $0[SignIn.session] = attempt == 1 ? .awaitingCode : .signedOut
                $0.context.attemptsLeft -= 1
                $0.context.code = ""
                $0.context.problem = attempt == 1 ? .wrongCode : .tooManyAttempts
                $0.work.pending.remove(.verifyCode)
            }
        }
        store.finish(allowingRunningTimers: true)
    }

    @Test func anotherCodeWaitsForTheCooldown() {
        let store = awaitingCode()
        store.send(.resendTapped)
        store.advance(by: .seconds(30)) {
            $0[SignIn.resend] = .ready
            $0.work.timers.remove(.resendCooldown)
        }
        store.send(.resendTapped, emits: [.request(.sendCode(email: "ada@example.com"))]) {
            $0[SignIn.session] = .sendingCode
            $0.work.pending.append(.sendCode)
        }
        store.fail(.sendCode, with: .sendCodeFailed("offline")) {
            $0[SignIn.session] = .signedOut
            $0.context.problem = .codeNotSent
            $0.work.pending.remove(.sendCode)
        }
        store.finish()
    }

    @Test func changingTheEmailStartsOver() {
        let store = awaitingCode()
        store.send(.codeChanged("12")) { $0.context.code = "12" }
        store.send(.changeEmailTapped) {
            $0[SignIn.session] = .signedOut
            $0.context.code = ""
        }
        store.finish(allowingRunningTimers: true)
    }

    @Test(arguments: [
        ("ada@example.com", true), ("a.b@mail.example.org", true), ("ada", false), ("ada@example", false),
        ("@example.com", false), ("ada@.com", false), ("ada@example.", false), ("ada @example.com", false), ("a@b@c.d", false),
    ])
    func emailsThatLookLikeOne(_ email: String, _ valid: Bool) {
        var context = SignIn.Context()
        context.email = email
        let store = MachineTestStore(table: SignIn.table, context: context, exhaustivity: .off(showSkipped: false))
        store.send(.sendCodeTapped)
        store.skipCommands()
        #expect(store.state[SignIn.session] == (valid ? .sendingCode : .signedOut), "\(email)")
        store.finish(allowingPendingRequests: true)
    }
}
