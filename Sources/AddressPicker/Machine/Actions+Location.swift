import MachineCore

/// The actions of the location region: permission and the current location.
extension AddressPicker {
    /// L1, L2, L4, L5, P2: show an alert (the machine also remembers it).
    static func show(_ alert: Alert, _ context: inout Context, _ out: inout Out) {
        context.alert = alert
        out.emit(.showAlert(alert))
    }

    /// L1: location services are off.
    static func alertServicesOff(_ context: inout Context, _ event: Event, _ out: inout Out) {
        show(.locationServicesOff, &context, &out)
    }

    /// L1: permission was refused.
    static func alertDenied(_ context: inout Context, _ event: Event, _ out: inout Out) {
        show(.locationDenied, &context, &out)
    }

    /// L1: ask for permission.
    static func askPermission(_ context: inout Context, _ event: Event, _ out: inout Out) {
        out.request(.requestAuthorization)
    }

    /// L1: read the location.
    static func locate(_ context: inout Context, _ event: Event, _ out: inout Out) {
        out.request(.requestLocation)
    }

    /// L2, L5: store the status the system reports.
    static func storeAuthorization(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard let status = event.authorizationStatus else { return }
        context.authorization = status
    }

    /// L2: permission granted; read the location.
    static func locateAfterPermission(_ context: inout Context, _ event: Event, _ out: inout Out) {
        storeAuthorization(&context, event, &out)
        out.request(.requestLocation)
    }

    /// L2: the answer refuses permission or says services are off.
    static func alertRefusal(_ context: inout Context, _ event: Event, _ out: inout Out) {
        storeAuthorization(&context, event, &out)
        show(context.authorization == .servicesOff ? .locationServicesOff : .locationDenied, &context, &out)
    }

    /// L2, L4: asking for permission or the location failed.
    static func alertLocationFailed(_ context: inout Context, _ event: Event, _ out: inout Out) {
        show(.locationFailed, &context, &out)
    }

    /// L5: permission was lost while locating; abandon the request.
    static func stopLocating(_ context: inout Context, _ event: Event, _ out: inout Out) {
        out.cancel(.location)
        alertRefusal(&context, event, &out)
    }
}
