import MachineCore
import Testing

@testable import MachineRuntime

/// The standard invariants read the runtime's books where it keeps them; a runtime whose books
/// were broken on purpose (they cannot be broken through the runtime's API) is caught, with the
/// same words as before.
@Suite struct StandardInvariantTests {
    /// The violation `invariant` finds in `runtime` seen as it is.
    static func violation(_ invariant: Invariant<Relay>, _ runtime: Runtime<Relay>) -> String? {
        invariant.violation(Observation(of: runtime))
    }

    @Test func aBusyRuntimeKeepsEveryStandardInvariant() throws {
        let runtime = try SavedStateTests.busy()
        #expect(runtime.pendingRequests.count == 2, "lookup#3 and ping#2 are in flight")
        for invariant in Invariant<Relay>.standard { #expect(Self.violation(invariant, runtime) == nil, "\(invariant.name)") }
    }

    @Test func twoRequestsOfOneKindInFlightAreCaught() throws {
        var runtime = try SavedStateTests.busy()
        let pending = try #require(runtime.requests.last { $0.isPending && $0.reference.kind == .lookup })
        runtime._requests.append(
            RequestRecord(
                id: runtime.requests.count + 1, reference: RequestReference(.lookup, pending.reference.ordinal + 1),
                request: pending.request, madeAt: runtime.now))
        #expect(Self.violation(.oneRequestPerKind, runtime) == "two lookup requests are in flight")
        #expect(
            Self.violation(.booksAgree, runtime)
                == "the runtime has [\"lookup\", \"ping\", \"lookup\"] in flight, the machine [\"lookup\", \"ping\"]")
    }

    @Test func aTimerTheLedgerDoesNotListIsCaught() throws {
        var runtime = try SavedStateTests.busy()
        runtime._state.work.timers.removeAll()
        let message = try #require(Self.violation(.booksAgree, runtime))
        #expect(message.hasPrefix("the runtime runs ["), "\(message)")
        #expect(message.hasSuffix(", the machine []"), "\(message)")
    }
}
