import MachineCore

extension SignIn {
    /// Every transition of the flow, one named row each.
    public static let table = TransitionTable<SignIn>(
        regions: [session, resend],
        rows: [
            // Typing the email and asking for a code.
            Row("typeEmail", in: session, from: [.signedOut], on: .emailChanged) { context, event, _ in
                if case .emailChanged(let email) = event { context.email = email }
                context.problem = nil
            },
            Row("sendCode", in: session, from: [.signedOut], on: .sendCodeTapped, when: .isValidEmail, to: .sendingCode) {
                context, _, out in
                out.request(.sendCode(email: context.email))
            },
            Row("rejectEmail", in: session, from: [.signedOut], on: .sendCodeTapped, when: .isInvalidEmail) { context, _, _ in
                context.problem = .invalidEmail
            },
            // The server sends the code, or cannot.
            Row("codeSent", in: session, from: [.sendingCode], on: .codeSent, to: .awaitingCode) { context, _, _ in
                context.code = ""
                context.attemptsLeft = context.settings.maxAttempts
                context.problem = nil
            },
            Row("codeNotSent", in: session, from: [.sendingCode], on: .sendCodeFailed, to: .signedOut) { context, _, _ in
                context.problem = .codeNotSent
            },
            // Typing the code, asking for another, or starting over with another email.
            Row("typeCode", in: session, from: [.awaitingCode], on: .codeChanged) { context, event, _ in
                if case .codeChanged(let code) = event { context.code = code }
                context.problem = nil
            },
            Row("verify", in: session, from: [.awaitingCode], on: .verifyTapped, when: .hasCode, to: .verifying) {
                context, _, out in
                out.request(.verifyCode(code: context.code))
            },
            Row("resendCode", in: session, from: [.awaitingCode], on: .resendTapped, when: .canResend, to: .sendingCode) {
                context, _, out in
                out.request(.sendCode(email: context.email))
            },
            Row("changeEmail", in: session, from: [.awaitingCode], on: .changeEmailTapped, to: .signedOut) { context, _, _ in
                context.code = ""
            },
            // The server checks the code.
            Row("signIn", in: session, from: [.verifying], on: .codeVerified, to: .signedIn) { context, event, out in
                guard case .codeVerified(let user) = event else { return }
                context.user = user
                out.emit(.signedIn(user: user))
            },
            Row("retry", in: session, from: [.verifying], on: .verifyCodeFailed, when: .hasAttemptsLeft, to: .awaitingCode) {
                context, _, _ in
                context.attemptsLeft -= 1
                context.code = ""
                context.problem = .wrongCode
            },
            Row("lockOut", in: session, from: [.verifying], on: .verifyCodeFailed, when: .isLastAttempt, to: .signedOut) {
                context, _, _ in
                context.attemptsLeft = 0
                context.code = ""
                context.problem = .tooManyAttempts
            },
            // Every code sent starts the cooldown; signing in stops it.
            Row("startCooldown", in: resend, from: .any, on: .codeSent, to: .coolingDown) { context, _, out in
                out.startTimer(.resendCooldown, after: context.settings.resendCooldown)
            },
            Row("cooledDown", in: resend, from: [.coolingDown], on: .resendCooldownElapsed, to: .ready),
            Row("stopCooldown", in: resend, from: [.coolingDown], on: .codeVerified, to: .ready) { _, _, out in
                out.cancelTimer(.resendCooldown)
            },
        ],
        exclusive: [
            ExclusiveGuards(.isValidEmail, .isInvalidEmail),
            ExclusiveGuards(.hasAttemptsLeft, .isLastAttempt),
        ])
}

extension Guard<SignIn> {
    /// The email looks like one: a name, an `@`, a domain with a dot, no spaces.
    static var isValidEmail: Self { Self("isValidEmail") { state, _ in SignIn.looksLikeEmail(state.context.email) } }
    /// The email does not look like one.
    static var isInvalidEmail: Self { Self("isInvalidEmail") { state, _ in !SignIn.looksLikeEmail(state.context.email) } }
    /// A code has been typed.
    static var hasCode: Self { Self("hasCode") { state, _ in !state.context.code.isEmpty } }
    /// The cooldown since the last code has passed.
    static var canResend: Self { Self("canResend") { state, _ in state[SignIn.resend] == .ready } }
    /// The code that failed was not the last one allowed.
    static var hasAttemptsLeft: Self { Self("hasAttemptsLeft") { state, _ in state.context.attemptsLeft > 1 } }
    /// The code that failed was the last one allowed.
    static var isLastAttempt: Self { Self("isLastAttempt") { state, _ in state.context.attemptsLeft <= 1 } }
}

extension SignIn {
    /// Whether `text` looks like an email: a name, one `@`, a domain with a dot inside, no spaces.
    static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1]
        return domain.contains(".") && domain.first != "." && domain.last != "."
    }
}
