import Foundation
import Testing

@Suite("address-picker replay --save-state and --from-state") struct SavedStateCommandTests {
    let typing = """
        send appeared
        respond address address(city: "New York")
        send searchActivated
        send queryChanged("Apple")
        advance 300ms
        expect pending == [completions]

        """
    let picking = """
        respond completions [completion(title: "Apple Store", subtitle: "Search Nearby")]
        expect search == showingCompletions
        expect query == "Apple"
        send queryChanged("Apple S")
        advance 300ms
        expect pending == [completions]
        respond completions#2 []
        expect completions == []

        """

    @Test func aSessionSavedAfterOneScriptGoesOnInAnother() throws {
        let folder = try Tool.folder(["typing.events": typing, "picking.events": picking])
        let saved = try Tool.run(["replay", "--quiet", "typing.events", "--save-state", "typing.json"], in: folder)
        #expect(saved.status == 0, "\(saved.error)")
        let state = try String(contentsOf: folder.appendingPathComponent("typing.json"), encoding: .utf8)
        #expect(state.contains(#""search":"loadingCompletions""#))
        #expect(state.contains(#""request":{"requestCompletions":{"query":"Apple"}},"status":"pending""#))
        let resumed = try Tool.run(["replay", "picking.events", "--from-state", "typing.json"], in: folder)
        #expect(resumed.status == 0, "\(resumed.output)\(resumed.error)")
        #expect(resumed.output.contains("@300ms respond completions#1"), "the clock goes on from the saved time")
        #expect(resumed.output.contains("@600ms respond completions#2 []"))
    }

    /// A provider answers the requests the saved session left in flight after the first step.
    @Test func theGazetteerProviderAnswersTheSavedRequests() throws {
        let after = "send alertDismissed\nexpect pending == []\nexpect completionsQuery == \"Apple\"\n"
        let folder = try Tool.folder(["typing.events": typing, "after.events": after])
        _ = try Tool.run(["replay", "-q", "typing.events", "--save-state", "typing.json"], in: folder)
        let result = try Tool.run(
            ["replay", "after.events", "--from-state", "typing.json", "--provider", "gazetteer"], in: folder)
        #expect(result.status == 0, "\(result.output)\(result.error)")
    }

    @Test func aStateOfAnotherMachineOrABrokenOneIsExitTwo() throws {
        let folder = try Tool.folder(["typing.events": typing, "picking.events": picking])
        _ = try Tool.run(["replay", "-q", "typing.events", "--save-state", "typing.json"], in: folder)
        let good = try String(contentsOf: folder.appendingPathComponent("typing.json"), encoding: .utf8)
        let machine = try #require(good.range(of: #""machine":""#).map { good[$0.upperBound...].prefix(16) })
        let other = good.replacingOccurrences(of: String(machine), with: "0123456789abcdef")
        try Data(other.utf8).write(to: folder.appendingPathComponent("other.json"))
        let result = try Tool.run(["replay", "picking.events", "--from-state", "other.json"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.error
                == "error: 'other.json': the saved state is of another machine (table identity 0123456789abcdef; this machine's is \(machine))\n"
        )
        try Data(good.prefix(good.count / 2).utf8).write(to: folder.appendingPathComponent("cut.json"))
        let cut = try Tool.run(["replay", "picking.events", "--from-state", "cut.json"], in: folder)
        #expect(cut.status == 2)
        #expect(cut.error.hasPrefix("error: 'cut.json': the saved state is not valid: not valid JSON: "))
        #expect(cut.output.isEmpty)
    }

    @Test func helpShowsTheOptions() throws {
        let help = try Tool.run(["replay", "--help"])
        #expect(
            help.output.contains(
                "  --save-state <file>     Write the state the script ends in to <file> (JSON), atomically; one script only.\n"))
        #expect(
            help.output.contains(
                "  --from-state <file>     Start every script from the state saved in <file> instead of a new machine.\n"))
    }
}
