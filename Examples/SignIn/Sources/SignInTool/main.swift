import MachineCommandLine
import SignIn
import SignInScripting

MachineCommandLine(
    name: "sign-in", vocabulary: SignInVocabulary(), exploration: Exploration(samples: SignInSamples()),
    invariants: SignIn.invariants
).main()
