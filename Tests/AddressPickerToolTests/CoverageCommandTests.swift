import Foundation
import ScriptTestSupport
import Testing

@Suite("address-picker coverage and paths") struct CoverageCommandTests {
    @Test func coverageReportsAndHonoursMin() throws {
        let folder = try Tool.folder(["a.events": "send searchActivated\nexpect search == editing\n"])
        let result = try Tool.run(["coverage", "a.events"], in: folder)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("rows        1 of "))
        #expect(result.output.contains("    1  S1.activate"))
        let strict = try Tool.run(["coverage", "--min", "90", "a.events"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.output.contains("is below --min 90.0%"))
        #expect(try Tool.run(["coverage", "--min", "101", "a.events"], in: folder).status == 64)
    }

    @Test func coverageOfAFailingOrInvalidScript() throws {
        let folder = try Tool.folder(["fail.events": "send appeared\nexpect map == idle\n", "bad.events": "send x\n"])
        #expect(try Tool.run(["coverage", "fail.events"], in: folder).status == 1)
        #expect(try Tool.run(["coverage", "bad.events", "fail.events"], in: folder).status == 2)
    }

    @Test func theExamplesCoverEveryRow() throws {
        let examples = try FileManager.default.contentsOfDirectory(
            atPath: Tool.packageRoot.appendingPathComponent("Examples").path
        )
        .filter { $0.hasSuffix(".events") }.sorted().map { "Examples/\($0)" }
        let result = try Tool.run(["coverage", "--min", "100"] + examples)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Deep only: the search takes about 45 s in a debug build.
    @Test(.enabled(if: TestDepth.isDeep)) func pathsWritesScriptsThatCoverEveryRow() throws {
        let folder = try Tool.folder([:])
        let written = try Tool.run(["paths", "--output", "paths"], in: folder)
        #expect(written.status == 0, "\(written.error)")
        #expect(written.output.hasPrefix("wrote "))
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("paths").path)
            .filter { $0.hasSuffix(".events") }.sorted().map { "paths/\($0)" }
        #expect(!scripts.isEmpty)
        let coverage = try Tool.run(["coverage", "--min", "100"] + scripts, in: folder)
        #expect(coverage.status == 0, "\(coverage.output)\(coverage.error)")
        #expect(try Tool.run(["paths"]).status == 64)
    }
}
