import Foundation
import Testing

@testable import MachineCore

/// The "Nested states and history" article (MachineCore.docc/NestedStates.md) shows the
/// jukebox's declaration and logs of its steps: each log is played here, and each line of the
/// declaration is a line of Jukebox.swift, so the article cannot fall behind the semantics.
@Suite struct NestedStatesArticleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let article =
        (try? String(
            contentsOf: folder.appendingPathComponent("Sources/MachineCore/MachineCore.docc/NestedStates.md"), encoding: .utf8))
        ?? ""

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

    static let events: [String: Jukebox.Event] = [
        "power": .power, "play": .play, "pause": .pause, "stop": .stop, "resume": .resume, "resumeDeep": .resumeDeep,
        "reset": .reset, "refresh": .refresh, "tick": .tick, "fault": .fault,
    ]

    @Test func everyLogIsWhatTheJukeboxDoes() throws {
        let examples = Self.blocks.filter { $0.language.isEmpty }.flatMap(\.lines)
        #expect(examples.count >= 10)
        for example in examples {
            let parts = example.split(separator: "  ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            try #require(parts.count == 2, "not 'events  log': \(example)")
            var state = Jukebox.table.initialState(context: .init())
            var result = StepResult<Jukebox>()
            var log: [String] = []
            for name in parts[0].split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                let event = try #require(Self.events[name], "unknown event \(name)")
                let before = state.context.log.count
                Jukebox.table.step(&state, event, into: &result)
                log = Array(state.context.log[before...])
            }
            #expect(log.joined(separator: ", ") == parts[1], "\(parts[0])")
        }
    }

    @Test func theDeclarationIsTheJukeboxs() throws {
        let source = try String(
            contentsOf: Self.folder.appendingPathComponent("Tests/MachineCoreTests/Jukebox.swift"), encoding: .utf8)
        let lines = Set(source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let declaration = try #require(Self.blocks.first { $0.language == "swift" })
        for line in declaration.lines where !line.isEmpty {
            #expect(lines.contains(line.trimmingCharacters(in: .whitespaces)), "not in Jukebox.swift: \(line)")
        }
    }
}
