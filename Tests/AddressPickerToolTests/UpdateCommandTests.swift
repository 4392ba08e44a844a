import Foundation
import ScriptTestSupport
import Testing

@Suite("address-picker replay --update") struct UpdateCommandTests {
    /// Every example, its expectations after the first input replaced by bare `expect`s: the
    /// executable fills them (through `patch`-ready diffs), the scripts then replay and pass,
    /// and a second update finds nothing to do.
    @Test func strippedExamplesAreFilledAndThenPass() throws {
        let examples = try FileManager.default.contentsOfDirectory(
            atPath: Tool.packageRoot.appendingPathComponent("Examples").path
        )
        .filter { $0.hasSuffix(".events") }.sorted()
        #expect(examples.count >= 9)
        var files: [String: String] = [:]
        for name in examples {
            let text = try String(
                contentsOf: Tool.packageRoot.appendingPathComponent("Examples").appendingPathComponent(name), encoding: .utf8)
            files[name] = Self.strip(text)
        }
        let folder = try Tool.folder(files)
        let check = try Tool.run(["replay", "--update", "--check"] + examples, in: folder)
        #expect(check.status == 1)
        #expect(check.output.hasPrefix("--- a/\(examples[0])\n+++ b/\(examples[0])\n@@ "))
        for name in examples {
            #expect(
                try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == files[name],
                "--check writes nothing")
        }
        let update = try Tool.run(["replay", "--update"] + examples, in: folder)
        #expect(update.status == 0, "\(update.error)")
        #expect(update.output == check.output)
        #expect(update.error.components(separatedBy: "UPDATED ").count == examples.count + 1)
        let replay = try Tool.run(["replay", "--quiet"] + examples, in: folder)
        #expect(replay.status == 0, "\(replay.output)")
        let again = try Tool.run(["replay", "--update"] + examples, in: folder)
        #expect(again.status == 0)
        #expect(again.output.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == examples, "no temporary file stays")
    }

    @Test func theDiffAppliesWithPatch() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/patch") else {
            print("patch is not installed: skipped")
            return
        }
        let story = "send appeared\nexpect\r\n  expect map == idle # note\n"
        let folder = try Tool.folder(["story.events": story, "copy.events": story])
        let result = try Tool.run(["replay", "--update", "--check", "story.events"], in: folder)
        #expect(result.status == 1)
        try Data(result.output.replacingOccurrences(of: "story.events", with: "copy.events").utf8)
            .write(to: folder.appendingPathComponent("change.diff"))
        let patch = try Tool.run(["replay", "--update", "story.events"], in: folder)
        #expect(patch.status == 0, "\(patch.error)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
        process.arguments = ["-s", "-p1", "-i", "change.diff"]
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let updated = try Data(contentsOf: folder.appendingPathComponent("story.events"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("copy.events")) == updated)
        #expect(String(decoding: updated, as: UTF8.self).hasPrefix("send appeared\nexpect map == geocoding\r\n"))
        #expect(String(decoding: updated, as: UTF8.self).hasSuffix("\r\n  expect map == geocoding # note\n"))
    }

    /// Deep only: the search takes about 45 s in a debug build.
    @Test(.enabled(if: TestDepth.isDeep)) func pathsWithExpectWritesScriptsThatPass() throws {
        let folder = try Tool.folder([:])
        let result = try Tool.run(["paths", "--expect", "-o", folder.path])
        #expect(result.status == 0, "\(result.error)")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".events") }.sorted()
        #expect(!scripts.isEmpty)
        let first = try String(contentsOf: folder.appendingPathComponent(scripts[0]), encoding: .utf8)
        #expect(first.contains("\nexpect commands ["))
        let check = try Tool.run(["replay", "--update", "--check"] + scripts, in: folder)
        #expect(check.status == 0, "\(check.output)\(check.error)")
        #expect(check.output.isEmpty)
    }

    /// `script` with every run of `expect` lines after an input replaced by one bare `expect`.
    static func strip(_ script: String) -> String {
        var lines: [Substring] = []
        var sawInput = false
        var inRun = false
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            let isExpect = line.hasPrefix("expect")
            if isExpect && sawInput {
                if !inRun { lines.append("expect") }
                inRun = true
                continue
            }
            inRun = false
            if ["send ", "advance ", "respond ", "fail "].contains(where: { line.hasPrefix($0) }) { sawInput = true }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
