import MachineCore

/// A delivery checkout: the person fills the cart, then pays, which is two things at once: choosing
/// the address to deliver to (geocoded by a provider) and paying by card, which the bank verifies
/// with a 3-D Secure challenge while a fraud check scores the order, also at once. When the address
/// is confirmed and the card authorized, the order is placed; placed or cancelled, the machine ends.
///
/// Six regions, four at two depths of parallel states: ``address`` and ``payment`` run within
/// `checkout.paying`, ``threeDS`` and ``fraud`` within `payment.verifying`. Beside everything,
/// ``session`` watches the person's activity. Every delay is a row's (no timer, no action starts
/// one); the shop's reservation of the items is an event the machine sends itself, which outlives
/// the states that made it.
public enum Checkout: MachineDefinition {
    /// What the checkout remembers besides its control states.
    public struct Context: Hashable, Sendable {
        /// The cart's total, in cents.
        public var total = 0
        /// The address the person saved last time, which paying fills in for them.
        public var savedAddress: String?
        /// The address as the person typed it (or as it was filled in), last.
        public var addressText: String?
        /// The address the geocoder resolved: where the order goes.
        public var deliveryAddress: String?
        /// The token of the card being paid with, last.
        public var card: String?
        /// The cards tried so far; after ``maxAttempts`` declined, the checkout gives up.
        public var attempts = 0
        /// Whether the shop holds the cart's items: from the first payment until the order is
        /// placed, or until the reservation ends.
        public var reserved = false
        /// How long the bank's challenge stays open: the shop's setting, read as each challenge starts.
        public var challengeWindow: Duration = .seconds(300)
        /// The shop's number for the order, once placed.
        public var orderID: String?

        public init(total: Int = 0, savedAddress: String? = nil) {
            self.total = total
            self.savedAddress = savedAddress
        }
    }

    /// Everything that happens to the checkout: the person's input, the providers' answers, and
    /// the events the machine raises or sends itself.
    public enum Event: MachineEvent, Equatable {
        /// The machine's start: what its entry actions see (see ``startEvent``).
        case start
        // From the person.
        case changeCart(total: Int)
        case pay
        case editCart
        case typeAddress(String)
        case enterCard(String)
        case cancel
        // From the providers, answering the requests; failures carry the provider's message.
        case resolved(address: String)
        case unresolved(String?)
        case challengePassed
        case challengeFailed(String?)
        case lowRisk
        case flagged(String?)
        case orderPlaced(id: String)
        case orderFailed(String?)
        // The machine's own: raised when the challenge's window closes; sent when the shop's
        // reservation of the items ends.
        case challengeExpired
        case reservationEnds

        /// The payload-free names of the events: what the table's rows are keyed on. The three
        /// ways a card is declined are named `decline.…`, so that one row takes them all
        /// (`on: "decline"`).
        public enum Kind: Int, IndexedCase {
            case start
            case changeCart, pay, editCart, typeAddress, enterCard, cancel
            case resolved, unresolved, challengePassed, challengeFailed, lowRisk, flagged, orderPlaced, orderFailed
            case challengeExpired, reservationEnds

            public var name: String {
                switch self {
                case .challengeFailed: "decline.challenge"
                case .flagged: "decline.fraud"
                case .challengeExpired: "decline.timeout"
                default: String(describing: self)
                }
            }

            /// Whether the person sends it: what keeps the session active.
            public var isThePersons: Bool {
                switch self {
                case .changeCart, .pay, .editCart, .typeAddress, .enterCard, .cancel: true
                default: false
                }
            }
        }

        public var kind: Kind {
            switch self {
            case .start: .start
            case .changeCart: .changeCart
            case .pay: .pay
            case .editCart: .editCart
            case .typeAddress: .typeAddress
            case .enterCard: .enterCard
            case .cancel: .cancel
            case .resolved: .resolved
            case .unresolved: .unresolved
            case .challengePassed: .challengePassed
            case .challengeFailed: .challengeFailed
            case .lowRisk: .lowRisk
            case .flagged: .flagged
            case .orderPlaced: .orderPlaced
            case .orderFailed: .orderFailed
            case .challengeExpired: .challengeExpired
            case .reservationEnds: .reservationEnds
            }
        }
    }

    /// The machine's start is an event of its own, so that entering the initial configuration
    /// runs its entry actions and initial transitions, and starts its delays, before any input.
    public static let startEvent: Event? = .start

