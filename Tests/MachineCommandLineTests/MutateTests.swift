import Foundation
import MachineAnalysis
import MachineCommandLine
import Testing

/// `call-box mutate`: the report, its formats, `--min`, `--html` and bad input.
@Suite struct MutateTests {
    /// Checks where a call goes and who answered: not the timer, nor hanging up.
    static let answered =
        "send call\nexpect line == ringing\nrespond ring \"Bob\"\nexpect line == talking\nexpect answeredBy == \"Bob\"\n"

    @Test func theReportListsTheSurvivorsByRowWithTheLinesThatReachIt() throws {
        let result = try CallBox.run(["mutate", "-"], input: Self.answered)
        #expect(result.status == .success, "\(result.error)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("pager: ") == true)
        #expect(lines.first?.contains(" survived: score ") == true)
        // The patience timer is never checked: halving it goes unnoticed where `call` fires.
        #expect(result.output.contains("row call (reached at <stdin>:1)\n"))
        #expect(result.output.contains("  call/timer-patience-halved: timer patience started for half its duration\n"))
        // No script hangs up.
        #expect(result.output.contains("row hangUp (no script reaches it)\n"))
        // Where `answered` goes is checked.
        #expect(!result.output.contains("answered/target=idle"))
        // The same report in every run, mutants running on every core.
        #expect(try CallBox.run(["mutate", "-"], input: Self.answered).output == result.output)
    }

    @Test func jsonGivesEveryMutantAndWhatKilledIt() throws {
        let result = try CallBox.run(["mutate", "--format", "json", "-"], input: Self.answered)
        #expect(result.status == .success, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(object["mutants"] as? Int == results.count)
        let removed = try #require(results.first { $0["id"] as? String == "answered/removed" })
        let kill = try #require(removed["killedBy"] as? [String: Any])
        #expect(kill["location"] as? String == "<stdin>:4")
        #expect(kill["outcome"] as? String == "failed")
        let killed = results.count { $0["killedBy"] != nil }
        #expect(object["killed"] as? Int == killed)
    }

    @Test func aScoreBelowTheMinimumExitsWithOne() throws {
        let below = try CallBox.run(["mutate", "--min", "99", "-"], input: Self.answered)
        #expect(below.status == .failure)
        #expect(below.output.contains("is below --min 99.0%"))
        #expect(try CallBox.run(["mutate", "--min", "10", "-"], input: Self.answered).status == .success)
        #expect(try CallBox.run(["mutate", "--min", "101", "-"], input: Self.answered).status == .usage)
    }

    @Test func scriptsThatAreInvalidOrFailAreRefused() throws {
        let invalid = try CallBox.run(["mutate", "-"], input: ReplayTests.invalid)
        #expect(invalid.status == .invalid)
        #expect(invalid.error.contains("<stdin>:2"))
        let failing = try CallBox.run(["mutate", "-"], input: ReplayTests.failing)
        #expect(failing.status == .invalid)
        #expect(failing.error.contains("<stdin> does not pass on the machine itself"))
        #expect(try CallBox.run(["mutate"]).status == .usage)
        #expect(try CallBox.run(["mutate", "/no/such/file.events"]).status == .cannotReadOrWrite)
    }

    @Test func theHTMLPageMarksTheSurvivors() throws {
        let folder = try CallBox.folder([:])
        let path = folder.appendingPathComponent("mutants.html").path
        let result = try CallBox.run(["mutate", "--html", path, "-"], input: Self.answered)
        #expect(result.status == .success, "\(result.error)")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("<th>surviving mutants</th>"))
        #expect(html.contains("<code>call/timer-patience-halved</code>"))
        #expect(html.contains("class=\"row arrow survived\""))
    }
}

