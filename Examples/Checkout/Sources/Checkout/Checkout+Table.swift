import MachineCore

extension Checkout {
    /// Every transition of the checkout, one named row each.
    public static let table = TransitionTable<Checkout>(
        regions: [checkout, address, payment, threeDS, fraud, session],
        rows: [
            // The cart, then paying: the address and the payment at once. A row of `paying` itself
            // leaves both, and every request they wait for, in one step.
            Row("changeCart", in: checkout, from: [.editing], on: .changeCart) { context, event, _ in
                if case .changeCart(let total) = event { context.total = total }
            },
            Row("pay", in: checkout, from: [.editing], on: .pay, when: .hasItems, to: .paying),
            Row("editCart", in: checkout, from: [.paying], on: .editCart, to: .editing),
            Row("paid", in: checkout, done: .paying, to: .placing),
            Row("giveUp", in: checkout, from: [.paying], always: .outOfCards, to: .cancelled) { _, _, out in
                out.emit(.showError("Too many cards declined"))
            },
            Row("orderPlaced", in: checkout, from: [.placing], on: .orderPlaced, to: .placed) { context, event, out in
                guard case .orderPlaced(let id) = event else { return }
                context.orderID = id
                out.emit(.orderConfirmed(id))
            },
            Row("orderFailed", in: checkout, from: [.placing], on: .orderFailed, to: .editing) { _, event, out in
                if case .orderFailed(let message) = event { out.emit(.showError(message ?? "The order failed")) }
            },
            Row("released", in: checkout, from: [.editing, .paying], on: .reservationEnds, to: .editing) { context, _, out in
                context.reserved = false
                out.emit(.showError("The items were released"))
            },
            Row("cancel", in: checkout, from: [.editing, .paying], on: .cancel, to: .cancelled),
            // The address: typed (or filled in), then geocoded; typing again asks again, and
            // choosing is not left meanwhile. Changing a confirmed address takes it back.
            Row("typeAddress", in: address, from: [.choosing], on: .typeAddress, to: .resolving, internal: true) {
                context, event, _ in
                if case .typeAddress(let text) = event { context.addressText = text }
            },
            Row("changeAddress", in: address, from: [.confirmed], on: .typeAddress, to: .resolving) { context, event, _ in
                if case .typeAddress(let text) = event { context.addressText = text }
            },
            Row("resolved", in: address, from: [.resolving], on: .resolved, to: .confirmed) { context, event, _ in
                if case .resolved(let address) = event { context.deliveryAddress = address }
            },
            Row("unresolved", in: address, from: [.resolving], on: .unresolved, to: .typing) { _, event, out in
                if case .unresolved(let message) = event { out.emit(.showError(message ?? "Address not found")) }
            },
            // The card: verified by the challenge and the fraud check at once; authorized when both
            // are done, declined by whichever says no first (one row for the three ways).
            Row("enterCard", in: payment, from: [.entering, .declined], on: .enterCard, to: .verifying) {
                context, event, _ in
                guard case .enterCard(let card) = event else { return }
                context.card = card
                context.attempts += 1
            },
            Row("verified", in: payment, done: .verifying, to: .authorized),
            Row("declined", in: payment, from: [.verifying], on: "decline", to: .declined) { _, event, out in
                switch event {
                case .challengeFailed(let message), .flagged(let message): out.emit(.showError(message ?? "Card declined"))
                default: out.emit(.showError("The bank's challenge expired"))
                }
            },
            Row("challengePassed", in: threeDS, from: [.challenged], on: .challengePassed, to: .passed),
            Row("challengeExpired", in: threeDS, from: [.challenged], after: challengeWindow) { _, _, out in
                out.raise(.challengeExpired)
            },
            Row("lowRisk", in: fraud, from: [.scoring], on: .lowRisk, to: .cleared),
            // The session: every input of the person's makes it active again, which restarts its
            // delays; without one for a while, it asks whether the person is still there.
            Row("activity", in: session, from: .any, on: "*", when: .fromThePerson, to: .active),
            Row("inactive", in: session, from: [.active], after: inactivity, to: .away) { _, _, out in
                out.emit(.stillThere)
            },
            Row("keepAlive", in: session, from: [.active], every: keepAlivePeriod) { _, _, out in out.emit(.keepAlive) },
        ],
        stateActions: [
            // Paying the first time reserves the items, for longer than one visit to paying: a
            // sent event, which no state owns, not a delayed row.
            StateActions(
                in: checkout, .paying,
                entry: { context, _, out in
                    guard !context.reserved else { return }
                    context.reserved = true
                    out.send(.reservationEnds, after: reservation, id: "reservation")
                }),
            // Placing the order ends the reservation: the order holds the items now.
            StateActions(
                in: checkout, .placing,
                entry: { context, _, out in
                    out.cancelSend("reservation")
                    context.reserved = false
                    out.request(
                        .placeOrder(Order(total: context.total, address: context.deliveryAddress ?? "", card: context.card ?? ""))
                    )
                },
                exit: { _, _, out in out.cancel(.placeOrder) }),
            // Cancelling releases the items at once.
            StateActions(
                in: checkout, .cancelled,
                entry: { context, _, out in
                    out.cancelSend("reservation")
                    context.reserved = false
                }),
            // The request a state waits for is made on entering it and cancelled on leaving it.
            StateActions(
                in: address, .resolving,
                entry: { context, _, out in out.request(.geocode(context.addressText ?? "")) },
                exit: { _, _, out in out.cancel(.geocode) }),
            StateActions(
                in: threeDS, .challenged,
                entry: { context, _, out in out.request(.challenge(card: context.card ?? "")) },
                exit: { _, _, out in out.cancel(.challenge) }),
            StateActions(
                in: fraud, .scoring, entry: { context, _, out in out.request(.score(total: context.total)) },
                exit: { _, _, out in out.cancel(.score) }),
        ],
        initials: [
            // Choosing starts with the person typing; a saved address is filled in for them, sent
            // as if typed, so that it takes the same rows once this step is over.
            Initial(in: address, of: .choosing, to: .typing) { context, _, out in
                if let saved = context.savedAddress { out.send(.typeAddress(saved)) }
            }
        ])

    /// The challenge's window, the shop's setting when the challenge starts.
    static let challengeWindow = Delay<Checkout>("challengeWindow") { $0.challengeWindow }
}

extension Guard<Checkout> {
    /// The cart holds something to pay for.
    static var hasItems: Self { Self("hasItems") { state, _ in state.context.total > 0 } }
    /// The last card allowed was declined.
    static var outOfCards: Self {
        Self("outOfCards") { state, _ in
            state.isIn(.declined, of: Checkout.payment) && state.context.attempts >= Checkout.maxAttempts
        }
    }
    /// The event is the person's (see ``Checkout/Event/Kind/isThePersons``).
    static var fromThePerson: Self { Self("fromThePerson") { _, event in event.kind.isThePersons } }
}
