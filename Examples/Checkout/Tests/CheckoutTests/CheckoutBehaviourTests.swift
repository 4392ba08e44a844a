import Checkout
import MachineCore
import MachineRuntime
import MachineTesting
import Testing

/// The checkout's behaviour, input by input, with every change of the state and every command
/// asserted, and the microsteps and sent events each input took after its own step.
@Suite("Checkout behaviour") struct CheckoutBehaviourTests {
    /// The bit of the work ledger's `delays` that says the delay of row `id` runs: delays of rows
    /// without a timer are numbered in the order of their rows in the table.
    static func delay(_ id: String) -> UInt64 {
        let delayed = Checkout.table.rows.filter { row in
            switch row.trigger {
            case .after(_, nil), .every(_, nil): true
            default: false
            }
        }
        guard let number = delayed.firstIndex(where: { $0.id == id }) else { preconditionFailure("no delayed row \(id)") }
        return 1 << UInt64(number)
    }

    static let challengeExpired = delay("challengeExpired")
    /// The session's delays, running while it is active.
    static let active = delay("inactive") | delay("keepAlive")

    /// A store whose checkout is paying, the address typing and the payment entering, with
    /// `total` in the cart.
    func paying(_ context: Checkout.Context = Checkout.Context(total: 4250)) -> MachineTestStore<Checkout> {
        let store = MachineTestStore(table: Checkout.table, context: context)
        #expect(store.state.work.delays == Self.active, "the start starts the session's delays")
        store.send(.pay, emits: []) {
            $0[Checkout.checkout] = .paying
            $0.context.reserved = true
        }
        return store
    }

    /// A store paying with the address confirmed and the card `tok_visa` being verified.
    func verifying(_ context: Checkout.Context = Checkout.Context(total: 4250)) -> MachineTestStore<Checkout> {
        let store = paying(context)
        store.send(.typeAddress("1 Main St"), emits: [.request(.geocode("1 Main St"))]) {
            $0[Checkout.address] = .resolving
            $0.context.addressText = "1 Main St"
            $0.work.pending.append(.geocode)
        }
        store.respond(.geocode, with: .resolved(address: "1 Main St, Springfield")) {
            $0[Checkout.address] = .confirmed
            $0.context.deliveryAddress = "1 Main St, Springfield"
            $0.work.pending.remove(.geocode)
        }
        store.send(.enterCard("tok_visa"), emits: [.request(.challenge(card: "tok_visa")), .request(.score(total: 4250))]) {
            $0[Checkout.payment] = .verifying
            $0.context.card = "tok_visa"
            $0.context.attempts = 1
            $0.work.pending.append(.challenge)
            $0.work.pending.append(.score)
            $0.work.delays |= Self.challengeExpired
        }
        return store
    }

