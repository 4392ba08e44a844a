import AddressPicker
import AllocationCounter
import MachineCore

/// A step of the address-picker machine against a hand-written `switch` doing the same work.
///
/// The cycle pans the map and resolves the address, then searches "Apple", picks the "Search
/// Nearby" completion and one of its places: ten events that touch the map and search regions,
/// timers, requests and outputs. No command carries a heap payload (the strings are short
/// enough to be stored inline), so a step should allocate nothing.
enum PickerStepBenchmark {
    static func cycle() throws -> [AddressPicker.Event] {
        let far = MapRegion(
            center: try Coordinate(latitude: 40.71, longitude: -74.0),
            span: Span(checkedLatitudeDelta: 0.05, longitudeDelta: 0.05))
        let store = Place(
            name: "Apple SoHo", center: try Coordinate(latitude: 40.725, longitude: -73.9987),
            address: Address(street: "103 Prince St", city: "New York"))
        let answer = PlaceSearchAnswer(
            boundingRegion: MapRegion(
                center: try Coordinate(latitude: 40.74, longitude: -73.99),
                span: Span(checkedLatitudeDelta: 0.08, longitudeDelta: 0.08)),
            places: [store])
        return [
            .regionChanged(far, byUser: true),
            .regionDebounceElapsed,
            .address(Address(city: "New York")),
            .searchActivated,
            .queryChanged("Apple"),
            .searchDebounceElapsed,
            .completions([Completion(title: "Apple Store", subtitle: "Search Nearby")]),
            .completionSelected(0),
            .places(answer),
            .resultSelected(0),
        ]
    }

    /// Steps the table-driven machine through `count` events of the cycle; returns a checksum.
    static func runTable(_ events: [AddressPicker.Event], count: Int) -> (Int, MachineState<AddressPicker>) {
        let table = AddressPicker.table
        var state = AddressPicker.initialState()
        var result = StepResult<AddressPicker>(recording: [])
        var checksum = 0
        var index = 0
        for _ in 0..<count {
            table.step(&state, events[index], into: &result)
            checksum &+= result.commands.count
            index = index == events.count - 1 ? 0 : index + 1
        }
        return (checksum, state)
    }

    /// Steps the hand-written switch through the same events; returns a checksum.
    static func runHandWritten(_ events: [AddressPicker.Event], count: Int) -> (Int, HandWrittenPicker) {
        var picker = HandWrittenPicker(context: AddressPicker.Context())
        var checksum = 0
        var index = 0
        for _ in 0..<count {
            picker.handle(events[index])
            checksum &+= picker.commands.count
            index = index == events.count - 1 ? 0 : index + 1
        }
        return (checksum, picker)
    }

    /// Checks that both implementations do the same work: same commands after each event, same
    /// final context and control states.
    static func verify(_ events: [AddressPicker.Event]) -> String? {
        let table = AddressPicker.table
        var state = AddressPicker.initialState()
        var result = StepResult<AddressPicker>(recording: [])
        var picker = HandWrittenPicker(context: AddressPicker.Context())
        for (number, event) in (events + events).enumerated() {
            table.step(&state, event, into: &result)
            picker.handle(event)
            if result.commands != picker.commands {
                return "event \(number) (\(event.kind.name)): table \(result.commands) vs switch \(picker.commands)"
            }
        }
        if state.context != picker.context || state[AddressPicker.map] != picker.map
            || state[AddressPicker.search] != picker.search
        {
            return "the final states differ"
        }
        return nil
    }

    /// Heap allocations per step of the table-driven machine after warm-up, or `nil` where the
    /// allocator cannot be counted.
    static func allocationsPerStep(_ events: [AddressPicker.Event], count: Int) -> Double? {
        let table = AddressPicker.table
        var state = AddressPicker.initialState()
        var result = StepResult<AddressPicker>(recording: [])
        for event in events + events { table.step(&state, event, into: &result) }
        guard countsAllocations() else { return nil }
        let before = allocation_count()
        var index = 0
        for _ in 0..<count {
            table.step(&state, events[index], into: &result)
            index = index == events.count - 1 ? 0 : index + 1
        }
        return Double(allocation_count() - before) / Double(count)
    }

    /// Whether the counter sees allocations at all: a fresh array must count.
    static func countsAllocations() -> Bool {
        let before = allocation_count()
        let array = [Int](repeating: 7, count: 1000 + Int(before & 1))
        return before >= 0 && allocation_count() > before && array.count > 0
    }

    static func run(runs: Int, steps: Int) throws -> (Comparison, allocations: Double?) {
        let events = try cycle()
        if let mismatch = verify(events) { throw BenchmarkError.mismatch(mismatch) }
        let (comparison, checksums) = compare(
            "address-picker step (table)", { runTable(events, count: steps).0 },
            against: "hand-written switch", { runHandWritten(events, count: steps).0 },
            runs: runs, operations: steps, note: "cycle of \(events.count) events: pan, geocode, search, pick")
        if checksums.0 != checksums.1 { throw BenchmarkError.mismatch("checksums differ") }
        return (comparison, allocationsPerStep(events, count: steps))
    }
}

enum BenchmarkError: Error, CustomStringConvertible {
    case mismatch(String)

    var description: String {
        switch self {
        case .mismatch(let detail): "the implementations disagree: \(detail)"
        }
    }
}
