import MachineCore
import MachineRuntime
import Testing

@testable import MachineAnalysis

/// A state's fingerprint, hashed from the runtime in place, tells states apart exactly as their
/// keys do: equal keys, equal fingerprints; different keys (among these few), different ones.
@Suite struct StateKeyTests {
    /// Runtimes of the lookup that differ in each part of a key, and some that differ only in
    /// what a key leaves out (the absolute time, the request history).
    static func runtimes() throws -> [(String, Runtime<Lookup>)] {
        let start = Runtime(table: Lookup.table, state: Lookup.table.initialState(context: Lookup.Context()))
        var typed = start
        _ = try typed.send(.typed)
        var waited = typed
        _ = try waited.advance(by: .milliseconds(50))
        var retyped = waited
        _ = try retyped.send(.typed)
        var loading = typed
        _ = try loading.advance(by: .milliseconds(200))
        var cancelled = loading
        _ = try cancelled.send(.cancel)
        var dropped = cancelled
        _ = try dropped.respond(.lookup, 1, with: .failed)
        var lit = start
        _ = try lit.send(.toggle)
        var found = loading
        _ = try found.respond(.lookup, with: .found(1))
        return [
            ("start", start), ("typed", typed), ("waited", waited), ("retyped", retyped), ("loading", loading),
            ("cancelled", cancelled), ("dropped", dropped), ("lit", lit), ("found", found),
        ]
    }

    @Test func fingerprintsTellStatesApartAsKeysDo() throws {
        let runtimes = try Self.runtimes()
        var equalPairs: [String] = []
        for (nameA, a) in runtimes {
            for (nameB, b) in runtimes where nameA < nameB {
                let sameKey = StateKey(a, lateAnswers: true) == StateKey(b, lateAnswers: true)
                let sameFingerprint =
                    StateKey.fingerprint(of: a, lateAnswers: true) == StateKey.fingerprint(of: b, lateAnswers: true)
                #expect(sameKey == sameFingerprint, "\(nameA) and \(nameB)")
                if sameKey { equalPairs.append("\(nameA)=\(nameB)") }
            }
        }
        #expect(
            equalPairs.sorted() == ["dropped=start", "retyped=typed"],
            "a dropped late answer leaves the idle state; typing again restarts the same timer")
    }

    @Test func fingerprintsLeaveOutWhatTheKeyIgnores() throws {
        let runtimes = try Self.runtimes()
        let start = try #require(runtimes.first { $0.0 == "start" }?.1)
        var shown = try #require(runtimes.first { $0.0 == "found" }?.1)
        _ = try shown.send(.cancel)
        _ = try shown.send(.typed)
        _ = try shown.send(.cancel)
        let ignoringFound: @Sendable (inout Lookup.Context) -> Void = { $0.found = 0 }
        #expect(shown.state.context.found == 1 && shown.state[Lookup.phase] == .idle)
        #expect(StateKey.fingerprint(of: shown, lateAnswers: true) != StateKey.fingerprint(of: start, lateAnswers: true))
        #expect(
            StateKey.fingerprint(of: shown, lateAnswers: true, ignoring: ignoringFound)
                == StateKey.fingerprint(of: start, lateAnswers: true, ignoring: ignoringFound))
        #expect(
            StateKey(shown, lateAnswers: true, ignoring: ignoringFound)
                == StateKey(start, lateAnswers: true, ignoring: ignoringFound))
    }

    /// A successor whose input left the context as it was shares it with its parent, and the
    /// search reuses the parent's context hash for it; a context that changed is hashed anew.
    @Test func aContextHashIsReusedExactlyWhenTheContextIsShared() throws {
        let runtimes = try Self.runtimes()
        let typed = try #require(runtimes.first { $0.0 == "typed" }?.1)
        let found = try #require(runtimes.first { $0.0 == "found" }?.1)
        var waited = typed
        _ = try waited.advance(by: .milliseconds(50))
        let hash = StateKey.contextHash(of: typed, ignoring: nil)
        #expect(waited.state.sharesContext(with: typed.state), "nothing fell due: no action ran")
        #expect(StateKey.contextHash(of: waited, ignoring: nil, reusing: hash, of: typed) == hash)
        #expect(
            StateKey.fingerprint(of: waited, lateAnswers: true, contextHash: hash)
                == StateKey.fingerprint(of: waited, lateAnswers: true))
        #expect(!found.state.sharesContext(with: typed.state))
        #expect(
            StateKey.contextHash(of: found, ignoring: nil, reusing: hash &+ 1, of: typed)
                == found.state.context.hashValue)
    }
}
