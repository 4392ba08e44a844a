import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import MachineAnalysis
import MachineRuntime
import ScriptFiles
import Testing

/// `replay --update` on the picker's own scripts: every example and random exploration scripts,
/// their expectations stripped to bare `expect`s and written again.
@Suite("Updating the picker's scripts") struct PickerUpdateTests {
    static let updater = ScriptUpdater(vocabulary: AddressPickerVocabulary())

    /// `script` with every run of `expect` lines after an input replaced by one bare `expect`,
    /// indented as the first of the run; expectations before the first input stay.
    static func strip(_ script: String) -> String {
        var lines: [Substring] = []
        var sawInput = false
        var inRun = false
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            let statement = line.drop { $0 == " " || $0 == "\t" }
            let isExpect = statement.hasPrefix("expect ") || statement == "expect"
            if isExpect && sawInput {
                if !inRun { lines.append(line.prefix(line.count - statement.count) + "expect") }
                inRun = true
                continue
            }
            inRun = false
            if ["send ", "advance ", "respond ", "fail "].contains(where: { statement.hasPrefix($0) }) { sawInput = true }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The lines of `script` that are not expectations.
    static func withoutExpectations(_ script: String) -> [Substring] {
        script.split(separator: "\n", omittingEmptySubsequences: false).filter {
            !$0.drop { $0 == " " || $0 == "\t" }.hasPrefix("expect")
        }
    }

    /// Updates `script`, checks that the update replays and passes on its own and keeps every
    /// line that is not an expectation; returns the updated text.
    static func updatedAndPassing(
        _ script: String, file: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let update = try updater.update(Array(script.utf8), file: file)
        let text = String(decoding: update.updated, as: UTF8.self)
        #expect(update.outcome.exitCode == 0, "\(file): \(update.failures.map(\.statement))", sourceLocation: sourceLocation)
        let (outcome, transcript) = harness.replay(text)
        #expect(outcome.exitCode == 0, "\(file)\n\(text)\n\(transcript)", sourceLocation: sourceLocation)
        #expect(withoutExpectations(text) == withoutExpectations(script), "\(file)", sourceLocation: sourceLocation)
        return text
    }

    @Test("Every example, stripped of its expectations, is filled again and passes", arguments: ExampleScriptTests.examples)
    func strippedExample(_ url: URL) throws {
        let original = try String(contentsOf: url, encoding: .utf8)
        let stripped = Self.strip(original)
        #expect(stripped != original)
        #expect(stripped.contains("\nexpect\n"))
        let filled = try Self.updatedAndPassing(stripped, file: url.lastPathComponent)
        #expect(!filled.contains("\nexpect\n"))
        #expect(
            filled.components(separatedBy: "\nexpect ").count >= stripped.components(separatedBy: "\nexpect").count,
            "each placeholder gives at least one expectation")

        // Every command list made wrong is rewritten to what it was.
        let wrong = filled.replacingOccurrences(
            of: #"expect commands \[.*\]"#, with: "expect commands [cancel(address)]", options: .regularExpression)
        #expect(wrong != filled)
        let rewritten = try Self.updater.update(Array(wrong.utf8), file: url.lastPathComponent)
        #expect(String(decoding: rewritten.updated, as: UTF8.self) == filled)
    }

    @Test("An example that passes is left as it is", arguments: ExampleScriptTests.examples)
    func passingExample(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        let update = try Self.updater.update(bytes, file: url.lastPathComponent)
        #expect(!update.changesScript)
        #expect(update.updated == bytes)
    }

    /// Random explorations broken off by an invariant that a long walk breaks (the map is never
    /// throttled, a search never shows results): their scripts, long and unshrunk, with their
    /// expectations written (`explore --expect`) replay and pass and need no update; stripped,
    /// they are filled again and pass.
    @Test(arguments: [1, 2, 3, 4]) func explorationScripts(seed: Int) throws {
        let invariants = [
            Invariant<AddressPicker>("search never shows results") { observation in
                observation.after.state[AddressPicker.search] == .showingResults ? "search is showingResults" : nil
            },
            Invariant<AddressPicker>("the map is never throttled") { observation in
                observation.after.state[AddressPicker.map] == .throttled ? "map is throttled" : nil
            },
        ]
        let base = AddressPicker.explorer(configuration: .samplePolicies)
        let explorer = Explorer(
            table: base.table, initial: base.initial, samples: base.samples,
            invariants: AddressPicker.invariants + [invariants[seed % 2]])
        let violation = try #require(explorer.explore(seed: UInt64(seed), moves: 50_000).violation)
        #expect(violation.inputs.count > 3)
        let vocabulary = AddressPickerVocabulary()
        let expected = ExplorationScript.render(
            violation, vocabulary: vocabulary, initial: explorer.initial, header: ["seed \(seed)"],
            expectations: true)
        let exact = try Self.updater.update(Array(expected.utf8), file: "explored.events")
        #expect(exact.outcome.exitCode == 0, "\(exact.failures.map(\.statement))")
        #expect(!exact.changesScript, "explore --expect writes what the update would")
        let plain = ExplorationScript.render(
            violation, vocabulary: vocabulary, initial: explorer.initial, header: ["seed \(seed)"])
        _ = try Self.updatedAndPassing(Self.strip(plain), file: "explored-\(seed).events")
        _ = try Self.updatedAndPassing(Self.strip(expected), file: "explored-expect-\(seed).events")
    }
}