    /// What an order is: the amount, where it goes and how it is paid.
    public struct Order: Hashable, Sendable {
        public var total: Int
        public var address: String
        public var card: String

        public init(total: Int, address: String, card: String) {
            self.total = total
            self.address = address
            self.card = card
        }
    }

    /// Work for the providers. At most one request of each ``Kind`` is in flight.
    public enum Request: MachineRequest {
        /// Find the address typed; answered by `resolved` or `unresolved`.
        case geocode(String)
        /// Ask the card's bank to challenge the person (3-D Secure); answered by `challengePassed`
        /// or `challengeFailed`.
        case challenge(card: String)
        /// Score the order for fraud; answered by `lowRisk` or `flagged`.
        case score(total: Int)
        /// Place the order with the shop; answered by `orderPlaced` or `orderFailed`.
        case placeOrder(Order)

        /// The kinds of request, each answered by its own events.
        public enum Kind: Int, IndexedCase { case geocode, challenge, score, placeOrder }

        public var kind: Kind {
            switch self {
            case .geocode: .geocode
            case .challenge: .challenge
            case .score: .score
            case .placeOrder: .placeOrder
            }
        }
    }

    /// What the checkout tells the app.
    public enum Output: Equatable, Sendable {
        /// Show the provider's message (a declined card, an address not found, …).
        case showError(String)
        /// The order is placed: show its number.
        case orderConfirmed(String)
        /// Nothing happened for a while: ask whether the person is still there.
        case stillThere
        /// Tell the shop the person is still on the page, so that it keeps their session.
        case keepAlive
    }

    public static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        switch kind {
        case .resolved, .unresolved: .geocode
        case .challengePassed, .challengeFailed: .challenge
        case .lowRisk, .flagged: .score
        case .orderPlaced, .orderFailed: .placeOrder
        default: nil
        }
    }

    public static func isFailure(_ kind: Event.Kind) -> Bool {
        [.unresolved, .challengeFailed, .flagged, .orderFailed].contains(kind)
    }

    /// The cards the person may try before the checkout gives up.
    public static let maxAttempts = 3
    /// How long the shop holds the items once the person starts paying.
    public static let reservation: Duration = .seconds(900)
    /// How long the session waits without the person's input before it asks whether they are there.
    public static let inactivity: Duration = .seconds(600)
    /// The time between two pings to the shop while the person is active.
    public static let keepAlivePeriod: Duration = .seconds(180)

    /// The checkout. `paying` is a parallel state: ``address`` and ``payment`` run within it.
    public enum Stage: Int, ControlState { case editing, paying, placing, placed, cancelled }
    /// Where the order goes. `choosing` is a compound state: the person `typing`, or the address
    /// typed `resolving`.
    public enum Address: Int, ControlState { case choosing, typing, resolving, confirmed }
    /// The card. `verifying` is a parallel state: ``threeDS`` and ``fraud`` run within it.
    public enum Payment: Int, ControlState { case entering, verifying, authorized, declined }
    /// The bank's 3-D Secure challenge.
    public enum ThreeDS: Int, ControlState { case challenged, passed }
    /// The fraud check.
    public enum Fraud: Int, ControlState { case scoring, cleared }
    /// The person's presence on the page.
    public enum Session: Int, ControlState { case active, away }

    /// The checkout. Placed or cancelled, the machine ends.
    public static let checkout = Region<Stage>("checkout", index: 0, initial: .editing, final: [.placed, .cancelled])
    /// The address, while paying; confirmed, it is done.
    public static let address = Region<Address>(
        "address", index: 1, within: checkout, .paying, initial: .choosing, final: [.confirmed],
        children: [.choosing: [.typing, .resolving]])
    /// The payment, while paying; authorized, it is done.
    public static let payment = Region<Payment>(
        "payment", index: 2, within: checkout, .paying, initial: .entering, final: [.authorized])
    /// The challenge, while the payment is verifying; passed, it is done.
    public static let threeDS = Region<ThreeDS>(
        "threeDS", index: 3, within: payment, .verifying, initial: .challenged, final: [.passed])
    /// The fraud check, while the payment is verifying; cleared, it is done.
    public static let fraud = Region<Fraud>("fraud", index: 4, within: payment, .verifying, initial: .scoring, final: [.cleared])
    /// The session, beside everything.
    public static let session = Region<Session>("session", index: 5, initial: .active)
}
