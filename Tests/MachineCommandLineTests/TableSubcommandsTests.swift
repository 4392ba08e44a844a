import Foundation
import MachineCommandLine
import Testing

@Suite("diagram, check and coverage, in process") struct TableSubcommandsTests {
    @Test(arguments: [
        ("dot", "// Generated from the pager transition table"), ("mermaid", "%% Generated from the pager transition table"),
        ("scxml", "<?xml"), ("svg", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- Generated from the pager transition table"),
    ])
    func diagramInEveryFormat(format: String, prefix: String) throws {
        let result = try CallBox.run(["diagram", "--format", format])
        #expect(result.status == .success)
        #expect(result.output.hasPrefix(prefix), "\(result.output)")
        #expect(result.output.contains("ringing"))
    }

    @Test func diagramWritesAFileAndRefusesUnknownFormats() throws {
        let folder = try CallBox.folder([:])
        let path = folder.appendingPathComponent("pager.dot").path
        #expect(try CallBox.run(["diagram", "-o", path]).status == .success)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == CallBox.run(["diagram"]).output)
        #expect(CallBox.listing(folder) == ["pager.dot"])
        let unknown = try CallBox.run(["diagram", "--format", "png"])
        #expect(unknown.status == .usage)
        #expect(unknown.error.hasPrefix("error: --format takes dot, mermaid"))
        #expect(unknown.error.contains(" not 'png'\nUsage: call-box diagram "))
    }

    @Test func checkFindsNothingInThePagerAndSomethingInABrokenOne() throws {
        let sound = try CallBox.run(["check"])
        #expect(sound.status == .success)
        #expect(sound.output == "call-box: no findings (1 region, 4 states, 5 events, 5 rows)\n")
        let broken = try CallBox.run(["check"], tool: CallBox.brokenTable)
        #expect(broken.status == .failure)
        #expect(broken.output.contains("talking"), "\(broken.output)")
        #expect(broken.output.hasSuffix(" findings\n"), "\(broken.output)")
        #expect(broken.output.split(separator: "\n").last?.hasPrefix("call-box: ") == true)
    }

    @Test func aMistakenTableIsCheckFindingAndEveryOtherSubcommandsOneLine() throws {
        let check = try CallBox.run(["check"], tool: CallBox.invalidTable)
        #expect(check.status == .failure)
        #expect(check.output == "invalid table: two rows have the id 'call'\ncall-box: 1 finding\n")
        let refusal = "error: the pager table is invalid: two rows have the id 'call' ('call-box check' reports it too)\n"
        for arguments in [
            ["replay", "-"], ["diagram"], ["coverage", "-"], ["mutate", "-"], ["paths", "-o", "."], ["explore"], ["verify"],
        ] {
            let run = try CallBox.run(arguments, tool: CallBox.invalidTable, input: ReplayTests.passing)
            #expect(run.status == .failure, "\(arguments)")
            #expect(run.error == refusal, "\(arguments)")
            #expect(run.output.isEmpty, "\(arguments)")
        }
        #expect(try CallBox.run(["replay", "--help"], tool: CallBox.invalidTable).status == .success)
    }

    @Test func coverageReportsAndHonoursMin() throws {
        let result = try CallBox.run(["coverage", "-"], input: ReplayTests.passing)
        #expect(result.status == .success, "\(result.error)")
        #expect(result.output.hasPrefix("rows        2 of 5 (40.0%)"))
        let strict = try CallBox.run(["coverage", "--min", "50", "-"], input: ReplayTests.passing)
        #expect(strict.status == .failure)
        #expect(strict.output.hasSuffix("row coverage 40.0% is below --min 50.0%\n"))
        #expect(try CallBox.run(["coverage", "--min", "101", "-"], input: ReplayTests.passing).status == .usage)
        #expect(try CallBox.run(["coverage", "-"], input: ReplayTests.invalid).status == .invalid)
    }
}
