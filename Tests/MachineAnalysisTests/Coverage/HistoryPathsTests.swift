import EventScripts
import MachineAnalysis
import MachineCore
import MachineRuntime
import Testing

/// Covering paths across nested states and history, on the dryer.
@Suite("Covering paths, nested states and history") struct HistoryPathsTests {
    let table = Dryer.table
    let initial = Dryer.table.initialState(context: .init())

    func row(_ id: String) -> Int { table.rows.firstIndex { $0.id == id } ?? -1 }

    /// How each history row fired along `paths`, replayed from the initial state: the ids of
    /// the rows seen restoring their target and of those seen entering it by default.
    func historyEntries(_ paths: [InputPath<Dryer>]) throws -> (restored: Set<String>, byDefault: Set<String>) {
        var restored = Set<String>()
        var byDefault = Set<String>()
        for path in paths {
            var runtime = Runtime(table: table, state: initial)
            for input in path.inputs {
                for step in try runtime.apply(input) {
                    guard let result = step.result else { continue }
                    for fired in result.firedRows where table.rows[fired].history != nil {
                        if result.stateChanges.contains(where: { $0.row == fired && $0.kind == .restored }) {
                            restored.insert(table.rows[fired].id)
                        } else {
                            byDefault.insert(table.rows[fired].id)
                        }
                    }
                }
            }
        }
        return (restored, byDefault)
    }

    @Test func thePathsCoverRowsStatesAndHistoryRestoresEntirely() throws {
        let result = CoveringPaths.search(table: table, from: initial, samples: Dryer.Samples())
        #expect(result.uncoveredRows.isEmpty)
        #expect(result.unreachedGoals.isEmpty)

        var coverage = TransitionCoverage(table: table)
        for path in result.paths {
            var runtime = Runtime(table: table, state: initial)
            coverage.beginRun(at: initial)
            for input in path.inputs { coverage.record(try runtime.apply(input)) }
            #expect(runtime.state == path.finalState)
        }
        let report = coverage.report
        #expect(report.rows.percent == 100)
        #expect(report.states.percent == 100, "leaves and compound states entered")
        #expect(report.histories.map { [$0.covered, $0.total] } == [1, 1], "on restored by its history")

        // Each history row both ways: restoring what on remembers, and entering its initial
        // child when on was never exited. Row coverage alone would stop before either restore.
        let entries = try historyEntries(result.paths)
        #expect(entries.restored == ["powerOn", "resume"])
        #expect(entries.byDefault == ["powerOn", "resume"])
    }

    @Test func aRestoreNeedsTheLongerPathThatExitsTheStateFirst() throws {
        let result = CoveringPaths.search(table: table, from: initial, samples: Dryer.Samples())
        // power (on, by default), pause (on remembers idle), resume (restores idle).
        let resume = try #require(
            result.paths.first { path in
                (try? historyEntries([path]).restored.contains("resume")) == true
            })
        #expect(resume.inputs.count == 3)
        // standby (paused, on never exited), resume (by default).
        let byDefault = try #require(
            result.paths.first { path in (try? historyEntries([path]).byDefault.contains("resume")) == true })
        #expect(byDefault.inputs.count <= 3)
    }

    @Test func theGoalsNotReachedWithinTheLimitsAreNamed() {
        let result = CoveringPaths.search(table: table, from: initial, samples: Dryer.Samples(), maximumDepth: 2)
        // Two inputs fire powerOn, and standby then resume by default, but restore nothing (on
        // must be entered, then exited, then entered again) and reach neither heat nor cool
        // (power, dry, then heat or cool).
        let unreached = result.unreachedGoals.map { $0.description(in: table.listing) }
        #expect(
            unreached == [
                "row heat", "row cool", "state mode.hot", "powerOn restoring mode.on", "resume restoring mode.on",
            ])
        #expect(result.uncoveredRows == [row("heat"), row("cool")])
    }

    @Test func aGoalThatCannotBeReachedIsReportedAfterTheSearch() {
        // Without standby, paused is reached only from on, which remembers its leaf on the way
        // out: resume can never find on never exited. Without powerOff, off is never entered
        // again: powerOn can never find on remembered.
        let rows = Dryer.table.listing.rows.count
        let noStandby = TransitionTable<Dryer>(
            regions: [Dryer.mode],
            rows: [
                Row("powerOn", in: Dryer.mode, from: [.off], on: .power, to: .on, history: .deep),
                Row("pause", in: Dryer.mode, from: [.on], on: .pause, to: .paused),
                Row("resume", in: Dryer.mode, from: [.paused], on: .resume, to: .on, history: .shallow),
                Row("dry", in: Dryer.mode, from: [.idle], on: .dry, to: .drying),
                Row("heat", in: Dryer.mode, from: [.gentle], on: .heat, to: .hot),
            ])
        #expect(noStandby.rows.count < rows)
        let result = CoveringPaths.search(
            table: noStandby, from: noStandby.initialState(context: .init()), samples: Dryer.Samples(), maximumStates: 200)
        #expect(result.uncoveredRows.isEmpty)
        #expect(
            result.unreachedGoals.map { $0.description(in: noStandby.listing) } == [
                "powerOn restoring mode.on", "resume entering mode.on by default",
            ])
    }

    @Test func theCoveringScriptsOfANestedMachinePass() throws {
        let vocabulary = DryerVocabulary()
        let result = CoveringPaths.search(table: table, from: initial, samples: Dryer.Samples())
        let scripts = CoveringScripts.render(result.paths, vocabulary: vocabulary, from: initial, generatedBy: "dryer paths")
        // Each script names how it enters on by history, and together they name all four ways.
        let named = scripts.flatMap { script in
            script.text.split(separator: "\n").filter { $0.hasPrefix("# By history: ") }
                .flatMap { $0.dropFirst(14).dropLast().components(separatedBy: ", ") }
        }
        #expect(
            Set(named) == [
                "powerOn restoring mode.on", "powerOn entering mode.on by default", "resume restoring mode.on",
                "resume entering mode.on by default",
            ])
        let resume = try #require(scripts.first { $0.text.contains("# By history: ") && $0.text.contains("resume restoring") })
        #expect(resume.text.hasPrefix("# Generated by `dryer paths`: a shortest path from the initial state that fires\n# "))
        #expect(resume.text.contains(".\n# By history: ") && resume.text.contains(".\nmachine dryer\n"))
        let checker = ScriptChecker(vocabulary: vocabulary)
        let player = Player(vocabulary: vocabulary)
        var coverage = TransitionCoverage(table: table)
        for script in scripts {
            let outcome = try coverage.record(try checker.check(Array(script.text.utf8), file: script.name), player: player)
            #expect(outcome.exitCode == 0, "\(script.name) does not pass: \(outcome)\n\(script.text)")
        }
        #expect(coverage.report.rows.percent == 100)
        #expect(coverage.report.states.percent == 100)
        #expect(coverage.report.histories?.percent == 100)
    }
}