/// `mutate --suggest`: scripts that kill the survivors.
@Suite struct MutateSuggestTests {
    @Test func theSuggestedScriptsKillEverySurvivorTheyTellApart() throws {
        let folder = try CallBox.folder(["answered.events": "machine pager\n" + MutateTests.answered])
        let scripts = folder.appendingPathComponent("answered.events").path
        let suggested = folder.appendingPathComponent("suggested")
        let first = try CallBox.run(["mutate", "--suggest", suggested.path, scripts])
        #expect(first.status == .success, "\(first.error)")
        #expect(first.output.contains("suggest: wrote "))
        let files = CallBox.listing(suggested)
        #expect(files.contains("kill-call-timer-patience-halved.events"))
        let halved = try String(
            contentsOf: suggested.appendingPathComponent("kill-call-timer-patience-halved.events"), encoding: .utf8)
        #expect(halved.hasPrefix("# Generated by `call-box mutate --suggest`: kills the mutant call/timer-patience-halved,\n"))
        // With the suggested scripts, only the mutants nothing tells apart survive.
        let second = try CallBox.run(["mutate", scripts] + files.map { suggested.appendingPathComponent($0).path })
        #expect(second.status == .success, "\(second.error)")
        let equivalent = first.output.split(separator: "\n").filter { $0.contains("no difference found up to") }.count
        #expect(second.output.contains(" \(equivalent) survived: score "), "\(second.output)")
        // The score counting only the mutants a script can tell apart leaves those out.
        // "pager: N mutants, K killed, …"
        let words = first.output.prefix { $0 != "\n" }.split(separator: " ")
        let total = try #require(Int(words[1]), "\(first.output)")
        let killed = try #require(Int(words[3]), "\(first.output)")
        let told = total - equivalent
        let score = String(format: "%.1f%%", Double(killed) * 100 / Double(told))
        #expect(
            first.output.contains("\ncounting only the \(told) mutants a script can tell apart: score \(score)\n"),
            "\(first.output)")
        #expect(!second.output.contains("counting only"))
    }

    @Test func theScoreOfWhatAScriptCanTellApartLeavesOutTheUndistinguished() {
        func result(_ id: String, killed: Bool) -> MutationReport.Result {
            MutationReport.Result(
                id: id, row: "call", fault: "guard-true", description: "row call: \(id)",
                killedBy: killed ? MutationReport.Kill(script: "a.events", location: "a.events:3", outcome: "failed") : nil,
                reachedAt: [])
        }
        var report = MutationReport(
            machine: "pager", scripts: ["a.events"],
            results: [
                result("a", killed: true), result("b", killed: true), result("c", killed: false), result("d", killed: false),
            ])
        #expect(!report.text.contains("counting only"))
        report.undistinguished = [MutationReport.Undistinguished(id: "c", depth: 4)]
        #expect(report.distinguishable == 3)
        #expect(
            report.text.hasPrefix(
                "pager: 4 mutants, 2 killed, 2 survived: score 50.0%\n"
                    + "counting only the 3 mutants a script can tell apart: score 66.7% "
                    + "(the survivor that no script of up to 4 inputs told apart is left out)\n"))
        report.undistinguished = [
            MutationReport.Undistinguished(id: "c", depth: 4), MutationReport.Undistinguished(id: "d", depth: 8),
        ]
        #expect(
            report.text.contains(
                "counting only the 2 mutants a script can tell apart: score 100.0% "
                    + "(the 2 survivors that no script of up to 4 to 8 inputs told apart are left out)\n"))
    }

    @Test func jsonGivesTheScoreOfTheMutantsAScriptCanTellApart() throws {
        let folder = try CallBox.folder(["answered.events": "machine pager\n" + MutateTests.answered])
        let scripts = folder.appendingPathComponent("answered.events").path
        let suggested = folder.appendingPathComponent("suggested").path
        let result = try CallBox.run(["mutate", "--format", "json", "--suggest", suggested, scripts])
        #expect(result.status == .success, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let mutants = try #require(object["mutants"] as? Int)
        let killed = try #require(object["killed"] as? Int)
        let left = try #require(object["undistinguished"] as? [[String: Any]])
        #expect(object["distinguishable"] as? Int == mutants - left.count)
        #expect(
            object["distinguishableScore"] as? Double == (Double(killed) * 1000 / Double(mutants - left.count)).rounded() / 10)
        // Each left out is a survivor, with the depth searched.
        let survivors = Set(
            (object["results"] as? [[String: Any]] ?? []).filter { $0["killedBy"] == nil }.compactMap { $0["id"] as? String })
        #expect(left.allSatisfy { survivors.contains($0["id"] as? String ?? "") && ($0["depth"] as? Int ?? 0) > 0 })
        #expect(result.error.contains("suggest: wrote "))
        // Without --suggest, no search ran: nothing is said about it.
        let plain = try CallBox.run(["mutate", "--format", "json", scripts])
        #expect(!plain.output.contains("distinguishable"))
    }

    @Test func withoutSamplesSuggestIsAUsageError() throws {
        let result = try CallBox.run(
            ["mutate", "--suggest", "out", "-"], tool: CallBox.withoutSamples, input: MutateTests.answered)
        #expect(result.status == .usage)
        #expect(result.error.contains("--suggest needs the machine's input samples"))
    }
}