    /// Paying is a parallel state: entering it enters the address and the payment in their
    /// initial states, the address by choosing's initial transition, and the regions within
    /// `verifying` stay inactive until the card is entered.
    @Test func payingEntersTheAddressAndThePaymentSideBySide() throws {
        let store = MachineTestStore(table: Checkout.table, context: Checkout.Context())
        store.send(.pay)  // an empty cart: the guard refuses it
        #expect(store.state[Checkout.checkout] == .editing)
        store.send(.changeCart(total: 4250)) { $0.context.total = 4250 }
        store.send(.pay) {
            $0[Checkout.checkout] = .paying
            $0.context.reserved = true
        }
        let state = store.state
        #expect(state.isIn(.typing, of: Checkout.address) && state.isIn(.choosing, of: Checkout.address))
        #expect(state.isIn(.entering, of: Checkout.payment))
        #expect(!state.isIn(.challenged, of: Checkout.threeDS), "threeDS is not active: payment is not verifying")
        store.finish(allowingRunningTimers: true)

        // The reservation, sent on entering paying, is scheduled for 15 minutes later.
        var runtime = Runtime(table: Checkout.table, state: Checkout.table.initialState(context: Checkout.Context(total: 4250)))
        _ = try runtime.send(.pay)
        #expect(
            runtime.scheduled.contains {
                guard case .event(.reservationEnds, "reservation") = $0.payload else { return false }
                return $0.deadline == .seconds(900)
            })
    }

    /// Choosing's initial transition sends the saved address as if typed: the sent event is
    /// handled within the input, after its macrostep, and geocoded.
    @Test func aSavedAddressIsSentAsIfTyped() {
        let store = MachineTestStore(table: Checkout.table, context: Checkout.Context(total: 4250, savedAddress: "1 Main St"))
        store.send(.pay, emits: [.request(.geocode("1 Main St"))]) {
            $0[Checkout.checkout] = .paying
            $0[Checkout.address] = .resolving
            $0.context.reserved = true
            $0.context.addressText = "1 Main St"
            $0.work.pending.append(.geocode)
        }
        store.assertMicrosteps([#"sent typeAddress("1 Main St"): typeAddress, activity"#])
        store.finish(allowingPendingRequests: true, allowingRunningTimers: true)
    }

    /// One answer, three steps: the fraud check ends, so `verifying` is done and the payment
    /// authorized, so `paying` is done and the order placed. Placed, the machine ends.
    @Test func theLastCheckMakesBothParallelStatesDoneInOneInput() {
        let store = verifying()
        store.respond(.challenge, with: .challengePassed) {
            $0[Checkout.threeDS] = .passed
            $0.work.pending.remove(.challenge)
            $0.work.delays &= ~Self.challengeExpired
        }
        let order = Checkout.Order(total: 4250, address: "1 Main St, Springfield", card: "tok_visa")
        let steps = store.respond(.score, with: .lowRisk, emits: [.request(.placeOrder(order))]) {
            $0[Checkout.checkout] = .placing
            $0[Checkout.address] = .typing
            $0[Checkout.payment] = .entering
            $0[Checkout.threeDS] = .challenged
            $0.context.reserved = false
            $0.work.pending.remove(.score)
            $0.work.pending.append(.placeOrder)
        }
        store.assertMicrosteps(["done payment.verifying: verified", "done checkout.paying: paid"])
        #expect(steps.first?.after[Checkout.fraud] == .cleared, "the answer's own step enters the final state")
        #expect(steps.dropLast().last?.after[Checkout.payment] == .authorized)
        store.respond(.placeOrder, with: .orderPlaced(id: "A-1001"), emits: [.output(.orderConfirmed("A-1001"))]) {
            $0[Checkout.checkout] = .placed
            $0.context.orderID = "A-1001"
            $0.work.pending.remove(.placeOrder)
            $0.work.delays = 0
        }
        store.finish()
    }

    /// A decline leaves `verifying` by a row of the payment region: both regions within it are
    /// left at once, the fraud check's request cancelled before the challenge's (reverse
    /// document order), then the row's action runs.
    @Test func aDeclineLeavesBothChecksAtOnce() {
        let store = verifying()
        store.fail(
            .challenge, with: .challengeFailed("Wrong code"), emits: [.cancel(.score), .output(.showError("Wrong code"))]
        ) {
            $0[Checkout.payment] = .declined
            $0.work.pending.remove(.challenge)
            $0.work.pending.remove(.score)
            $0.work.delays &= ~Self.challengeExpired
        }
        store.finish(allowingRunningTimers: true)
    }

    /// The challenge's window is computed from the context when `challenged` is entered, and the
    /// delayed row fires at that deadline, not a millisecond before. It raises `decline.timeout`,
    /// which the payment's `declined` row takes, as a microstep of the same input.
    @Test func theChallengeWindowClosesAtItsComputedDelay() {
        var context = Checkout.Context(total: 4250)
        context.challengeWindow = .seconds(90)
        let store = verifying(context)
        store.advance(by: .milliseconds(89_999))
        store.advance(
            by: .milliseconds(1),
            emits: [.cancel(.score), .cancel(.challenge), .output(.showError("The bank's challenge expired"))]
        ) {
            $0[Checkout.payment] = .declined
            $0.work.pending.remove(.challenge)
            $0.work.pending.remove(.score)
            $0.work.delays &= ~Self.challengeExpired
        }
        // The store writes the raised event as it dumps values, by its Swift case; transcripts
        // write it by its kind's name, `raised decline.timeout`.
        store.assertMicrosteps(["raised challengeExpired: declined"])
        store.finish(allowingRunningTimers: true)
    }

    /// After the last card allowed is declined, an eventless row of the checkout, whose guard
    /// reads the payment region within `paying`, cancels the checkout in the same input; the
    /// reservation is released.
    @Test func theLastCardDeclinedEndsTheCheckout() {
        let store = verifying()
        for attempt in 2...3 {
            store.fail(.score, with: .flagged("risky"), emits: [.cancel(.challenge), .output(.showError("risky"))]) {
                $0[Checkout.payment] = .declined
                $0.work.pending.remove(.challenge)
                $0.work.pending.remove(.score)
                $0.work.delays &= ~Self.challengeExpired
            }
            store.send(
                .enterCard("tok_\(attempt)"),
                emits: [.request(.challenge(card: "tok_\(attempt)")), .request(.score(total: 4250))]
            ) {
                $0[Checkout.payment] = .verifying
                $0.context.card = "tok_\(attempt)"
                $0.context.attempts = attempt
                $0.work.pending.append(.challenge)
                $0.work.pending.append(.score)
                $0.work.delays |= Self.challengeExpired
            }
        }
        store.fail(
            .score, with: .flagged("risky"),
            emits: [.cancel(.challenge), .output(.showError("risky")), .output(.showError("Too many cards declined"))]
        ) {
            $0[Checkout.checkout] = .cancelled
            $0[Checkout.address] = .typing
            $0[Checkout.payment] = .entering
            $0.context.reserved = false
            $0.work.pending = .init()
            $0.work.delays = 0
        }
        store.assertMicrosteps(["eventless: giveUp"])
        store.finish()
    }

    /// The reservation is a delayed send, which no state owns: leaving `paying` does not cancel
    /// it, paying again does not start another, and fifteen minutes after the first payment it
    /// takes the checkout back to the cart, whatever it is doing.
    @Test func theReservationOutlivesPaying() {
        let store = paying()
        store.advance(by: .seconds(240))
        store.skipCommands()  // the session's pings
        store.send(.editCart) { $0[Checkout.checkout] = .editing }
        store.send(.pay) { $0[Checkout.checkout] = .paying }
        store.advance(by: .seconds(360))
        store.skipCommands()
        store.send(.typeAddress("1 Main St"), emits: [.request(.geocode("1 Main St"))]) {
            $0[Checkout.address] = .resolving
            $0.context.addressText = "1 Main St"
            $0.work.pending.append(.geocode)
        }
        store.advance(by: .seconds(299))
        store.skipCommands()
        store.advance(by: .seconds(1), emits: [.cancel(.geocode), .output(.showError("The items were released"))]) {
            $0[Checkout.checkout] = .editing
            $0[Checkout.address] = .typing
            $0.context.reserved = false
            $0.work.pending.remove(.geocode)
        }
        store.assertMicrosteps(["sent reservationEnds: released"])
        store.finish(allowingRunningTimers: true)
    }

    /// Each input of the person's makes the session active again, restarting its ten minutes;
    /// an answer does not, and the session goes away ten minutes after the last input.
    @Test func onlyThePersonsInputKeepsTheSessionActive() {
        let store = paying()
        store.send(.typeAddress("1 Main St"), emits: [.request(.geocode("1 Main St"))]) {
            $0[Checkout.address] = .resolving
            $0.context.addressText = "1 Main St"
            $0.work.pending.append(.geocode)
        }
        store.advance(by: .seconds(540), emits: [.output(.keepAlive), .output(.keepAlive), .output(.keepAlive)])
        store.respond(.geocode, with: .resolved(address: "1 Main St, Springfield")) {
            $0[Checkout.address] = .confirmed
            $0.context.deliveryAddress = "1 Main St, Springfield"
            $0.work.pending.remove(.geocode)
        }
        store.advance(by: .seconds(60), emits: [.output(.stillThere)]) {
            $0[Checkout.session] = .away
            $0.work.delays &= ~Self.active
        }
        store.advance(by: .seconds(120))
        store.send(.enterCard("tok_visa"), emits: [.request(.challenge(card: "tok_visa")), .request(.score(total: 4250))]) {
            $0[Checkout.payment] = .verifying
            $0[Checkout.session] = .active
            $0.context.card = "tok_visa"
            $0.context.attempts = 1
            $0.work.pending.append(.challenge)
            $0.work.pending.append(.score)
            $0.work.delays |= Self.active | Self.challengeExpired
        }
        store.finish(allowingPendingRequests: true, allowingRunningTimers: true)
    }

    /// A failed order takes the person back to the cart; paying again reserves again.
    @Test func aFailedOrderGoesBackToTheCart() {
        let store = verifying()
        store.respond(.challenge, with: .challengePassed) {
            $0[Checkout.threeDS] = .passed
            $0.work.pending.remove(.challenge)
            $0.work.delays &= ~Self.challengeExpired
        }
        store.respond(.score, with: .lowRisk) {
            $0[Checkout.checkout] = .placing
            $0[Checkout.address] = .typing
            $0[Checkout.payment] = .entering
            $0[Checkout.threeDS] = .challenged
            $0.context.reserved = false
            $0.work.pending.remove(.score)
            $0.work.pending.append(.placeOrder)
        }
        store.skipCommands()
        store.assertMicrosteps(["done payment.verifying: verified", "done checkout.paying: paid"])
        store.fail(.placeOrder, with: .orderFailed("Out of stock"), emits: [.output(.showError("Out of stock"))]) {
            $0[Checkout.checkout] = .editing
            $0.work.pending.remove(.placeOrder)
        }
        store.send(.pay) {
            $0[Checkout.checkout] = .paying
            $0.context.reserved = true
        }
        store.finish(allowingRunningTimers: true)
    }

    /// Cancelling is a row of `paying`: from the deepest states it leaves every region at both
    /// depths and cancels every request, then the machine ends, its delays cancelled and its
    /// reservation released; a late answer is dropped.
    @Test func cancellingLeavesEveryRegionAtOnce() {
        let store = paying()
        store.send(.typeAddress("1 Main St"), emits: [.request(.geocode("1 Main St"))]) {
            $0[Checkout.address] = .resolving
            $0.context.addressText = "1 Main St"
            $0.work.pending.append(.geocode)
        }
        store.send(.enterCard("tok_visa"), emits: [.request(.challenge(card: "tok_visa")), .request(.score(total: 4250))]) {
            $0[Checkout.payment] = .verifying
            $0.context.card = "tok_visa"
            $0.context.attempts = 1
            $0.work.pending.append(.challenge)
            $0.work.pending.append(.score)
            $0.work.delays |= Self.challengeExpired
        }
        store.send(.cancel, emits: [.cancel(.score), .cancel(.challenge), .cancel(.geocode)]) {
            $0[Checkout.checkout] = .cancelled
            $0[Checkout.address] = .typing
            $0[Checkout.payment] = .entering
            $0.context.reserved = false
            $0.work.pending = .init()
            $0.work.delays = 0
        }
        store.respond(.challenge, 1, with: .challengePassed)  // too late: dropped, nothing changes
        store.send(.pay)
        store.finish()
    }
}
