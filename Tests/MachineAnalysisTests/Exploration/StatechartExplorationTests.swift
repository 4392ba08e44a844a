import EventScripts
import MachineAnalysis
import MachineCore
import MachineRuntime
import StatechartFixtures
import Testing

/// `paths` and `explore` on the link: its delays are timers like any other, so the advance to a
/// deadline (and, exploring, just before it) fires its delayed and repeating rows; the scripts
/// they write are inputs only, never the microsteps that follow them.
@Suite("Paths and exploration of the statechart triggers") struct StatechartExplorationTests {
    let vocabulary = LinkVocabulary()
    var table: TransitionTable<Link> { vocabulary.table }
    var initial: MachineState<Link> { table.initialState(context: .init()) }

    func row(_ id: String) -> Int { table.rows.firstIndex { $0.id == id } ?? -1 }

    /// The statements a script of these tools may hold: every line is one of these (or a
    /// comment, or blank).
    static let statements: Set<Substring> = ["machine", "given", "send", "advance", "respond", "fail", "expect"]

    func expectOnlyInputsAndExpectations(_ script: String) {
        for line in script.split(separator: "\n") where !line.hasPrefix("#") {
            let word = line.prefix { $0 != " " }
            #expect(Self.statements.contains(word), "\(line)")
        }
    }

    @Test func coveringPathsWaitOutEveryDelay() throws {
        let result = CoveringPaths.search(table: table, from: initial, samples: LinkSamples())
        #expect(result.uncoveredRows.isEmpty)
        #expect(result.unreachedGoals.isEmpty)
        for (id, delay) in [("ackTimeout", Duration.seconds(5)), ("retry", .seconds(2)), ("heartbeat", .seconds(30))] {
            let path = try #require(result.paths.first { $0.firedRows.contains(row(id)) }, "\(id)")
            #expect(path.inputs.contains(.advance(delay)), "\(id): \(path.inputs)")
        }
    }

    @Test func coveringScriptsAreInputsOnlyAndPass() throws {
        let result = CoveringPaths.search(table: table, from: initial, samples: LinkSamples())
        for expectations in [false, true] {
            let scripts = CoveringScripts.render(
                result.paths, vocabulary: vocabulary, from: initial, generatedBy: "link paths", expectations: expectations)
            #expect(!scripts.isEmpty)
            var fired = Set<String>()
            for script in scripts {
                expectOnlyInputsAndExpectations(script.text)
                let program = try ScriptChecker(vocabulary: vocabulary).check(Array(script.text.utf8), file: script.name)
                let replay = try Player(vocabulary: vocabulary).transcript(of: program)
                #expect(replay.outcome.exitCode == 0, "\(script.text)\n\(replay.text)")
                for line in replay.text.split(separator: "\n") where line.hasPrefix("  fired   ") {
                    fired.formUnion(line.dropFirst("  fired   ".count).split(separator: ", ").map(String.init))
                }
            }
            #expect(fired == Set(table.rows.map(\.id)), "every row, microsteps included")
        }
    }

    @Test func explorationFiresTheDelayedAndRepeatingRows() {
        let explorer = Explorer(table: table, initial: initial, samples: LinkSamples(), invariants: [])
        let report = explorer.explore(seed: 1, moves: 2_000)
        #expect(report.violation == nil)
        for id in ["ackTimeout", "retry", "heartbeat", "drain", "handshakeDone", "tally"] {
            #expect(report.rowHits[row(id)] > 0, "\(id)")
        }
    }

    /// In `sending`, the acknowledgement's timeout is due in 5 s: exploring advances exactly to
    /// it and a millisecond short of it, as well as by nothing and by random stretches.
    @Test func explorationAdvancesToADelaysDeadlineAndJustBeforeIt() throws {
        let explorer = Explorer(table: table, initial: initial, samples: LinkSamples(), invariants: [])
        var runtime = Runtime(table: table, state: initial)
        for event: Link.Event in [.connect, .greet, .queue] { _ = try runtime.send(event) }
        #expect(runtime.state.controls[0] == Link.State.sending.rawValue)
        var random = SplitMix64(seed: 7)
        var advances = Set<Duration>()
        for _ in 0..<400 {
            if case .advance(let duration) = explorer.nextMove(in: runtime, using: &random) { advances.insert(duration) }
        }
        #expect(advances.contains(.seconds(5)))
        #expect(advances.contains(.seconds(5) - .milliseconds(1)))
    }

    @Test func anExplorationScriptIsInputsOnlyAndReplays() throws {
        let reconnecting = Invariant<Link>("never reconnecting") { observation -> String? in
            observation.after.state.controls[0] == Link.State.reconnecting.rawValue ? "the link reconnects" : nil
        }
        let explorer = Explorer(table: table, initial: initial, samples: LinkSamples(), invariants: [reconnecting])
        let violation = try #require(explorer.explore(seed: 1, moves: 5_000).violation)
        let shrunk = explorer.shrink(violation)
        #expect(
            shrunk.inputs.filter { if case .advance = $0 { false } else { true } } == [
                .send(.connect), .send(.greet), .send(.queue),
            ])
        for expectations in [false, true] {
            let script = ExplorationScript.render(
                shrunk, vocabulary: vocabulary, initial: initial, header: ["A test."], expectations: expectations)
            expectOnlyInputsAndExpectations(script)
            let program = try ScriptChecker(vocabulary: vocabulary).check(Array(script.utf8), file: "found.events")
            let replay = try Player(vocabulary: vocabulary).transcript(of: program)
            #expect(replay.outcome.exitCode == 0, "\(script)\n\(replay.text)")
            #expect(replay.text.contains("@5000ms timer ackTimeout\n  fired   ackTimeout\n"))
        }
    }
}
