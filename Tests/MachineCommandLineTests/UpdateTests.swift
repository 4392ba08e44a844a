import Foundation
import MachineCommandLine
import Testing

@Suite("replay --update, in process") struct UpdateTests {
    static let story = """
        # Bob picks up.
        send call
        expect

        respond ring "Bob"   # after a while
        expect line == idle
        expect answeredBy == "Bob"

        """
    static let updated = """
        # Bob picks up.
        send call
        expect line == ringing
        expect pending == [ring]
        expect timers == [patience]
        expect commands [ring, startTimer(patience, 10s)]

        respond ring "Bob"   # after a while
        expect line == talking
        expect answeredBy == "Bob"

        """

    static func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func updateWritesTheScriptPrintsItsDiffAndThenItPasses() throws {
        let folder = try CallBox.folder(["story.events": Self.story])
        let path = folder.appendingPathComponent("story.events").path
        let result = try CallBox.run(["replay", "--update", path])
        #expect(result.status == .success, "\(result.error)")
        #expect(try Self.contents(path) == Self.updated)
        // The path is absolute: the header says a/tmp/..., as git does, never a//tmp/....
        #expect(path.hasPrefix("/"))
        #expect(
            result.output == """
                --- a\(path)
                +++ b\(path)
                @@ -1,7 +1,10 @@
                 # Bob picks up.
                 send call
                -expect
                +expect line == ringing
                +expect pending == [ring]
                +expect timers == [patience]
                +expect commands [ring, startTimer(patience, 10s)]
                 
                 respond ring "Bob"   # after a while
                -expect line == idle
                +expect line == talking
                 expect answeredBy == "Bob"

                """)
        #expect(result.error == "UPDATED \(path) (2 expectations)\n")
        #expect(CallBox.listing(folder) == ["story.events"], "no temporary file stays")
        #expect(try CallBox.run(["replay", "-q", path]).status == .success)
        let again = try CallBox.run(["replay", "--update", path])
        #expect(again.status == .success)
        #expect(again.output.isEmpty)
        #expect(again.error == "UP TO DATE \(path)\n")
    }

    @Test func checkPrintsTheDiffWritesNothingAndFails() throws {
        let folder = try CallBox.folder(["story.events": Self.story, "done.events": Self.updated])
        let story = folder.appendingPathComponent("story.events").path
        let done = folder.appendingPathComponent("done.events").path
        let result = try CallBox.run(["replay", "--update", "--check", story, done])
        #expect(result.status == .failure)
        #expect(result.output.hasPrefix("--- a\(story)\n+++ b\(story)\n@@ -1,7 +1,10 @@\n"))
        #expect(result.error == "WOULD UPDATE \(story) (2 expectations)\nUP TO DATE \(done)\n")
        #expect(try Self.contents(story) == Self.story)
        #expect(try CallBox.run(["replay", "--update", "--check", done]).status == .success)
    }

    @Test func anInvalidScriptIsNeverRewritten() throws {
        let invalid = Self.story + "send dance\n"
        let folder = try CallBox.folder(["invalid.events": invalid, "story.events": Self.story])
        let paths = ["invalid.events", "story.events"].map { folder.appendingPathComponent($0).path }
        let result = try CallBox.run(["replay", "--update"] + paths)
        #expect(result.status == .invalid)
        #expect(result.error.contains("invalid.events:8:6: error: unknown event 'dance'"))
        #expect(result.error.contains("INVALID \(paths[0]): not updated\n"))
        #expect(try Self.contents(paths[0]) == invalid)
        #expect(try Self.contents(paths[1]) == Self.updated, "the valid one is updated")
    }

    @Test func anExpectationItCannotWriteStaysAndFails() throws {
        let folder = try CallBox.folder(["story.events": "send call\nexpect line != ringing\nexpect line == idle\n"])
        let path = folder.appendingPathComponent("story.events").path
        let result = try CallBox.run(["replay", "--update", path])
        #expect(result.status == .failure)
        #expect(try Self.contents(path) == "send call\nexpect line != ringing\nexpect line == ringing\n")
        #expect(result.error.contains("\(path):2:1: expectation failed: expect line != ringing\n"))
        #expect(result.error.hasSuffix("UPDATED \(path) (1 expectation), 1 still failing\n"))
    }

    @Test func aSymbolicLinkIsWrittenThrough() throws {
        let folder = try CallBox.folder(["story.events": Self.story])
        let link = folder.appendingPathComponent("link.events")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder.appendingPathComponent("story.events"))
        #expect(try CallBox.run(["replay", "--update", link.path]).status == .success)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
                == folder.appendingPathComponent("story.events").path)
        #expect(try Self.contents(folder.appendingPathComponent("story.events").path) == Self.updated)
    }

    @Test(arguments: [
        ["--update", "-"], ["--update", "--snapshot", "snaps", "x.events"],
        ["--update", "--record", "--snapshot", "s", "x.events"],
        ["--update", "-o", "out", "x.events"], ["--update", "--format", "json", "x.events"], ["--update", "--quiet", "x.events"],
        ["--check", "x.events"],
    ])
    func usageErrors(_ arguments: [String]) throws {
        let result = try CallBox.run(["replay"] + arguments, input: Self.story)
        #expect(result.status == .usage, "\(result.error)")
        #expect(result.error.hasPrefix("error: --"))
    }

    @Test func aMissingScriptIsAnIOError() throws {
        let result = try CallBox.run(["replay", "--update", "/nonexistent/story.events"])
        #expect(result.status == .cannotReadOrWrite)
        #expect(result.error.hasPrefix("error: cannot read '/nonexistent/story.events'"))
    }

    @Test func withoutUpdateABareExpectFailsAndSaysWhatItWouldBe() throws {
        let result = try CallBox.run(["replay", "-q", "-"], input: Self.story)
        #expect(result.status == .failure)
        #expect(
            result.error.contains(
                """
                <stdin>:3:1: expectation failed: expect
                    expected: the expectations of line 2 (replay --update writes them)
                    actual:   expect line == ringing; expect pending == [ring]; expect timers == [patience]; expect commands [ring, startTimer(patience, 10s)]
                """))
    }

    @Test func theHelpListsTheNewFlags() throws {
        let replay = try CallBox.run(["replay", "--help"]).output
        #expect(replay.contains("  --update  "))
        #expect(replay.contains("  --check  "))
        #expect(replay.contains("[--update] [--check]"))
        #expect(try CallBox.run(["paths", "--help"]).output.contains("  --expect  "))
        #expect(try CallBox.run(["explore", "--help"]).output.contains("  --expect  "))
    }

    @Test func pathsWithExpectWritesScriptsThatCheckEveryStepAndNeedNoUpdate() throws {
        let folder = try CallBox.folder([:])
        #expect(try CallBox.run(["paths", "--expect", "-o", folder.path]).status == .success)
        let scripts = CallBox.listing(folder).map { folder.appendingPathComponent($0).path }
        #expect(!scripts.isEmpty)
        for script in scripts {
            let text = try Self.contents(script)
            #expect(text.hasPrefix("# Generated by `call-box paths --expect`: "))
            #expect(text.contains("send call\nexpect line == ringing\n"))
            #expect(text.contains("expect commands ["))
        }
        let replayed = try CallBox.run(["replay", "-q"] + scripts)
        #expect(replayed.status == .success, "\(replayed.error)")
        let check = try CallBox.run(["replay", "--update", "--check"] + scripts)
        #expect(check.status == .success)
        #expect(check.output.isEmpty)
    }

    @Test func exploreWithExpectWritesAViolationThatChecksEveryStep() throws {
        let path = try CallBox.folder([:]).appendingPathComponent("found.events").path
        let result = try CallBox.run(["explore", "--expect", "--steps", "1000", "-o", path], tool: CallBox.nobodyAnswers)
        #expect(result.status == .failure)
        let script = try Self.contents(path)
        #expect(
            script.contains(
                "send call\nexpect line == ringing\nexpect pending == [ring]\nexpect timers == [patience]\n"
                    + "expect commands [ring, startTimer(patience, 10s)]\nrespond ring \"Bob\"\nexpect line == talking\n"))
        #expect(try CallBox.run(["replay", "-q", path], tool: CallBox.nobodyAnswers).status == .success)
    }
}
