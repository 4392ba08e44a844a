import Checkout
import MachineAnalysis
import MachineRuntime

/// The inputs `checkout paths`, `checkout explore` and `checkout verify` try: every event of the
/// person, and each answer and failure of the providers. The delays come with the tools;
/// `challengeExpired` and `reservationEnds` are the machine's own, never sent from outside.
public struct CheckoutSamples: InputSamples {
    public typealias Machine = Checkout

    public init() {}

    public var events: [Checkout.Event] {
        [
            .changeCart(total: 4250), .changeCart(total: 0), .pay, .editCart, .typeAddress("1 Main St"), .enterCard("tok_visa"),
            .cancel,
        ]
    }

    public func answers(to request: Checkout.Request) -> [Checkout.Event] {
        switch request {
        case .geocode: [.resolved(address: "1 Main St, Springfield"), .unresolved("no such street")]
        case .challenge: [.challengePassed, .challengeFailed("wrong code")]
        case .score: [.lowRisk, .flagged("risky")]
        case .placeOrder: [.orderPlaced(id: "A-1001"), .orderFailed("out of stock")]
        }
    }
}
