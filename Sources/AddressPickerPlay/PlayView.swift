import AddressPicker
import Geocoders
import MachineCore
import MachineRuntime

/// What the play screen shows besides the machine's state: the view's own state, changed by
/// keys and by the session, never by the machine.
package struct PlayView: Equatable, Sendable {
    /// One step the machine took, as the machine panel lists it.
    package struct StepSummary: Equatable, Sendable {
        /// The step's virtual time.
        package var time: Duration
        /// What came in: an event's name, a timer's, or `respond`/`dropped` and the request.
        package var input: String
        /// The ids of the rows that fired (none when the input was ignored).
        package var rows: [String]

        /// A summary.
        package init(time: Duration, input: String, rows: [String]) {
            self.time = time
            self.input = input
            self.rows = rows
        }
    }

    /// The line of the completions or results highlighted by the arrow keys, if any.
    package var selection: Int?
    /// Whether the keys are shown (`?`).
    var isShowingHelp = false
    /// Whether the person is being asked for location permission (a request in flight waits).
    var isAskingPermission = false
    /// The gazetteer's places in the region on screen, the most populous first.
    package var nearby: [Place] = []
    /// The region ``nearby`` was looked up for.
    var nearbyRegion: MapRegion?
    /// The latest steps, oldest first, at most ``stepsKept``.
    package var steps: [StepSummary] = []
    /// A line for the person about their last key (nothing to confirm yet, say).
    package var note: String?
    /// What "locate me" finds: the simulated location, or why there is none.
    var locationSource: String
    /// The geocoder over HTTP answering searches and lookups, `nil` for the gazetteer.
    package var service: Service?
    /// The message of the last failed answer (a geocoder's "HTTP 429 …"), shown with the failure.
    package var failure: String?

    /// A geocoder over HTTP as the screen names it.
    package struct Service: Equatable, Sendable {
        /// "Photon", "Nominatim".
        package var name: String
        /// The notice its results are shown with.
        package var attribution: String
        /// Whether it suggests completions as the person types.
        package var suggestsAsYouType: Bool

        /// How the screen names `geocoder`.
        package init(_ geocoder: any WebGeocoder) {
            name = geocoder.service
            attribution = geocoder.rules.attribution
            suggestsAsYouType = geocoder.rules.suggestsAsYouType
        }
    }

    /// How many steps the machine panel keeps.
    static let stepsKept = 12

    /// A view with nothing selected and no steps; `locationSource` says where locate-me looks.
    package init(locationSource: String) {
        self.locationSource = locationSource
    }

    /// Adds `step` to the latest steps, the oldest dropped past ``stepsKept``.
    package mutating func record(_ step: RuntimeStep<AddressPicker>) {
        let rows = step.result?.firedRows.map { AddressPicker.table.rows[$0].id } ?? []
        steps.append(StepSummary(time: step.time, input: Self.name(of: step.cause), rows: rows))
        if steps.count > Self.stepsKept { steps.removeFirst(steps.count - Self.stepsKept) }
    }

    /// How the machine panel names an input.
    static func name(of input: RuntimeStep<AddressPicker>.Cause) -> String {
        switch input {
        case .event(let event): event.kind.name
        case .timer(let timer): timer.name
        case .answer(let reference, let event): AddressPicker.isFailure(event.kind) ? "\(reference) failed" : "\(reference)"
        case .drop(let reference, _, _): "dropped \(reference)"
        case .eventless: "eventless"
        case .raised(let event): "raised \(event.kind.name)"
        case .done(let region, let state): "done \(AddressPicker.table.regions[region].states[state])"
        case .start: "start"
        case .sent(let event): "sent \(event.kind.name)"
        case .delay(let row): "delay \(AddressPicker.table.rows[row].id)"
        }
    }
}

extension AddressPicker {
    /// The message a failed answer carries (completions, places or an address), if any.
    static func failureMessage(of event: Event) -> String? {
        switch event {
        case .completionsFailed(let message), .placesFailed(let message), .addressFailed(let message): message
        default: nil
        }
    }
}
