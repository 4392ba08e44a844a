import Foundation
import Testing

/// `address-picker play` from outside a terminal; in a terminal, `Scripts/check-play` drives it under tmux.
@Suite("play command") struct PlayCommandTests {
    @Test func withoutATerminalItExitsTwoWithAClearMessage() throws {
        let result = try Tool.run(["play", "--record", "never-written.events"])
        #expect(result.status == 2)
        #expect(result.error.contains("play needs a terminal: standard input and standard output must both be one"))
        #expect(!FileManager.default.fileExists(atPath: Tool.packageRoot.appendingPathComponent("never-written.events").path))
    }

    @Test func itsHelpListsTheKeysAndTheStatuses() throws {
        let result = try Tool.run(["play", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("[--location <latitude,longitude>] [--record <file>]"))
        #expect(result.output.contains("the map starts there, and locate-me finds it"))
        #expect(result.output.contains("locate me (y / n answers the prompt)"))
        // The key that dismisses an alert is the one the alert's footer offers ("Enter dismiss"), and only it.
        #expect(result.output.contains("  Enter     dismiss an alert\n"))
        #expect(result.output.split(separator: "\n").filter { $0.contains("alert") }.count == 1)
        #expect(result.output.contains("2  standard input or standard output is not a terminal"))
    }

    @Test func aBadLocationIsAUsageError() throws {
        let result = try Tool.run(["play", "--location", "91,0"])
        #expect(result.status == 64)
        #expect(result.error.contains("--location: latitude 91.0 is outside -90...90"))
    }

    /// The address is written once confirmed: an output that cannot be written is an error
    /// before the session starts, not after a pick.
    @Test func anOutputThatCannotBeWrittenFailsBeforeTheSession() throws {
        let folder = try Tool.folder([:])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("taken"), withIntermediateDirectories: false)
        let intoFolder = try Tool.run(["play", "--output", "taken"], in: folder)
        #expect(intoFolder.status == 74)
        #expect(intoFolder.error == "error: cannot write 'taken': it is a folder\n")
        try Data().write(to: folder.appendingPathComponent("plain"))
        let underAFile = try Tool.run(["play", "-o", "plain/address.txt"], in: folder)
        #expect(underAFile.status == 74)
        #expect(underAFile.error == "error: cannot write 'plain/address.txt': Not a directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["plain", "taken"])
    }
}
