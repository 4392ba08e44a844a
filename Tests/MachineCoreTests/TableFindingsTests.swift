import Testing

@testable import MachineCore

/// A deliberately broken machine: every static check has something to find in it.
enum Broken: MachineDefinition {
    typealias Context = Int
    enum Event: Int, MachineEvent, IndexedCase {
        case x, y, z
        var kind: Event { self }
    }
    enum State: Int, ControlState { case a, b, c, d, done }
    static let only = Region<State>("only", index: 0, initial: .a, final: [.done])

    static let g = Guard<Broken>("g") { _, _ in true }
    static let g1 = Guard<Broken>("g1") { _, _ in true }
    static let g2 = Guard<Broken>("g2") { _, _ in false }
    static let g3 = Guard<Broken>("g3") { _, _ in false }

    static let rows: [Row<Broken>] = [
        Row("ab", in: only, from: [.a], on: .x, to: .b),
        Row("shadowed", in: only, from: [.a], on: .x, when: g, to: .a),
        Row("bd", in: only, from: [.b], on: .y, to: .d),
        Row("fromC", in: only, from: [.c], on: .x, to: .a),
        Row("g1", in: only, from: [.b], on: .x, when: g1, to: .a),
        Row("g2", in: only, from: [.b], on: .x, when: g2, to: .d),
        Row("g3", in: only, from: [.b], on: .x, when: g3, to: .a),
        Row("finish", in: only, from: [.a], on: .y, to: .done),
    ]
}

@Suite("Static checks") struct TableFindingsTests {
    let findings = TransitionTable<Broken>(
        regions: [Broken.only], rows: Broken.rows,
        exclusive: [ExclusiveGuards(Broken.g1, Broken.g3)]
    ).listing.findings

    @Test func findsUnreachableStates() {
        #expect(findings.contains(.unreachableState(region: "only", state: "c")))
        #expect(!findings.contains(.unreachableState(region: "only", state: "d")))
    }

    @Test func findsDeadEndsButNotFinalStates() {
        #expect(findings.contains(.deadEnd(region: "only", state: "d")))
        #expect(!findings.contains(.deadEnd(region: "only", state: "done")))
        #expect(!findings.contains(.deadEnd(region: "only", state: "c")))
    }

    @Test func findsUnhandledEvents() {
        #expect(findings.contains(.unhandledEvent("z")))
        #expect(!findings.contains(.unhandledEvent("y")))
    }

    @Test func findsRowsThatNeverFire() {
        #expect(findings.contains(.neverFires(row: "shadowed", reason: "ab has no guard and comes first")))
        #expect(findings.contains(.neverFires(row: "fromC", reason: "it leaves only from unreachable states")))
        #expect(!findings.contains { if case .neverFires(let row, _) = $0 { row == "g2" } else { false } })
    }

    @Test func findsGuardsNotDeclaredExclusive() {
        #expect(findings.contains(.nondeterministic(region: "only", state: "b", event: "x", rows: ["g1", "g2"])))
        #expect(findings.contains(.nondeterministic(region: "only", state: "b", event: "x", rows: ["g2", "g3"])))
        #expect(!findings.contains(.nondeterministic(region: "only", state: "b", event: "x", rows: ["g1", "g3"])))
    }

    /// Defect: the fallback SCXML and XState allow (the last enabled transition in document
    /// order, an "else") was reported as non-determinism, so a machine whose guards cover every
    /// case either kept a last guard that can never be seen false or failed `check`.
    @Test func aRowWithoutAGuardAfterGuardedOnesIsTheirFallback() {
        let rows: [Row<Broken>] = [
            Row("guarded", in: Broken.only, from: [.a], on: .x, when: Broken.g, to: .b),
            Row("fallback", in: Broken.only, from: [.a], on: .x, to: .a),
        ]
        let findings = TransitionTable<Broken>(regions: [Broken.only], rows: rows).listing.findings
        #expect(!findings.contains { if case .nondeterministic = $0 { true } else { false } }, "\(findings)")
        #expect(!findings.contains { if case .neverFires = $0 { true } else { false } }, "\(findings)")
    }

    /// Before the guarded rows, a row without a guard takes every event: they never fire.
    @Test func aRowWithoutAGuardBeforeGuardedOnesShadowsThem() {
        let rows: [Row<Broken>] = [
            Row("first", in: Broken.only, from: [.a], on: .x, to: .a),
            Row("guarded", in: Broken.only, from: [.a], on: .x, when: Broken.g, to: .b),
        ]
        let findings = TransitionTable<Broken>(regions: [Broken.only], rows: rows).listing.findings
        #expect(findings.contains(.neverFires(row: "guarded", reason: "first has no guard and comes first")), "\(findings)")
    }

    @Test func theFindingsAreExactlyThese() {
        #expect(
            findings.map(\.description) == [
                "unreachable state: only.c (no row leads to it from only's initial state)",
                "dead end: only.d has no way out and is not final",
                "unhandled event: no row handles 'z'",
                "row never fires: shadowed (ab has no guard and comes first)",
                "row never fires: fromC (it leaves only from unreachable states)",
                "non-deterministic: in only.b, 'x' enables g1 and g2, whose guards are not declared exclusive",
                "non-deterministic: in only.b, 'x' enables g2 and g3, whose guards are not declared exclusive",
            ])
    }
}
