import MachineCore
import MachineRuntime
import Testing

/// A nested machine's history is saved and restored with its control states.
@Suite struct SavedHistoryTests {
    static func closedOnPageTwo() throws -> Runtime<Shelf> {
        var runtime = Runtime(table: Shelf.table, state: Shelf.table.initialState(context: .init()))
        for event in [Shelf.Event.open, .read, .turn, .close] { _ = try runtime.send(event) }
        return runtime
    }

    static func restore(_ text: String) throws(SavedStateError) -> Runtime<Shelf> {
        try Runtime(restoring: SavedState(json: Array(text.utf8), table: Shelf.table), table: Shelf.table)
    }

    @Test func theHistoryIsSavedByNameAndRestored() throws {
        let runtime = try Self.closedOnPageTwo()
        #expect(runtime.savedState.history == ["place.open": "page2"])
        let text = String(decoding: try runtime.savedState.json(), as: UTF8.self)
        #expect(text.contains(#""history":{"place.open":"page2"}"#))
        var restored = try Self.restore(text)
        #expect(restored.state == runtime.state)
        _ = try restored.send(.open)
        #expect(restored.state[Shelf.place] == .page2)
    }

    @Test func aHistoryThatIsNotTheMachinesIsRefused() throws {
        let text = String(decoding: try Self.closedOnPageTwo().savedState.json(), as: UTF8.self)
        let cases: [(String, SavedStateError)] = [
            (
                text.replacingOccurrences(of: #""place.open":"page2""#, with: #""place.reading":"page2""#),
                .inconsistent(field: "history", problem: "'place.reading' is not a state the machine enters by history")
            ),
            (
                text.replacingOccurrences(of: #""place.open":"page2""#, with: #""place.open":"closed""#),
                .inconsistent(field: "history.place.open", problem: "'closed' is not a leaf of place.open")
            ),
            (
                text.replacingOccurrences(of: #""place.open":"page2""#, with: #""place.open":"reading""#),
                .inconsistent(field: "history.place.open", problem: "'reading' is not a leaf of place.open")
            ),
            (
                text.replacingOccurrences(of: #""place":"closed""#, with: #""place":"open""#),
                .inconsistent(field: "controls.place", problem: "'open' has children; a region is always in a leaf")
            ),
        ]
        for (bad, error) in cases {
            #expect(bad != text)
            #expect(throws: error) { try Self.restore(bad) }
        }
    }
}
