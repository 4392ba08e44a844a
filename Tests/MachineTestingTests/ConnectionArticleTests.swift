import EventScripts
import Foundation
import MachineAnalysis
import MachineCore
import MachineRuntime
import MachineTesting
import Testing

/// The article "A connection with requests, timers and history"
/// (`Sources/MachineCore/MachineCore.docc/AConnectionWithRequestsAndTimers.md`) stays true: each
/// of its Swift blocks is a part of the connection's files or of these tests, its scripts pass
/// and its transcripts are what their replays print, its table of rows is the table's, and its
/// store example, failure text, checks and exploration are the ones run here.
@Suite struct ConnectionArticleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let article =
        (try? String(
            contentsOf: folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Sources/MachineCore/MachineCore.docc/AConnectionWithRequestsAndTimers.md"), encoding: .utf8)) ?? ""

    /// The article's code blocks: the language after the opening fence, and the lines.
    static var blocks: [(language: String, lines: [String])] {
        var blocks: [(language: String, lines: [String])] = []
        var current: (language: String, lines: [String])?
        for line in article.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let block = current {
                    blocks.append(block)
                    current = nil
                } else {
                    current = (String(line.dropFirst(3)), [])
                }
            } else {
                current?.lines.append(line)
            }
        }
        return blocks
    }

    /// The first block whose first line starts with `prefix`.
    static func block(startingWith prefix: String) throws -> [String] {
        try #require(blocks.first { $0.lines.first?.hasPrefix(prefix) == true }, "no block starts with \(prefix)").lines
    }

    /// Each script of the article (a block that starts with `machine connection`), with the
    /// transcript excerpts (blocks that start with `@`) that follow it before the next script.
    static var scripts: [(script: String, excerpts: [[String]])] {
        var scripts: [(script: String, excerpts: [[String]])] = []
        for block in blocks where block.language.isEmpty {
            if block.lines.first == "machine connection" {
                scripts.append((block.lines.joined(separator: "\n") + "\n", []))
            } else if block.lines.first?.hasPrefix("@") == true, !scripts.isEmpty {
                scripts[scripts.count - 1].excerpts.append(block.lines)
            }
        }
        return scripts
    }

    /// The lines of code, without their indentation and without blank lines.
    static func code(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func everySwiftBlockIsAPartOfTheConnectionsFiles() throws {
        let files = [
            "Connection.swift", "Connection+Table.swift", "ConnectionVocabulary.swift", "Connection+Exploration.swift",
            "ConnectionArticleTests.swift",
        ]
        let sources = try files.map { name in
            Self.code(
                try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false
                ).map(String.init))
        }
        let swift = Self.blocks.filter { $0.language == "swift" }
        #expect(swift.count == 12)
        for block in swift {
            // A block's imports head a file; what follows them is a run of the file's lines.
            let code = Self.code(block.lines)
            let imports = code.prefix { $0.hasPrefix("import ") }
            let lines = Array(code.dropFirst(imports.count))
            #expect(
                sources.contains { source in
                    imports.allSatisfy(source.contains) && source.containsRun(lines)
                },
                "not a part of the connection's files:\n\(block.lines.joined(separator: "\n"))")
        }
    }

    @Test func everyScriptPassesAndEveryTranscriptIsWhatItsReplayPrints() throws {
        let scripts = Self.scripts
        #expect(scripts.count == 2)
        var coverage = TransitionCoverage(table: Connection.table)
        for (script, excerpts) in scripts {
            let checked = try ScriptChecker(vocabulary: ConnectionVocabulary()).check(Array(script.utf8), file: "article.events")
            let (outcome, text) = try Player(vocabulary: ConnectionVocabulary()).transcript(of: checked)
            #expect(outcome.exitCode == 0, "\(text)")
            let transcript = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(!excerpts.isEmpty)
            for excerpt in excerpts {
                let found = transcript.containsRun(excerpt)
                #expect(found, "not in the transcript:\n\(excerpt.joined(separator: "\n"))\n\nwhich is:\n\(text)")
            }
            try coverage.record(checked, player: Player(vocabulary: ConnectionVocabulary()))
        }
        assertRowCoverage(coverage)
    }

    @Test func theTableOfRowsListsEveryRowAsTheTableHasIt() {
        let listing = Connection.table.listing
        let states = listing.regions[0].states
        let lines = Self.article.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(lines.count == listing.rows.count)
        for (line, row) in zip(lines, listing.rows) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().map(String.init)
            func names(_ cell: Int) -> [String] {
                cells[cell].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
                    .map { String($0.element) }
            }
            #expect(names(0) == [row.id])
            #expect(names(1) == listing.sources(of: row).map { states[$0] }, "\(row.id)")
            #expect(names(2) == [row.event], "\(row.id)")
            #expect(names(3) == (row.guard.map { [$0] } ?? []), "\(row.id)")
            #expect(names(4) == (row.target.map { [states[$0]] } ?? []), "\(row.id)")
            #expect(cells[4].contains("history") == (row.history != nil), "\(row.id)")
            #expect(row.history.map { cells[4].contains("(\($0.rawValue) history)") } ?? true, "\(row.id)")
        }
    }

    @Test func theChecksFindNothingButWithoutTheExclusiveGuardsTheyFindThePair() throws {
        #expect(Connection.table.listing.findings.isEmpty)
        let undeclared = TransitionTable(regions: [Connection.link], rows: Connection.rows, stateActions: Connection.stateActions)
        #expect(undeclared.listing.findings.map(\.description) == (try Self.block(startingWith: "non-deterministic")))
    }

    @Test func theStoreExamplePasses() {
        let store = MachineTestStore(table: Connection.table, context: Connection.Context())
        store.send(.open, emits: [.request(.connect)]) {
            $0[Connection.link] = .connecting
            $0.work.pending.append(.connect)
        }
        store.respond(.connect, with: .opened, emits: [.startTimer(.heartbeat, .seconds(30))]) {
            $0[Connection.link] = .idle
            $0.work.pending.remove(.connect)
            $0.work.timers.append(.heartbeat)
        }
        store.send(.post("hi"), emits: [.request(.deliver("hi")), .startTimer(.ackTimeout, .seconds(5))]) {
            $0[Connection.link] = .sending
            $0.context.queue = ["hi"]
            $0.work.pending.append(.deliver)
            $0.work.timers.append(.ackTimeout)
        }
        store.advance(by: .seconds(5)) {
            $0[Connection.link] = .waiting
            Connection.table.remember(.sending, for: .connected, of: Connection.link, in: &$0)
            $0.context.backoff = .seconds(2)
            $0.work.pending.remove(.deliver)
            $0.work.timers.remove(.heartbeat)
            $0.work.timers.remove(.ackTimeout)
            $0.work.timers.append(.backoff)
        }
        store.assertCommands([.cancel(.deliver), .cancelTimer(.heartbeat), .output(.hangUp), .startTimer(.backoff, .seconds(1))])
        store.respond(.deliver, 1, with: .acknowledged)  // too late: dropped, nothing changes
        store.send(.close, emits: [.cancelTimer(.backoff)]) {
            $0[Connection.link] = .closed
            $0.work.timers.remove(.backoff)
        }
        store.finish()
    }

    @Test func forgettingTheMemoryFailsWithTheArticlesDiff() throws {
        let failure = try Self.block(startingWith: "The state changed differently")
        let store = MachineTestStore(
            table: Connection.table, context: Connection.Context(), exhaustivity: .off(showSkipped: false))
        store.send(.open)
        store.respond(.connect, with: .opened)
        store.send(.post("hi"))
        store.skipCommands()
        store.exhaustivity = .on
        let issues = capturingTestIssues {
            store.advance(by: .seconds(5)) {
                $0[Connection.link] = .waiting
                $0.context.backoff = .seconds(2)
                $0.work.pending.remove(.deliver)
                $0.work.timers.remove(.heartbeat)
                $0.work.timers.remove(.ackTimeout)
                $0.work.timers.append(.backoff)
            }
        }
        #expect(issues == [failure.joined(separator: "\n") + "\n"])
        store.skipCommands()
        store.finish(allowingRunningTimers: true)
    }

    @Test func explorationFindsNoViolationAndFiresEveryRow() {
        let explorer = Explorer(
            table: Connection.table, initial: Connection.table.initialState(context: .init()), samples: ConnectionSamples(),
            invariants: Invariant.standard + Connection.invariants)
        let report = explorer.explore(seed: 1, moves: 10_000)
        #expect(report.violation == nil)
        #expect(report.rowHits.allSatisfy { $0 > 0 })
    }

    /// Without history, the reconnect would enter `idle` with a message queued: the invariant on
    /// the memory breaks as soon as the link is down with a message waiting.
    @Test func withoutHistoryExplorationFindsTheMessageLeftBehind() throws {
        let rows = Connection.rows.map { row in
            row.id != "opened"
                ? row : Row("opened", in: Connection.link, from: [.connecting], on: .opened, to: .connected, action: row.action)
        }
        let table = TransitionTable(
            regions: [Connection.link], rows: rows, exclusive: [ExclusiveGuards(.canRetry, .isLastAttempt)],
            stateActions: Connection.stateActions)
        let explorer = Explorer(
            table: table, initial: table.initialState(context: .init()), samples: ConnectionSamples(),
            invariants: Invariant.standard + Connection.invariants)
        let violation = try #require(explorer.explore(seed: 1, moves: 10_000).violation)
        let shrunk = explorer.shrink(violation)
        #expect(
            shrunk.inputs == [
                .send(.open), .respond(.connect, ordinal: nil, .opened), .send(.post("hi")), .send(.connectionLost),
            ])
        #expect([shrunk.message] == (try Self.block(startingWith: "link is")))
    }
}

extension Array where Element: Equatable {
    /// Whether `run` appears in the array as consecutive elements.
    func containsRun(_ run: [Element]) -> Bool {
        guard !run.isEmpty else { return true }
        guard run.count <= count else { return false }
        return (0...(count - run.count)).contains { start in self[start..<(start + run.count)].elementsEqual(run) }
    }
}
