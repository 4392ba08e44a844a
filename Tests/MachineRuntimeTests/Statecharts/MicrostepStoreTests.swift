import MachineCore
import MachineRuntime
import MachineTesting
import Testing

/// `MachineTestStore` asserts an input's microsteps, with the texts its documentation shows.
@Suite struct MicrostepStoreTests {
    @MainActor static func store() -> MachineTestStore<Beacon> {
        let store = MachineTestStore(table: Beacon.table, context: Beacon.Context())
        store.send(.connect, emits: [.startTimer(.ackTimeout, .seconds(5))]) {
            $0[Beacon.link] = .hello
            $0.work.timers.append(.ackTimeout)
        }
        store.send(.ack, emits: [.cancelTimer(.ackTimeout), .startTimer(.heartbeat, .seconds(30))]) {
            $0[Beacon.link] = .online
            $0.context.log = ["online"]
            $0.work.timers.remove(.ackTimeout)
            $0.work.timers.append(.heartbeat)
        }
        store.assertMicrosteps(["done link.handshake: L3.handshakeDone"])
        return store
    }

    @Test @MainActor func theMicrostepsOfAnInputAreAssertedInOrder() {
        let store = Self.store()
        store.send(.enqueue, emits: []) { $0.context.log += ["sending 1", "flushed"] }
        store.assertMicrosteps(["eventless: Q2.drain", "raised flushed: Q3.flushed"])
        store.finish(allowingRunningTimers: true)
    }

    @Test @MainActor func microstepsTheTestDidNotAssertFailWithTheDocumentedText() {
        let store = Self.store()
        store.send(.enqueue, emits: []) { $0.context.log += ["sending 1", "flushed"] }
        let issues = capturingTestIssues {
            store.finish(allowingRunningTimers: true)
        }
        #expect(
            issues == [
                """
                The input took microsteps the test did not assert:
                eventless: Q2.drain
                raised flushed: Q3.flushed
                Assert them with assertMicrosteps(_:).
                """
            ])
    }

    /// The store of a machine with a start event begins after the start, whose microsteps (and
    /// commands) are asserted as an input's are.
    @Test @MainActor func theStartIsAssertedAsAnInputIs() {
        let store = MachineTestStore(table: Kiosk.table, context: Kiosk.Context())
        #expect(store.state[Kiosk.screen] == .welcome)
        store.assertMicrosteps(["eventless: auto", "raised ready: (no row)"])
        store.finish()

        let forgetful = MachineTestStore(table: Kiosk.table, context: Kiosk.Context())
        let issues = capturingTestIssues {
            forgetful.finish()
        }
        #expect(
            issues == [
                """
                The input took microsteps the test did not assert:
                eventless: auto
                raised ready: (no row)
                Assert them with assertMicrosteps(_:).
                """
            ])
    }

    /// The events a machine sends itself are handled within the input, each asserted as a
    /// microstep is.
    @Test @MainActor func sentEventsAreAssertedWithTheMicrosteps() {
        let store = MachineTestStore(table: Courier.table, context: Courier.Context())
        store.send(.go) { $0.context.log = ["go", "raised", "first", "second"] }
        store.assertMicrosteps([#"raised note("raised"): note"#, #"sent note("first"): note"#, #"sent note("second"): note"#])
        store.finish()
    }
}
