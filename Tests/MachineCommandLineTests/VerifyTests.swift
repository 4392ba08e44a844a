import Foundation
import MachineCommandLine
import Testing

@Suite("verify, in process") struct VerifyTests {
    @Test func thePagersWholeSpaceIsVisitedAndEveryInvariantHolds() throws {
        let result = try CallBox.run(["verify"])
        #expect(result.status == .success, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix(": exhausted: every state the samples reach was visited") == true, "\(lines)")
        #expect(lines.contains("no way out: none"))
        #expect(lines.contains("rows never fired: none"))
        #expect(lines.last == "7 invariants held on every transition", "the standard five and the pager's two")
        #expect(try CallBox.run(["verify"]).output == result.output, "the same report every run")
    }

    /// Fingerprints visit the same states (the pager's few cannot collide in practice), and the
    /// report bounds the chance that one was missed.
    @Test func fingerprintsVisitTheSameStatesAndBoundTheRisk() throws {
        let exact = try CallBox.run(["verify"]).output.split(separator: "\n")
        let printed = try CallBox.run(["verify", "--fingerprints"]).output.split(separator: "\n")
        #expect(exact.first == printed.first)
        #expect(exact[1].hasPrefix("visited: exact states, "))
        #expect(printed[1].hasPrefix("visited: 64-bit fingerprints, "))
        #expect(printed[1].hasSuffix(" (n²/2^65 for n states)"))
    }

    /// Each level is split into chunks, each expanded on one of the threads; the chunks are
    /// merged in order, so the report is the same on one thread, on a few, and on more threads
    /// than chunks.
    @Test func theReportIsTheSameOnAnyNumberOfThreads() throws {
        let everyCore = try CallBox.run(["verify"])
        #expect(everyCore.status == .success, "\(everyCore.error)")
        for threads in ["1", "2", "3", "64"] {
            let result = try CallBox.run(["verify", "--threads", threads])
            #expect(result.status == .success, "\(result.error)")
            #expect(result.output == everyCore.output, "--threads \(threads)")
        }
    }

    @Test func theBoundsSayWhereTheSearchStopped() throws {
        let shallow = try CallBox.run(["verify", "--depth", "1"])
        #expect(shallow.status == .success)
        #expect(shallow.output.hasPrefix("2 states and "), "the initial state and the call")
        #expect(shallow.output.contains(" to depth 1: stopped at --depth 1, not exhausted\n"))
        #expect(shallow.output.contains("rows never fired: answered, unanswered, giveUp, hangUp\n"))
        let few = try CallBox.run(["verify", "--max-states", "3"])
        #expect(few.output.hasPrefix("3 states and "))
        #expect(few.output.contains(": stopped at --max-states 3, not exhausted\n"))
    }

    /// The shortest violation (call, then Bob answers) is written with its expectations; the
    /// script replays, its expectations met, and ends in the state that breaks the invariant.
    @Test func aViolationIsAShortestScriptThatReplays() throws {
        let path = try CallBox.folder([:]).appendingPathComponent("found.events").path
        let result = try CallBox.run(["verify", "-o", path], tool: CallBox.nobodyAnswers)
        #expect(result.status == .failure)
        #expect(result.output.contains(": stopped at the first violation\n"))
        #expect(!result.output.contains("invariants held"))
        #expect(result.error.hasPrefix("invariant broken after 2 inputs: nobody answers\n  Bob answered\n"))
        #expect(result.error.hasSuffix("wrote \(path); replay it:\n  call-box replay \(path)\n"))
        let script = try String(contentsOfFile: path, encoding: .utf8)
        #expect(script.hasPrefix("# Found by `call-box verify --depth 20`: a shortest sequence of inputs, 2 long.\n"))
        #expect(script.contains("send call\nexpect line == ringing\n"), "each input is followed by its expectations")
        #expect(script.contains("respond ring \"Bob\"\n"))
        #expect(try CallBox.run(["replay", path], tool: CallBox.nobodyAnswers).status == .success)
        #expect(try CallBox.run(["verify", "-o", path], tool: CallBox.nobodyAnswers).error == result.error)
    }

    @Test(arguments: [
        (["--depth", "0"], "error: --depth takes a whole number from 1 to 100000, not '0'"),
        (["--depth", "-3"], "error: --depth takes a whole number from 1 to 100000, not '-3'"),
        (
            ["--max-states", "99999999999999999999999"],
            "error: --max-states takes a whole number from 1 to 1000000000, not '99999999999999999999999'"
        ),
        (["--initial", "eager"], "error: --initial takes default or impatient, not 'eager'"),
        (["--threads", "0"], "error: --threads takes a whole number from 1 to 1024, not '0'"),
    ])
    func badValuesAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let result = try CallBox.run(["verify"] + arguments)
        #expect(result.status == .usage)
        #expect(result.error.hasPrefix(message), "\(result.error)")
        #expect(result.output.isEmpty)
    }

    @Test func withoutSamplesItSaysWhatIsMissing() throws {
        let result = try CallBox.run(["verify"], tool: CallBox.withoutSamples)
        #expect(result.status == .usage)
        #expect(result.error.hasPrefix("error: verify needs the machine's input samples"))
    }
}
