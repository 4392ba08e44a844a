import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import Gazetteer
import Geocoders
import MachineCore
import MachineRuntime
import ScriptFiles
import TerminalUI

/// One session of `address-picker play`: the picker on the live runtime and the real clock,
/// drawn full screen, driven by keys, optionally recorded as a replayable script.
///
/// The session runs on the main actor. Keys, resizes and signals arrive on the main queue
/// (``TerminalEvents``); each step the runtime reports, and each key, asks for a frame, and
/// frames are coalesced to at most one per 16 ms (``FrameScheduler``). The terminal is
/// restored on every way out: a confirmation, a quit, Ctrl-C, `SIGINT`, `SIGTERM`, `SIGHUP`,
/// standard input closing, or an error.
@MainActor
package final class PlaySession {
    /// How a session ended.
    package enum Outcome: Equatable, Sendable {
        /// The person confirmed this address (the machine delivered it).
        case confirmed(Address)
        /// The person quit without confirming: `q`, or Ctrl-C when `interrupted`.
        case quit(interrupted: Bool)
        /// A signal ended the session.
        case signal(Int32)
        /// Standard input closed.
        case inputClosed
    }

    /// What the session is started with.
    package struct Options: Sendable {
        /// Where the device is, if anywhere: the map starts there and locate-me finds it.
        package var location: Coordinate?
        /// The script file to record the session in, if any.
        package var record: String?
        /// Whether to draw in colour (`NO_COLOR` says no).
        package var colors: Bool
        /// The geocoder over HTTP that answers completions, place searches and lookups, under
        /// its rules; `nil` for the embedded gazetteer.
        package var geocoder: (any WebGeocoder)?

        /// Options for a session.
        package init(location: Coordinate?, record: String?, colors: Bool, geocoder: (any WebGeocoder)? = nil) {
            self.location = location
            self.record = record
            self.colors = colors
            self.geocoder = geocoder
        }
    }

    /// How many of the gazetteer's places the map draws at most.
    static let nearbyLimit = 80

    private let terminal: Terminal
    private let gazetteer: Gazetteer
    private let options: Options
    private let prompt: PermissionPrompt
    private let live: LiveRuntime<AddressPicker, ContinuousClock>
    private let recorder: SessionRecorder<AddressPickerVocabulary>?
    private var view: PlayView
    private var delivered: Address?
    private var outcome: Outcome?
    private var frames: FrameScheduler?

    /// A session on `terminal`; creates the recording's file when `options` name one.
    ///
    /// - Throws: ``EventScripts/RecordingError`` when the recording cannot be started.
    package init(terminal: Terminal, gazetteer: Gazetteer, options: Options) throws(RecordingError) {
        self.terminal = terminal
        self.gazetteer = gazetteer
        self.options = options
        let prompt = PermissionPrompt()
        // The recording starts from the runtime before it goes live: once live, its clock runs.
        let start = Runtime(
            table: AddressPicker.table,
            state: Self.initialState(location: options.location, rules: options.geocoder?.rules))
        recorder = try options.record.map { file throws(RecordingError) in
            try SessionRecorder(
                vocabulary: AddressPickerVocabulary(), file: file, recordedBy: "address-picker play", at: Date(),
                startingFrom: start)
        }
        self.prompt = prompt
        live = LiveRuntime(
            runtime: start, clock: ContinuousClock(),
            provider: PlayProviders.provider(
                gazetteer: gazetteer, geocoder: options.geocoder, location: options.location, prompt: prompt),
            onOutput: { _ in })
        let source = options.location.map { "simulated at \($0.latitude), \($0.longitude)" } ?? PlayProviders.noLocation
        view = PlayView(locationSource: source)
        view.service = options.geocoder.map(PlayView.Service.init)
    }

    /// The state a session starts in: the map on the default region or, given the device's
    /// `location`, on the same span centred there, as an app opens on where its user is; the
    /// request policies of a geocoder's `rules`, when it has some.
    nonisolated static func initialState(location: Coordinate?, rules: UsageRules? = nil) -> MachineState<AddressPicker> {
        var context = AddressPicker.Context()
        if let rules { context.configuration = rules.configuration(context.configuration) }
        if let location { context.region = MapRegion(center: location, span: context.region.span) }
        return AddressPicker.initialState(context)
    }

    /// Runs the session until it ends; the terminal is restored and the recording finished.
    ///
    /// - Throws: ``TerminalUI/TerminalError`` when the terminal cannot be taken over,
    ///   ``EventScripts/RecordingError`` when the recording could not be written.
    package func run() throws -> Outcome {
        try terminal.start()
        let events = TerminalEvents(input: terminal.input) { [weak self] event in self?.handle(event) }
        defer {
            events.stop()
            terminal.restore()
        }
        frames = FrameScheduler { [weak self] in self?.draw() }
        prompt.onChange = { [weak self] in
            guard let self else { return }
            view.isAskingPermission = prompt.isAsking
            frames?.setNeedsDisplay()
        }
        if let recorder { live.onInput = recorder.record }
        live.onOutput = { [weak self] output in self?.handle(output) }
        live.onStep = { [weak self] step in self?.handle(step) }
        live.onError = { [weak self] error in self?.view.note = "runtime: \(error)" }
        events.start()
        send(.appeared)
        frames?.drawFrame()
        while outcome == nil {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.25))
        }
        live.stop()
        try recorder?.finish(in: live.state)
        return outcome ?? .inputClosed
    }

    private func handle(_ event: TerminalEvent) {
        guard outcome == nil else { return }
        switch event {
        case .keys(let keys):
            for key in keys where outcome == nil { handle(key) }
            frames?.setNeedsDisplay()
        case .resized:
            terminal.write("\u{1B}[2J")
            frames?.drawFrame()
        case .signal(let number):
            outcome = .signal(number)
        case .inputClosed:
            outcome = .inputClosed
        }
    }

    private func handle(_ key: Key) {
        for action in PlayKeys.handle(key, state: live.state, view: &view) {
            switch action {
            case .send(let event): send(event)
            case .answerPermission(let granted): prompt.answer(granted: granted)
            case .quit(let interrupted): outcome = .quit(interrupted: interrupted)
            }
        }
    }

    private func send(_ event: AddressPicker.Event) {
        do {
            try live.send(event)
        } catch {
            view.note = "runtime: \(error)"
        }
    }

    private func handle(_ output: AddressPicker.Output) {
        switch output {
        case .setRegion(let region):
            // The map moved as told: the host's echo (M1).
            send(.regionChanged(region, byUser: false))
        case .dismissSearch:
            view.selection = nil
        case .showAlert:
            break
        case .deliver(let address):
            delivered = address
        }
    }

    private func handle(_ step: RuntimeStep<AddressPicker>) {
        view.record(step)
        if case .answer(_, let event) = step.cause, let message = AddressPicker.failureMessage(of: event) {
            view.failure = message
        }
        if step.after[AddressPicker.search] != step.before[AddressPicker.search] { view.selection = nil }
        if step.after[AddressPicker.picker] == .confirmed, let delivered { outcome = .confirmed(delivered) }
        frames?.setNeedsDisplay()
    }

    private func draw() {
        guard outcome == nil else { return }
        let region = live.state.context.region
        if view.nearbyRegion != region {
            view.nearby = gazetteer.places(in: region, limit: Self.nearbyLimit).map { index in
                let entry = gazetteer.entry(index)
                return Place(name: entry.name, center: entry.coordinate, address: entry.address)
            }
            view.nearbyRegion = region
        }
        let size = terminal.size ?? TerminalSize(columns: 80, rows: 24)
        terminal.write(PlayScreen.render(live.runtime, view: view, size: size).ansi(colors: options.colors))
    }
}
