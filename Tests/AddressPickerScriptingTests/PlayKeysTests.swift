import AddressPicker
import MachineCore
import MachineRuntime
import TerminalUI
import Testing

@testable import AddressPickerPlay

/// What each key asks for, from given states.
@Suite("address-picker play: the keys") struct PlayKeysTests {
    func state(_ inputs: (inout Runtime<AddressPicker>) throws -> Void = { _ in }) throws -> MachineState<AddressPicker> {
        var runtime = Runtime(table: AddressPicker.table, state: AddressPicker.initialState())
        try inputs(&runtime)
        return runtime.state
    }

    @Test func onTheMapArrowsPanByAQuarterSpanAsTheUser() throws {
        let state = try state()
        var view = PlayView(locationSource: "nowhere")
        let region = state.context.region
        let actions = PlayKeys.handle(.up, state: state, view: &view)
        guard case .send(.regionChanged(let moved, byUser: true)) = try #require(actions.first) else {
            Issue.record("expected a pan by the user, got \(actions)")
            return
        }
        #expect(abs(moved.center.latitude - (region.center.latitude + region.span.latitudeDelta / 4)) < 1e-12)
        #expect(moved.center.longitude == region.center.longitude)
        guard case .send(.regionChanged(let zoomed, byUser: true)) = PlayKeys.handle(.text("+"), state: state, view: &view).first
        else {
            Issue.record("expected a zoom")
            return
        }
        #expect(zoomed.span.latitudeDelta == region.span.latitudeDelta / 2)
        #expect(PlayKeys.handle(.text("/"), state: state, view: &view) == [.send(.searchActivated)])
        #expect(PlayKeys.handle(.text("l"), state: state, view: &view) == [.send(.locateMeTapped)])
        #expect(PlayKeys.handle(.text("q"), state: state, view: &view) == [.quit(interrupted: false)])
        #expect(PlayKeys.handle(.control("c"), state: state, view: &view) == [.quit(interrupted: true)])
    }

    @Test func panningWrapsAcrossTheAntimeridianAndStopsAtThePole() throws {
        let east = MapMove.east.applied(
            to: MapRegion(
                center: try Coordinate(latitude: 0, longitude: 179.99), span: try Span(latitudeDelta: 1, longitudeDelta: 1))
        )
        #expect(abs(east.center.longitude - (-179.76)) < 1e-9)
        let north = MapMove.north.applied(
            to: MapRegion(
                center: try Coordinate(latitude: 89.9, longitude: 0), span: try Span(latitudeDelta: 1, longitudeDelta: 1)))
        #expect(north.center.latitude == 90)
    }

    @Test func confirmingWithoutAnAddressIsANote() throws {
        var view = PlayView(locationSource: "nowhere")
        #expect(PlayKeys.handle(.enter, state: try state(), view: &view).isEmpty)
        #expect(view.note?.hasPrefix("Nothing to confirm yet") == true)
        let withAddress = try state { runtime in
            _ = try runtime.send(.appeared)
            _ = try runtime.respond(.address, with: .address(Address(city: "Paris")))
        }
        #expect(PlayKeys.handle(.enter, state: withAddress, view: &view) == [.send(.confirmTapped)])
        #expect(view.note == nil)
    }

    @Test func inTheSearchKeysTypePickAndCancel() throws {
        let completions = [Completion(title: "London", subtitle: "England"), Completion(title: "Londrina", subtitle: "Brazil")]
        let state = try state { runtime in
            _ = try runtime.send(.searchActivated)
            _ = try runtime.send(.queryChanged("Lond"))
            _ = try runtime.advance(by: .milliseconds(300))
            _ = try runtime.respond(.completions, with: .completions(completions))
        }
        var view = PlayView(locationSource: "nowhere")
        #expect(PlayKeys.handle(.text("q"), state: state, view: &view) == [.send(.queryChanged("Londq"))])
        #expect(PlayKeys.handle(.backspace, state: state, view: &view) == [.send(.queryChanged("Lon"))])
        // Nothing highlighted: Enter searches the text typed.
        #expect(PlayKeys.handle(.enter, state: state, view: &view) == [.send(.searchSubmitted)])
        #expect(PlayKeys.handle(.down, state: state, view: &view).isEmpty)
        #expect(PlayKeys.handle(.down, state: state, view: &view).isEmpty)
        #expect(PlayKeys.handle(.down, state: state, view: &view).isEmpty)
        #expect(view.selection == 1)
        #expect(PlayKeys.handle(.enter, state: state, view: &view) == [.send(.completionSelected(1))])
        #expect(PlayKeys.handle(.escape, state: state, view: &view) == [.send(.searchCancelled)])
    }

    @Test func thePromptAndTheHelpTakeTheNextKey() throws {
        let state = try state()
        var view = PlayView(locationSource: "nowhere")
        view.isAskingPermission = true
        #expect(PlayKeys.handle(.text("x"), state: state, view: &view).isEmpty)
        #expect(PlayKeys.handle(.text("y"), state: state, view: &view) == [.answerPermission(granted: true)])
        #expect(PlayKeys.handle(.escape, state: state, view: &view) == [.answerPermission(granted: false)])
        view.isAskingPermission = false
        #expect(PlayKeys.handle(.text("?"), state: state, view: &view).isEmpty)
        #expect(view.isShowingHelp)
        #expect(PlayKeys.handle(.text("l"), state: state, view: &view).isEmpty)
        #expect(!view.isShowingHelp)
    }
}
