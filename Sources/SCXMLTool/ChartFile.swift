import Foundation
import MachineCommandLine
import SCXML

/// Reading and importing a document named on the command line.
enum ChartFile {
    /// Why a document could not be used: what to print, and the exit status.
    struct Failure: Error {
        let message: String
        let code: ExitCode
    }

    /// The exit status of each kind of refusal (see the tool's EXIT STATUS).
    static func code(of kind: SCXMLError.Kind) -> ExitCode {
        switch kind {
        case .malformed: ExitCode(3)
        case .invalid: ExitCode(4)
        case .unsupported: ExitCode(5)
        }
    }

    /// The chart of the document at `path`, of which no more is read than the importer's limit
    /// (and a chunk): a huge file or an endless device is refused without being held.
    static func read(_ path: String) -> Result<SCXMLChart, Failure> {
        let limit = SCXMLLimits().maximumBytes
        let bytes: [UInt8]
        do throws(ToolError) {
            guard let read = try InputFiles.read(path, atMost: limit) else {
                return .failure(
                    Failure(
                        message: "\(path): error: the document is longer than the limit of \(limit) bytes",
                        code: code(of: .malformed)))
            }
            bytes = read
        } catch {
            return .failure(Failure(message: "error: \(error)", code: .cannotReadOrWrite))
        }
        do {
            return .success(try SCXMLChart(reading: bytes))
        } catch {
            let place = error.location.map { "\(path):\($0.line):\($0.column)" } ?? path
            return .failure(Failure(message: "\(place): error: \(error.message)", code: code(of: error.kind)))
        }
    }
}
