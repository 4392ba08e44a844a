import MachineCore
import MachineObservation
import MachineRuntime
import MachineTesting
import Testing

// The store needs Observation (macOS 14, iOS 17); each test says so, since suites cannot.

/// The store on a manual clock: what a view reads is observed part by part, outputs come in
/// order through the stream and the callback, and a stopped or released store says nothing more.
@Suite(.timeLimit(.minutes(1))) @MainActor struct MachineStoreTests {
    let clock = ManualClock()

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func makeStore(
        provider: @escaping LiveRuntime<Finder, ManualClock>.Provider = instantProvider
    )
        -> MachineStore<Finder, ManualClock>
    {
        MachineStore(table: Finder.table, state: Finder.initialState, clock: clock, provider: provider)
    }

    @Test func readingOneFieldAndChangingAnotherNotifiesNothing() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = makeStore()
        let query = Notifications()
        query.observe { _ = store.query }
        let search = Notifications()
        search.observe { _ = store[Finder.search] }
        store.send(.panned(3))
        #expect(store.center == 3)
        #expect(query.total == 0)
        #expect(search.total == 0)

        let center = Notifications()
        center.observe { _ = store.center }
        store.send(.panned(4))
        #expect(center.total == 1)
        store.send(.typed("pie"))
        #expect(query.total == 1)
        #expect(search.total == 1)
    }

    @Test func aStepThatChangesSeveralPartsReadNotifiesOnce() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = makeStore()
        let view = Notifications()
        view.observe {
            _ = store.query
            _ = store[Finder.search]
            _ = store[\.work.timers]
        }
        store.send(.typed("pie"))
        #expect(view.total == 1)
    }

    @Test("A view re-rendered after each step is notified exactly when what it reads changes")
    func notifiedExactlyWhenWhatItReadsChanges() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = makeStore()
        let view = Notifications()
        var renders: [String] = []
        func render() {
            view.observe { renders.append(store.query) }
        }
        render()
        for query in ["p", "pi", "pi", "pie"] {
            let before = view.total
            store.send(.typed(query))
            if view.total > before { render() }
        }
        // "pi" typed twice changes the query once: three changes, three renders after the first.
        #expect(view.total == 3)
        #expect(renders == ["", "p", "pi", "pie"])
    }

    @Test func theWholeStateIsObservedToo() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = makeStore()
        let view = Notifications()
        view.observe { _ = store.state }
        store.send(.panned(1))
        #expect(view.total == 1)
        #expect(store.state.context.center == 1)
    }

    @Test func outputsArriveInOrderThroughTheCallbackAndTheStream() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = makeStore()
        var received: [Finder.Output] = []
        store.onOutput = { received.append($0) }
        store.send(.recentred(7))
        store.send(.typed("pie"))
        clock.advance(by: .milliseconds(100))
        #expect(await eventually { store[Finder.search] == .showing })
        store.send(.recentred(8))
        store.stop()
        var streamed: [Finder.Output] = []
        for await output in store.outputs { streamed.append(output) }
        let expected: [Finder.Output] = [.moveMap(to: 7), .show("pie1"), .show("pie2"), .moveMap(to: 8)]
        #expect(received == expected)
        #expect(streamed == expected)
    }

    @Test func aHostHandlingAnOutputFindsTheStateOfTheStepThatEmittedIt() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = makeStore()
        var centreSeen: Int?
        store.onOutput = { _ in centreSeen = store.center }
        store.send(.recentred(9))
        #expect(centreSeen == 9)
    }

    @Test func nothingAfterStop() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = makeStore()
        var errors: [RuntimeError] = []
        store.onError = { errors.append($0) }
        store.send(.recentred(1))
        store.stop()
        store.send(.recentred(2))
        #expect(errors == [.stopped])
        #expect(store.center == 1)
        var streamed: [Finder.Output] = []
        for await output in store.outputs { streamed.append(output) }
        #expect(streamed == [.moveMap(to: 1)])
    }

    @Test func aReleasedStoreFinishesItsStreamAndStopsItsWork() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        var store: MachineStore<Finder, ManualClock>? = makeStore(provider: { _ in
            // Never answers until cancelled.
            while !Task.isCancelled { await Task.yield() }
            return .failed
        })
        weak let released = store
        let outputs = store?.outputs
        store?.send(.recentred(1))
        store?.send(.typed("pie"))
        clock.advance(by: .milliseconds(100))
        #expect(await eventually { store?[Finder.search] == .loading })
        store = nil
        #expect(released == nil, "the store is released: nothing holds on to it")
        var streamed: [Finder.Output] = []
        if let outputs { for await output in outputs { streamed.append(output) } }
        #expect(streamed == [.moveMap(to: 1)])
    }

    @Test("A bound field sends its event only when the view's value differs from the machine's")
    func settingAFieldSuppressesTheEcho() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = makeStore()
        store.send(.recentred(5))
        let view = Notifications()
        view.observe { _ = store.center }
        // The map reports the move the machine asked for: an echo, not a person's pan.
        store.set(\.center, to: 5, sending: Finder.Event.panned)
        #expect(view.total == 0)
        #expect(store.runtime.runtime.now == .zero)
        store.set(\.center, to: 6, sending: Finder.Event.panned)
        #expect(view.total == 1)
        #expect(store.center == 6)
    }

    @Test func timersFireOnTheManualClock() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = makeStore()
        store.send(.typed("pie"))
        clock.advance(by: .milliseconds(99))
        #expect(store[Finder.search] == .waiting)
        clock.advance(by: .milliseconds(1))
        #expect(await eventually { store.results == ["pie1", "pie2"] })
        #expect(store[Finder.search] == .showing)
    }
}

/// The store on the real clock, with a provider that takes a few milliseconds.
@Suite(.timeLimit(.minutes(1))) @MainActor struct MachineStoreRealClockTests {
    @Test func aSearchCompletesOnTheRealClock() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = MachineStore(
            table: Finder.table, state: Finder.initialState, clock: ContinuousClock(),
            provider: { request in
                try? await Task.sleep(for: .milliseconds(3))
                return .found([request.query])
            })
        let view = Notifications()
        view.observe { _ = store.results }
        store.send(.typed("pie"))
        #expect(await eventually { store.results == ["pie"] })
        #expect(view.total == 1)
        store.stop()
        var streamed: [Finder.Output] = []
        for await output in store.outputs { streamed.append(output) }
        #expect(streamed == [.show("pie")])
    }
}
