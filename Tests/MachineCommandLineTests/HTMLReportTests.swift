import Foundation
import MachineCommandLine
import Testing

@Suite("replay --html and coverage --html") struct HTMLReportTests {
    @Test func replayWritesOnePagePerScriptAndPrintsOneLineEach() throws {
        let folder = try CallBox.folder([
            "pass.events": ReplayTests.passing, "fail.events": ReplayTests.failing, "invalid.events": ReplayTests.invalid,
        ])
        let out = folder.appendingPathComponent("html")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let result = try CallBox.run(
            ["replay", "--html", out.path]
                + ["pass.events", "fail.events", "invalid.events"]
                .map { folder.appendingPathComponent($0).path })
        #expect(result.status == .invalid)
        #expect(result.output.split(separator: "\n").map { $0.split(separator: " ").first ?? "" } == ["PASS", "FAIL", "INVALID"])
        #expect(result.error.contains("fail.events:2:1: expectation failed: expect line == idle"))
        #expect(CallBox.listing(out) == ["fail.html", "pass.html"], "an invalid script gets no page")
        let page = try String(contentsOf: out.appendingPathComponent("fail.html"), encoding: .utf8)
        #expect(page.contains("<section class=\"failures\" id=\"failures\">"))
        #expect(page.contains("machine <b>pager</b> · 1 step · "))
    }

    @Test func withFormatJSONTheLinesAreJSON() throws {
        let folder = try CallBox.folder(["pass.events": ReplayTests.passing])
        let path = folder.appendingPathComponent("pass.events").path
        let result = try CallBox.run(["replay", "--html", folder.path, "--format", "json", "--quiet", path])
        #expect(result.status == .success)
        #expect(result.output == #"{"exitCode":0,"expectations":2,"failures":0,"file":"\#(path)","outcome":"passed"}"# + "\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("pass.html").path))
    }

    @Test(arguments: [["--output", "."], ["--snapshot", "."], ["--record"]])
    func doesNotGoWith(_ other: [String]) throws {
        let result = try CallBox.run(["replay", "--html", "."] + other + ["-"], input: ReplayTests.passing)
        #expect(result.status == .usage)
        #expect(result.error.hasPrefix("error: --html does not go with \(other[0])\nUsage: call-box replay "))
    }

    @Test func aFileForAFolderOrTwoScriptsOfOneNameAreRefusedBeforeAnythingIsWritten() throws {
        let folder = try CallBox.folder(["plain": ""])
        let plain = folder.appendingPathComponent("plain").path
        let notAFolder = try CallBox.run(["replay", "--html", plain, "-"], input: ReplayTests.passing)
        #expect(notAFolder.status == .cannotReadOrWrite)
        #expect(notAFolder.error == "error: cannot write to '\(plain)': it is not a folder\n")
        let underAFile = try CallBox.run(["replay", "--html", plain + "/reports", "-"], input: ReplayTests.passing)
        #expect(underAFile.status == .cannotReadOrWrite)
        #expect(underAFile.error.hasPrefix("error: cannot create the folder '\(plain)/reports': "))
        // A folder that does not exist yet is created.
        let created = try CallBox.run(
            ["replay", "--html", folder.appendingPathComponent("new/reports").path, "-"],
            input: ReplayTests.passing)
        #expect(created.status == .success)
        #expect(CallBox.listing(folder).contains { $0.hasPrefix("new/reports/") && $0.hasSuffix(".html") })
        // The clash is found before any script is read: the scripts need not exist.
        let clash = try CallBox.run([
            "replay", "--html", folder.path, folder.appendingPathComponent("a/story.events").path,
            folder.appendingPathComponent("b/story.events").path,
        ])
        #expect(clash.status == .usage)
        #expect(CallBox.listing(folder).filter { $0.hasSuffix("story.html") }.isEmpty)
    }

    @Test func aScriptTooLongForAPageIsRefusedWithItsNameAndTheLimit() throws {
        let folder = try CallBox.folder([
            "long.events": String(repeating: "send hangUp\n", count: 20_001),
            "short.events": ReplayTests.passing,
        ])
        let result = try CallBox.run(
            ["replay", "--html", folder.path]
                + ["long.events", "short.events"]
                .map { folder.appendingPathComponent($0).path })
        #expect(result.status == .invalid)
        #expect(
            result.error
                == "error: \(folder.appendingPathComponent("long.events").path): its replay makes 20001 steps, more than --html "
                + "reports (20000 at most); replay it without --html, or split it\n")
        #expect(CallBox.listing(folder).filter { $0.hasSuffix(".html") } == ["short.html"])
        #expect(result.output.hasPrefix("PASS "))
    }

    @Test func aPageShortensLongValuesSoItsSizeIsBoundedByItsSteps() throws {
        let long = String(repeating: "x", count: 20_000)
        let script =
            "send call\nrespond ring \"\(long)\"\n"
            + String(repeating: "expect answeredBy == \"y\(long)\"\nsend hangUp\n", count: 100)
        let folder = try CallBox.folder(["long.events": script])
        let result = try CallBox.run(["replay", "--html", folder.path, folder.appendingPathComponent("long.events").path])
        #expect(result.status == .failure, "\(result.error)")
        let page = String(decoding: try Data(contentsOf: folder.appendingPathComponent("long.html")), as: UTF8.self)
        // 102 steps and 100 failures, each showing two values of 20,000 characters: 8 MB of values
        // in all, a page of a few hundred bytes a value.
        #expect(page.utf8.count < 500_000, "\(page.utf8.count) bytes")
        #expect(page.contains("<span class=cut>… [shortened: 20002 characters]</span>"), "the answer, as a value")
        #expect(page.contains("<span class=cut>… [shortened: 20003 characters]</span>"), "an expected value")
        #expect(page.components(separatedBy: "<span class=cut>").count > 300, "each long value says it was shortened")
    }

    @Test func helpListsTheOptionAndItsLimit() throws {
        let replay = try CallBox.run(["replay", "--help"]).output
        #expect(replay.contains("[--record[=<mode>]] [--html <directory>]"))
        #expect(replay.contains("  --html <directory>      Write each script's report to <directory>/NAME.html"))
        #expect(replay.contains("HTML REPORTS (--html):"))
        #expect(replay.contains("more than\n  20000 steps."))
        #expect(replay.contains("values longer than 400 characters are shortened on the page"))
        let coverage = try CallBox.run(["coverage", "--help"]).output
        #expect(coverage.contains("  --html <file>           Also write the coverage as a self-contained HTML page to <file>"))
    }

    @Test func coverageWritesItsPageBesideTheTable() throws {
        let folder = try CallBox.folder(["pass.events": ReplayTests.passing])
        let page = folder.appendingPathComponent("coverage.html")
        let result = try CallBox.run(["coverage", "--html", page.path, folder.appendingPathComponent("pass.events").path])
        #expect(result.status == .success)
        #expect(result.output.hasPrefix("rows        2 of 5 (40.0%)"))
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<tr><th>rows</th><td>2 of 5 (40.0%)</td>"))
        #expect(html.contains("<g class=\"row arrow unfired\""))
        let unwritable = try CallBox.run([
            "coverage", "--html", folder.appendingPathComponent("pass.events/c.html").path,
            folder.appendingPathComponent("pass.events").path,
        ])
        #expect(unwritable.status == .cannotReadOrWrite)
    }
}
