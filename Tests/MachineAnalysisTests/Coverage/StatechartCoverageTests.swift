import MachineCore
import MachineRuntime
import StatechartFixtures
import Testing

@testable import MachineAnalysis

/// Rows fired in microsteps (eventless, done, raised) and by delays count as any row does.
@Suite("Coverage of the statechart triggers") struct StatechartCoverageTests {
    let table = Link.table

    func row(_ id: String) -> Int { table.rows.firstIndex { $0.id == id } ?? -1 }

    /// The coverage of `inputs` replayed through the runtime from the link's initial state.
    func run(_ inputs: [Input<Link>]) throws -> TransitionCoverage<Link> {
        var runtime = Runtime(table: table, state: table.initialState(context: .init()))
        var coverage = TransitionCoverage(table: table)
        coverage.beginRun(at: runtime.state)
        for input in inputs { coverage.record(try runtime.apply(input)) }
        return coverage
    }

    /// Connect and handshake (done), queue a message (drained, eventless), have it acknowledged
    /// (which raises `delivered`), wait for two heartbeats (repeating), queue another and let
    /// its acknowledgement time out (delayed), retry (delayed) and handshake again, which drains
    /// the message still queued.
    static let session: [Input<Link>] = [
        .send(.connect), .send(.greet), .send(.queue), .send(.ack), .advance(.seconds(30)), .advance(.seconds(30)),
        .send(.queue), .advance(.seconds(5)), .advance(.seconds(2)), .send(.greet),
    ]

    @Test func rowsFiredInMicrostepsAndByDelaysCount() throws {
        let coverage = try run(Self.session)
        let hits = Dictionary(uniqueKeysWithValues: table.rows.indices.map { (table.rows[$0].id, coverage.rowHits[$0]) })
        #expect(
            hits == [
                "connect": 1, "greet": 2, "handshakeDone": 2, "heartbeat": 2, "enqueue": 2, "drain": 3, "ack": 1,
                "tally": 1, "ackTimeout": 1, "retry": 1,
            ])
        let report = coverage.report
        #expect(report.rows == .init(covered: 10, total: 10))
        #expect(report.uncoveredRows.isEmpty)
        // offline, handshaking, hello, greeted, online, sending, reconnecting.
        #expect(coverage.stateEntries[0] == [1, 2, 2, 2, 3, 3, 1])
        // The host's events, the raised `delivered` and the timers' events; eventless and done
        // rows handle no event.
        #expect(coverage.eventHits == [1, 2, 2, 1, 1, 1, 2, 1])
        #expect(report.events == .init(covered: 8, total: 8))
    }

    @Test func theConsecutiveRowsIncludeTheMicrosteps() throws {
        let pairs = try run(Self.session).pairs[0]
        for (first, second) in [
            ("greet", "handshakeDone"), ("enqueue", "drain"), ("ack", "tally"), ("tally", "heartbeat"),
            ("drain", "ackTimeout"), ("retry", "greet"), ("handshakeDone", "drain"),
        ] {
            #expect(pairs.contains(.init(first: row(first), second: row(second))), "\(first), \(second)")
        }
    }

    /// A done row can only follow a row that enters a final child of its state: connecting,
    /// which enters `hello`, is never followed by it; greeting is.
    @Test func aDoneRowFollowsOnlyARowIntoAFinalChild() throws {
        let feasible = try run([]).report.feasiblePairs[0]
        #expect(!feasible.contains([row("connect"), row("handshakeDone")]))
        #expect(!feasible.contains([row("retry"), row("handshakeDone")]))
        #expect(feasible.contains([row("greet"), row("handshakeDone")]))
        #expect(feasible.contains([row("connect"), row("greet")]))
    }

    @Test func theCoverageTableShowsEachRowsTrigger() throws {
        let text = try run(Self.session).report.text
        #expect(text.contains("    2  handshakeDone                link: handshaking --done.state.handshaking--> online\n"))
        #expect(text.contains("    2  heartbeat                    link: online --every 30s--> (stays)\n"))
        #expect(text.contains("    3  drain                        link: online --always [hasQueued]--> sending\n"))
        #expect(text.contains("    1  ackTimeout                   link: sending --after 5s--> reconnecting\n"))
    }

    @Test func anEventlessRowsGuardIsSeenBothWays() throws {
        let coverage = try run(Self.session)
        #expect(coverage.guardOutcomes[row("drain")].wasTrue)
        #expect(coverage.guardOutcomes[row("drain")].wasFalse, "the check that ended the microsteps")
    }
}
