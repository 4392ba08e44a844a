import AddressPicker
import MachineRuntime

extension UsageRules {
    /// What must hold after every input of a picker that follows these rules (one whose
    /// configuration ``configuration(_:)`` would not change), named for `service`: `verify` and `explore` check them on every
    /// path, next to `AddressPicker.invariants` (whose "completions and results on screen answer
    /// the current query" says that no late answer is ever shown).
    ///
    /// - "no two Nominatim requests less than 1 s apart": completions, place searches and
    ///   reverse geocodes together, when the rules space requests;
    /// - "no completions request to Nominatim, whose rules forbid autocomplete", when they do.
    ///
    /// A picker whose configuration does not follow the rules is not held to them: one list
    /// serves a tool whose exploration starts from several configurations.
    ///
    /// ```swift
    /// let invariants = AddressPicker.invariants + UsageRules.nominatim.invariants(service: "Nominatim")
    /// ```
    public func invariants(service: String) -> [Invariant<AddressPicker>] {
        var invariants: [Invariant<AddressPicker>] = []
        let interval = requestInterval
        if interval > .zero {
            invariants.append(
                Invariant("no two \(service) requests less than \(GeocoderError.seconds(interval)) apart") { observation in
                    // Most inputs make no request: that is asked first, before whether the picker
                    // follows the rules, which builds a configuration to compare.
                    guard observation.after.requests.count > observation.before.requests.count,
                        areFollowed(by: observation.after.state.context.configuration)
                    else { return nil }
                    return Self.closeRequests(in: observation, interval: interval, service: service)
                })
        }
        if case .forbidden = completions {
            invariants.append(
                Invariant("no completions request to \(service), whose rules forbid autocomplete") { observation in
                    // The steps first, read where their list keeps them (a copy of a step copies
                    // two states); then whether the picker follows the rules.
                    let steps = observation.steps
                    for index in steps.indices {
                        guard let commands = steps[index].result?.commands else { continue }
                        for position in commands.indices {
                            guard case .request(.requestCompletions(let query)) = commands[position] else { continue }
                            guard areFollowed(by: observation.after.state.context.configuration) else { return nil }
                            return "completions were requested for \(String(reflecting: query)) from \(service)"
                        }
                    }
                    return nil
                })
        }
        return invariants
    }

    /// The first request to the service this observation made less than `interval` after the
    /// previous one, said; `nil` when there is none.
    private static func closeRequests(in observation: Observation<AddressPicker>, interval: Duration, service: String) -> String?
    {
        let requests = observation.after.requests
        let firstNew = observation.before.requests.count
        guard requests.count > firstNew else { return nil }
        var previous: (madeAt: Duration, position: Int)?
        for position in requests.indices {
            let kind = requests[position].reference.kind
            guard kind != .authorization, kind != .location, kind != .pointsOfInterest else { continue }
            let madeAt = requests[position].madeAt
            if position >= firstNew, let previous, madeAt - previous.madeAt < interval {
                let gap = madeAt - previous.madeAt
                let milliseconds = Int((gap / .milliseconds(1)).rounded(.down))
                return
                    "\(requests[position].reference) went to \(service) \(milliseconds) ms after \(requests[previous.position].reference)"
            }
            previous = (madeAt, position)
        }
        return nil
    }
}
