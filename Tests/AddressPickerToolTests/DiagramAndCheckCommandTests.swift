import Foundation
import Testing

@Suite("address-picker diagram and check") struct DiagramAndCheckCommandTests {
    @Test(
        "diagram writes what StateCharts/ holds",
        arguments: [("dot", "dot"), ("mermaid", "mmd"), ("scxml", "scxml"), ("svg", "svg")])
    func diagramMatchesStateCharts(format: String, fileExtension: String) throws {
        let result = try Tool.run(["diagram", "--format", format])
        #expect(result.status == 0)
        let committed = try String(
            contentsOf: Tool.packageRoot.appendingPathComponent("StateCharts/address-picker.\(fileExtension)"),
            encoding: .utf8)
        #expect(result.output == committed)
    }

    @Test func diagramWritesAFile() throws {
        let folder = try Tool.folder([:])
        #expect(try Tool.run(["diagram", "--format=mermaid", "-o", "machine.mmd"], in: folder).status == 0)
        let written = try String(contentsOf: folder.appendingPathComponent("machine.mmd"), encoding: .utf8)
        #expect(written.hasPrefix("%% Generated from the address-picker transition table"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["machine.mmd"])
    }

    @Test func diagramRejectsUnknownFormats() throws {
        let result = try Tool.run(["diagram", "--format", "png"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("error: --format takes dot, mermaid"))
        #expect(result.error.contains(" not 'png'\nUsage: address-picker diagram "))
    }

    @Test func checkFindsNothingInTheAddressPicker() throws {
        let result = try Tool.run(["check"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("address-picker: no findings ("))
    }
}
