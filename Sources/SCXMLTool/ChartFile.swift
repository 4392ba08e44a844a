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

    /// The chart of the document at `path`.
    static func read(_ path: String) -> Result<SCXMLChart, Failure> {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return .failure(Failure(message: "error: cannot read \(path): \(Self.reason(error))", code: .cannotReadOrWrite))
        }
        do {
            return .success(try SCXMLChart(reading: bytes))
        } catch {
            let place = error.location.map { "\(path):\($0.line):\($0.column)" } ?? path
            return .failure(Failure(message: "\(place): error: \(error.message)", code: code(of: error.kind)))
        }
    }

    private static func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
