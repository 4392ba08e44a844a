import Checkout
import CheckoutScripting
import MachineCommandLine

MachineCommandLine(
    name: "checkout", vocabulary: CheckoutVocabulary(),
    exploration: Exploration(
        samples: CheckoutSamples(),
        initialContexts: ["new": Checkout.Context(), "returning": Checkout.Context(total: 4250, savedAddress: "1 Main St")]),
    invariants: Checkout.invariants
).main()
