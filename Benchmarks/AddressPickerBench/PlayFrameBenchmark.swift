import AddressPicker
import AddressPickerPlay
import Gazetteer
import MachineRuntime
import TerminalUI

/// One frame of `address-picker play` at 200×60, drawn and encoded as the bytes the terminal
/// gets, against a blank frame of the same size encoded alone: the budget is 2 ms a frame.
enum PlayFrameBenchmark {
    static let size = TerminalSize(columns: 200, rows: 60)

    static func run(runs: Int, frames: Int) throws -> Comparison {
        let gazetteer = try Gazetteer.bundled()
        let provider = GazetteerProvider(gazetteer: gazetteer)
        // A busy screen: completions listed, a timer running, the map full of places, steps listed.
        var runtime = Runtime(table: AddressPicker.table, state: AddressPicker.initialState())
        var view = PlayView(locationSource: "simulated at 51.5, -0.12")
        var steps = try runtime.send(.appeared)
        steps += try runtime.respond(
            .address, with: provider.answer(.reverseGeocode(center: runtime.state.context.region.center)))
        steps += try runtime.send(.searchActivated)
        steps += try runtime.send(.queryChanged("Lon"))
        steps += try runtime.advance(by: .milliseconds(300))
        steps += try runtime.respond(.completions, with: provider.answer(.requestCompletions(query: "Lon")))
        steps += try runtime.send(.queryChanged("Lond"))
        for step in steps { view.record(step) }
        view.selection = 1
        let region = MapRegion(
            center: runtime.state.context.region.center, span: Span(checkedLatitudeDelta: 0.3, longitudeDelta: 0.3))
        view.nearby = gazetteer.places(in: region, limit: 80).map { index in
            let entry = gazetteer.entry(index)
            return Place(name: entry.name, center: entry.coordinate, address: entry.address)
        }
        let (comparison, _) = compare(
            "play frame 200×60 (render + ANSI)",
            {
                var bytes = 0
                for _ in 0..<frames { bytes &+= PlayScreen.render(runtime, view: view, size: size).ansi(colors: true).utf8.count }
                return bytes
            },
            against: "blank 200×60 frame (ANSI only)",
            {
                var bytes = 0
                for _ in 0..<frames { bytes &+= Canvas(size: size).ansi(colors: true).utf8.count }
                return bytes
            },
            runs: runs, operations: frames,
            note: "one frame of play with completions, 80 places and the machine panel; the budget is 2 ms")
        return comparison
    }
}
