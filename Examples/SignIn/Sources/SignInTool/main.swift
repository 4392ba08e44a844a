import MachineCommandLine
import SignIn
import SignInScripting

MachineCommandLine(
    name: "sign-in", vocabulary: SignInVocabulary(), samples: SignInSamples(), invariants: SignIn.invariants
).main()
