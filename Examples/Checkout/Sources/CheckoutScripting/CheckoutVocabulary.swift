import Checkout
import EventScripts
import MachineCore

/// The checkout's words for event scripts: `machine checkout`.
public struct CheckoutVocabulary: ScriptVocabulary {
    public init() {}

    public let machineName = "checkout"
    public let table = Checkout.table
    public let initialContext = Checkout.Context()

    /// Every field of the context: `expect deliveryAddress == "1 Main St, Springfield"`, `expect
    /// attempts == 2`; the cart, the saved address and the challenge's window also `given total
    /// 4250`, `given savedAddress "1 Main St"`, `given challengeWindow 90s`.
    public let fields: [ContextField<Checkout>] = [
        ContextField("total", .integer.within(0...1_000_000), \.total, settable: true),
        ContextField("savedAddress", .optional(.string), \.savedAddress, settable: true),
        ContextField("addressText", .optional(.string), \.addressText),
        ContextField("deliveryAddress", .optional(.string), \.deliveryAddress),
        ContextField("card", .optional(.string), \.card),
        ContextField("attempts", .integer, \.attempts),
        ContextField("reserved", .bool, \.reserved),
        ContextField(
            "challengeWindow", .duration.within(.seconds(1) ... .seconds(3600)), \.challengeWindow, settable: true),
        ContextField("orderID", .optional(.string), \.orderID),
    ]

    /// `send typeAddress("1 Main St")`, `respond geocode "1 Main St, Springfield"`, `fail score
    /// "risky"`; `reservationEnds`, which the machine sends itself, for transcripts to name it.
    /// The three `decline.…` events are answers and a raised event: scripts fail a request for
    /// the first two, and never write the third.
    public let events: [Constructor<Checkout.Event>] = [
        Constructor("changeCart", "total", .integer) { .changeCart(total: $0) },
        Constructor("pay", .pay),
        Constructor("editCart", .editCart),
        Constructor("typeAddress", "text", .string, Checkout.Event.typeAddress),
        Constructor("enterCard", "card", .string, Checkout.Event.enterCard),
        Constructor("cancel", .cancel),
        Constructor("resolved", "address", .string) { .resolved(address: $0) },
        .failure("unresolved", Checkout.Event.unresolved),
        Constructor("challengePassed", .challengePassed),
        .failure("decline.challenge", Checkout.Event.challengeFailed),
        Constructor("lowRisk", .lowRisk),
        .failure("decline.fraud", Checkout.Event.flagged),
        Constructor("orderPlaced", "id", .string) { .orderPlaced(id: $0) },
        .failure("orderFailed", Checkout.Event.orderFailed),
        Constructor("reservationEnds", .reservationEnds),
    ]

    /// `expect command geocode("1 Main St")`, `expect command placeOrder(4250)` (the
    /// order's total: a constructor of several parameters is not the vocabulary's to declare);
    /// timers' and cancellations' come with the language.
    public let commands: [Constructor<Command<Checkout>>] = [
        Constructor("geocode", "text", .string) { .request(.geocode($0)) },
        Constructor("challenge", "card", .string) { .request(.challenge(card: $0)) },
        Constructor("score", "total", .integer) { .request(.score(total: $0)) },
        Constructor(
            "placeOrder", "total", .integer, { .request(.placeOrder(Checkout.Order(total: $0, address: "", card: ""))) },
            payload: { command in
                if case .request(.placeOrder(let order)) = command { order.total } else { nil }
            }),
        Constructor("showError", "message", .string) { .output(.showError($0)) },
        Constructor("orderConfirmed", "id", .string) { .output(.orderConfirmed($0)) },
        Constructor("stillThere", .output(.stillThere)),
        Constructor("keepAlive", .output(.keepAlive)),
    ]
}
