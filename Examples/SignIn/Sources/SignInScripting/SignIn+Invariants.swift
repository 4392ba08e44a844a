import MachineAnalysis
import MachineRuntime
import SignIn

extension SignIn {
    /// What `sign-in explore` checks after every move, besides the invariants of every machine:
    /// each request and the cooldown run exactly while the state that waits for them holds, and
    /// the attempts left never exceed the attempts allowed.
    public static var invariants: [Invariant<SignIn>] {
        [
            .request(.sendCode, onlyIn: session, .sendingCode),
            .request(.verifyCode, onlyIn: session, .verifying),
            .timer(.resendCooldown, onlyIn: resend, .coolingDown),
            .state("attemptsLeft is between 0 and maxAttempts") { state in
                let context = state.context
                guard context.attemptsLeft < 0 || context.attemptsLeft > context.settings.maxAttempts else { return nil }
                return "attemptsLeft is \(context.attemptsLeft), maxAttempts \(context.settings.maxAttempts)"
            },
        ]
    }
}
