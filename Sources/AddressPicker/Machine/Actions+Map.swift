import MachineCore

/// The actions of the map region: panning, the region debounce and reverse geocoding.
extension AddressPicker {
    typealias Out = Outbox<AddressPicker>

    /// M1, M2: store the region the host reports.
    static func storeRegion(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard case .regionChanged(let region, _) = event else { return }
        context.region = region
    }

    /// M3: store the region, abandon a lookup in flight, (re)start the region debounce.
    static func settle(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard case .regionChanged(let region, _) = event else { return }
        out.cancel(.address)
        context.region = region
        out.startTimer(.regionDebounce, after: context.configuration.regionDebounce)
    }

    /// M4, M7: look up the address under the centre, abandoning any debounce or lookup running.
    static func lookUpCenter(_ context: inout Context, _ event: Event, _ out: inout Out) {
        holdBackCenter(&context, event, &out)
        reverseGeocode(context.region.center, &context, &out)
    }

    /// R3 (M4, M7 while the geocode cooldown runs): the lookup under the centre waits for the
    /// cooldown; its centre becomes the reference centre. The cooldown itself runs on.
    static func holdBackCenter(_ context: inout Context, _ event: Event, _ out: inout Out) {
        out.cancelTimer(.regionDebounce)
        out.cancel(.address)
        context.referenceCenter = context.region.center
        context.lookupSource = .mapCenter
    }

    /// R3: the cooldown is over; the lookup held back goes, at the reference centre, for the
    /// source it was held for (the map's centre, or L3's location).
    static func lookUpHeldCenter(_ context: inout Context, _ event: Event, _ out: inout Out) {
        let center = context.referenceCenter ?? context.region.center
        context.referenceCenter = center
        reverseGeocode(center, &context, &out)
    }

    /// M4, M7, L3, R3: ask for the address at `center`; when R3 or R4 is on, the geocode
    /// cooldown starts with it.
    static func reverseGeocode(_ center: Coordinate, _ context: inout Context, _ out: inout Out) {
        out.request(.reverseGeocode(center: center))
        if context.configuration.throttlesGeocoding {
            out.startTimer(.geocodeCooldown, after: context.configuration.cooldown)
        }
    }

    /// M5: the address under the centre (or the current location) arrived.
    static func resolveAddress(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard case .address(let address) = event else { return }
        context.address = address
        context.addressSource = context.lookupSource ?? .mapCenter
        context.lookupSource = nil
        if context.error == .geocodingFailed { context.error = nil }
    }

    /// M6: the lookup failed; the old address belongs to another place, so it goes too.
    static func failLookup(_ context: inout Context, _ event: Event, _ out: inout Out) {
        context.address = nil
        context.addressSource = nil
        context.lookupSource = nil
        context.referenceCenter = nil
        context.error = .geocodingFailed
    }

    /// C5 (map part): a picked result settles the map on the place, which needs no lookup.
    static func settleOnPickedResult(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard let place = context.result(pickedBy: event) else { return }
        out.cancelTimer(.regionDebounce)
        out.cancel(.address)
        context.referenceCenter = place.center
    }

    /// L3 (map part): centre the map on the person and look up the address there.
    static func lookUpLocation(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard case .location(let center) = event else { return }
        holdBackLocation(&context, event, &out)
        reverseGeocode(center, &context, &out)
    }

    /// R3 (L3 while the geocode cooldown runs): centre the map on the person; the lookup there
    /// waits for the cooldown and stays L3's (its answer's source is the current location).
    static func holdBackLocation(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard case .location(let center) = event else { return }
        out.cancelTimer(.regionDebounce)
        out.cancel(.address)
        context.region = MapRegion(center: center, span: context.configuration.locationSpan)
        out.emit(.setRegion(context.region))
        context.referenceCenter = center
        context.lookupSource = .currentLocation
    }
}
