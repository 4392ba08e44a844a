import AddressPicker
import MachineObservation
import MachineRuntime
import MachineTesting
import Testing

/// What Examples/SwiftUI/AddressPickerScreen.swift does with the store, on Linux: the screen is
/// not compiled here, so each of its calls is exercised with the picker and fake providers.
@Suite(.timeLimit(.minutes(1))) @MainActor struct StoreScreenTests {
    let clock = ManualClock()

    @Test func theScreensCallsDriveThePicker() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = MachineStore(
            table: AddressPicker.table, state: AddressPicker.initialState(), clock: clock, provider: FakeProviders().set.answer)
        var delivered: [Address] = []
        store.onOutput = { if case .deliver(let address) = $0 { delivered.append(address) } }
        store.send(.appeared)

        // The search field's binding: typing sends queryChanged; setting the same text sends nothing.
        store.send(.searchActivated)
        store.set(\.query, to: "Apple", sending: AddressPicker.Event.queryChanged)
        #expect(store[AddressPicker.search] == .debouncing)
        let steps = store.runtime.runtime.now
        store.set(\.query, to: "Apple", sending: AddressPicker.Event.queryChanged)
        #expect(store.runtime.runtime.now == steps)
        clock.advance(by: .milliseconds(300))
        #expect(await eventually { !store.completions.isEmpty })
        #expect(store.completions.first?.title == "Apple")

        // A suggestion, then its places as markers; the map moves (setRegion) and its echo sends nothing.
        store.send(.completionSelected(0))
        #expect(await eventually { !store.results.isEmpty })
        let region = store.region
        store.set(\.region, to: region) { .regionChanged($0, byUser: true) }
        #expect(store.region == region)
        #expect(store[AddressPicker.map] != .settling, "the echo of the machine's own move is not a pan")

        // Picking a result gives an address; confirming delivers it.
        store.send(.resultSelected(0))
        #expect(await eventually { store.address != nil })
        #expect(store.alert == nil)
        store.send(.confirmTapped)
        #expect(delivered == [store.address].compactMap { $0 })
        store.stop()
        var outputs: [AddressPicker.Output] = []
        for await output in store.outputs { outputs.append(output) }
        #expect(outputs.contains(.dismissSearch))
        #expect(outputs.last.map { if case .deliver = $0 { true } else { false } } == true)
    }

    @Test func aPanByThePersonIsSentAndTheMapSettles() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = MachineStore(
            table: AddressPicker.table, state: AddressPicker.initialState(), clock: clock, provider: FakeProviders().set.answer)
        store.send(.appeared)
        var moved = store.region
        moved.center = try Coordinate(latitude: moved.center.latitude + 0.01, longitude: moved.center.longitude)
        store.set(\.region, to: moved) { .regionChanged($0, byUser: true) }
        #expect(store[AddressPicker.map] == .settling)
        clock.advance(by: .milliseconds(500))
        #expect(await eventually { store.address != nil })
    }

    /// Waits until `condition` holds, yielding to the providers' tasks; false after five seconds.
    func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            await Task.yield()
        }
        return true
    }
}
