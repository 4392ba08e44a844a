import AddressPicker
import Foundation
import MachineCore
import MachineRuntime

/// Saving a running picker as JSON and restoring it (`SavedState`), against encoding and
/// decoding its context alone with `JSONEncoder` and `JSONDecoder`: the baseline is what any
/// Codable snapshot of the picker costs, the subject adds the control states, clock, timers and
/// requests, the identity of the table and the checks of a restore.
enum SavedStateBenchmark {
    /// A picker mid-session: results on screen, the map panned (its debounce running),
    /// completions of a new query in flight, and requests answered, cancelled and superseded
    /// behind it.
    static func session() throws -> Runtime<AddressPicker> {
        var runtime = Runtime(table: AddressPicker.table, state: AddressPicker.initialState())
        let store = Place(
            name: "Apple SoHo", center: try Coordinate(latitude: 40.725, longitude: -73.9987),
            address: Address(street: "103 Prince St", city: "New York", postalCode: "10012", country: "United States"))
        let nearby = Place(
            name: "Apple Fifth Avenue", center: try Coordinate(latitude: 40.7637, longitude: -73.9730),
            address: Address(street: "767 5th Ave", city: "New York", postalCode: "10153", country: "United States"))
        let completions = (1...5).map { Completion(title: "Apple \($0)", subtitle: "New York, NY") }
        let far = MapRegion(
            center: try Coordinate(latitude: 40.71, longitude: -74.0),
            span: Span(checkedLatitudeDelta: 0.05, longitudeDelta: 0.05))
        _ = try runtime.send(.appeared)
        _ = try runtime.send(.searchActivated)
        _ = try runtime.send(.queryChanged("Apple"))
        _ = try runtime.advance(by: .milliseconds(300))
        _ = try runtime.respond(.completions, with: .completions(completions))
        _ = try runtime.send(.searchSubmitted)
        _ = try runtime.respond(.places, with: .places(PlaceSearchAnswer(places: [store, nearby])))
        _ = try runtime.send(.queryChanged("Apple S"))
        _ = try runtime.advance(by: .milliseconds(300))
        _ = try runtime.send(.queryChanged("Apple So"))
        _ = try runtime.advance(by: .milliseconds(300))
        _ = try runtime.respond(.completions, 2, with: .completions(completions))
        _ = try runtime.send(.regionChanged(far, byUser: true))
        _ = try runtime.advance(by: .milliseconds(500))
        _ = try runtime.send(
            .regionChanged(MapRegion(center: try Coordinate(latitude: 40.8, longitude: -73.95), span: far.span), byUser: true))
        _ = try runtime.send(.queryChanged("Apple Soh"))
        _ = try runtime.advance(by: .milliseconds(300))
        guard !runtime.timers.isEmpty, runtime.pendingRequests.count >= 1, runtime.requests.count >= 5 else {
            throw BenchmarkError.mismatch(
                "saved state: the session has \(runtime.timers.map(\.timer)) running, \(runtime.pendingRequests.map(\.reference)) in flight"
            )
        }
        return runtime
    }

    /// Runs both comparisons; a restored runtime must save to the same bytes.
    static func run(runs: Int, operations: Int, into report: inout Report) throws {
        let runtime = try session()
        let table = AddressPicker.table
        let bytes = try runtime.savedState.json()
        let restored = try Runtime(restoring: SavedState(json: bytes, table: table), table: table)
        guard try restored.savedState.json() == bytes, restored.state == runtime.state else {
            throw BenchmarkError.mismatch("saved state: the restored picker differs from the saved one")
        }
        let context = runtime.state.context
        let contextBytes = try JSONEncoder().encode(context)
        var failed: (any Error)?

        let (save, _) = compare(
            "save the picker (SavedState, JSON)",
            {
                var total = 0
                for _ in 0..<operations {
                    do { total &+= try runtime.savedState.json().count } catch { failed = error }
                }
                return total
            },
            against: "JSONEncoder of the context alone",
            {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                var total = 0
                for _ in 0..<operations {
                    do { total &+= try encoder.encode(context).count } catch { failed = error }
                }
                return total
            },
            runs: runs, operations: operations,
            note:
                "a picker mid-session: \(runtime.requests.count) requests, \(runtime.timers.count) timers; \(bytes.count) bytes of JSON"
        )
        let (restore, _) = compare(
            "restore the picker (SavedState, JSON)",
            {
                var total = 0
                for _ in 0..<operations {
                    do {
                        total &+= try Runtime(restoring: SavedState(json: bytes, table: table), table: table).requests.count
                    } catch { failed = error }
                }
                return total
            },
            against: "JSONDecoder of the context alone",
            {
                var total = 0
                for _ in 0..<operations {
                    do { total &+= try JSONDecoder().decode(AddressPicker.Context.self, from: contextBytes).results.count } catch
                    { failed = error }
                }
                return total
            },
            runs: runs, operations: operations,
            note: "decoding, the format, machine and consistency checks, and building the runtime")
        if let failed { throw BenchmarkError.mismatch("saved state: \(failed)") }
        report.add(save)
        report.add(restore)
        report.add("saved state, save (median)", String(format: "%.1f µs", save.subject.median / 1_000))
        // The budget: a saved picker restores in at most 1 ms.
        let restoreMicroseconds = restore.subject.median / 1_000
        report.add(
            "saved state, restore (median)",
            String(format: "%.1f µs (%@ the 1 ms budget)", restoreMicroseconds, restoreMicroseconds <= 1_000 ? "within" : "OVER"))
    }
}
