import MachineCore

/// The actions of the picker region: alerts and confirmation.
extension AddressPicker {
    /// K1: the alert was dismissed.
    static func dismissAlert(_ context: inout Context, _ event: Event, _ out: inout Out) {
        context.alert = nil
    }

    /// K2: stop everything running, then hand the address to the host.
    static func confirm(_ context: inout Context, _ event: Event, _ out: inout Out) {
        out.cancelEverything()
        if let address = context.address { out.emit(.deliver(address)) }
    }
}
