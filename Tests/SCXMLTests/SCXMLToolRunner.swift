import Foundation
import MachineCommandLine

@testable import SCXMLTool

/// Runs `scxml` with `arguments` as given, its standard output and error written to a file in
/// `folder` (as a terminal's would be, not collected in a string); the exit status and all it
/// printed, the file's first.
func runSCXMLTool(_ arguments: [String], in folder: URL) throws -> (code: Int32, output: String) {
    let output = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let descriptor = open(output.path, O_WRONLY)
    defer { close(descriptor) }
    var text = ""
    var errors = ""
    let code = SCXMLCommand.run(
        arguments: arguments, output: &text, errors: &errors,
        streams: StandardStreams(output: descriptor, error: descriptor))
    return (code.rawValue, try String(contentsOf: output, encoding: .utf8) + text + errors)
}
