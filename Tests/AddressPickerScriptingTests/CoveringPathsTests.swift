import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import MachineAnalysis
import MachineCore
import MachineRuntime
import MachineTesting
import ScriptTestSupport
import Testing

@Suite("Covering paths") struct CoveringPathsTests {
    /// Deep only: the search takes about 45 s in a debug build.
    @Test(.enabled(if: TestDepth.isDeep)) func theAddressPickersCoveringScriptsPassAndFireEveryRow() throws {
        let vocabulary = AddressPickerVocabulary()
        let initial = AddressPicker.initialState(AddressPicker.Context(configuration: .samplePolicies))
        let result = CoveringPaths.search(table: AddressPicker.table, from: initial, samples: AddressPickerSamples())
        #expect(result.uncoveredRows.isEmpty)
        let scripts = CoveringScripts.render(
            result.paths, vocabulary: vocabulary, from: initial, generatedBy: "address-picker paths")
        #expect(scripts.allSatisfy { $0.text.contains("\ngiven minimumQueryLength 3\n") })
        #expect(scripts.count < AddressPicker.table.rows.count)

        let checker = ScriptChecker(vocabulary: vocabulary)
        let player = Player(vocabulary: vocabulary)
        var coverage = TransitionCoverage(table: AddressPicker.table)
        for script in scripts {
            let outcome = try coverage.record(try checker.check(Array(script.text.utf8), file: script.name), player: player)
            #expect(outcome.exitCode == 0, "\(script.name) does not pass: \(outcome)\n\(script.text)")
            #expect(script.text.contains("expect search == "))
        }
        assertRowCoverage(coverage)
    }

    @Test func pathsAreShortest() throws {
        // S1.activate fires on the first input; C5.pickResult needs five (activate, type, submit,
        // answer, pick).
        let result = CoveringPaths.search(
            table: AddressPicker.table, from: AddressPicker.initialState(),
            samples: AddressPickerSamples(), maximumDepth: 5)
        let table = AddressPicker.table
        let pick = table.rows.firstIndex { $0.id == "C5.pickResult" } ?? -1
        let activate = table.rows.firstIndex { $0.id == "S1.activate" } ?? -1
        #expect(!result.uncoveredRows.contains(pick))
        let pathToPick = result.paths.first { $0.firedRows.contains(pick) }
        #expect(pathToPick?.inputs.count == 5)
        #expect(!result.uncoveredRows.contains(activate))
        // Five inputs are not enough for S5.reuseCompletions (seven are).
        #expect(result.uncoveredRows.contains(table.rows.firstIndex { $0.id == "S5.reuseCompletions" } ?? -1))
    }
}

@Suite("The project's examples") struct ExampleCoverageTests {
    @Test func coverEveryRowOfTheAddressPicker() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".events") }.sorted().map { folder.appendingPathComponent($0) }
        let coverage = assertRowCoverage(ofScripts: scripts, vocabulary: AddressPickerVocabulary())
        #expect(coverage.report.states.percent == 100)
        #expect(coverage.report.events.percent == 100)
    }

    @Test func aCoverageShortfallListsTheMissingRows() {
        var coverage = TransitionCoverage(table: AddressPicker.table)
        coverage.beginRun(at: AddressPicker.initialState())
        let issues = capturingTestIssues {
            assertRowCoverage(coverage, minimum: 50)
        }
        #expect(issues.count == 1)
        #expect(
            issues.allSatisfy {
                $0.hasPrefix("Row coverage is 0 of 60 (0.0%), below 50.0%") && $0.contains("  • K1.dismissAlert")
            })
    }
}
