import Checkout
import MachineAnalysis
import MachineRuntime

extension Checkout {
    /// What `checkout explore` and `checkout verify` check after every move, besides the
    /// invariants of every machine: each request is in flight exactly while the state that waits
    /// for it holds, at any depth; between two inputs, a parallel state whose regions are all done
    /// has been left (its done row ran), and so has a last card declined (the eventless `giveUp`
    /// ran); and the items are reserved exactly while the reservation's sent event is pending.
    public static var invariants: [Invariant<Checkout>] {
        [
            .request(.geocode, onlyIn: address, .resolving),
            .request(.challenge, onlyIn: threeDS, .challenged),
            .request(.score, onlyIn: fraud, .scoring),
            .request(.placeOrder, onlyIn: checkout, .placing),
            Invariant("no parallel state stays with every region within it done") { observation in
                let state = observation.after.state
                if state.isIn(.passed, of: threeDS) && state.isIn(.cleared, of: fraud) {
                    return "payment is verifying with threeDS passed and fraud cleared"
                }
                if state.isIn(.confirmed, of: address) && state.isIn(.authorized, of: payment) {
                    return "checkout is paying with the address confirmed and the payment authorized"
                }
                return nil
            },
            Invariant("no last card stays declined") { observation in
                let state = observation.after.state
                guard state.isIn(.declined, of: payment), state.context.attempts >= maxAttempts else { return nil }
                return "payment is declined after \(state.context.attempts) cards, still paying"
            },
            Invariant("reserved exactly while the reservation is pending") { observation in
                let pending = observation.after.scheduled.contains { scheduled in
                    if case .event(.reservationEnds, "reservation") = scheduled.payload { true } else { false }
                }
                let reserved = observation.after.state.context.reserved
                guard reserved != pending else { return nil }
                return reserved ? "reserved, but no reservation is pending" : "a reservation is pending, but not reserved"
            },
        ]
    }
}
