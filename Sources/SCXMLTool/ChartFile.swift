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
        let limit = SCXMLLimits().maximumBytes
        let bytes: [UInt8]
        switch read(path, atMost: limit + 1) {
        case .success(let (read, size)):
            guard read.count <= limit else {
                let what = size.map { "is \($0) bytes, more than" } ?? "is longer than"
                return .failure(
                    Failure(
                        message: "\(path): error: the document \(what) the limit of \(limit) bytes", code: code(of: .malformed)))
            }
            bytes = read
        case .failure(let failure): return .failure(failure)
        }
        do {
            return .success(try SCXMLChart(reading: bytes))
        } catch {
            let place = error.location.map { "\(path):\($0.line):\($0.column)" } ?? path
            return .failure(Failure(message: "\(place): error: \(error.message)", code: code(of: error.kind)))
        }
    }

    /// The first `limit` bytes of the file at `path` (all of it, when shorter), and its size when
    /// it is a regular file: a huge file or an endless device is not held whole to be refused.
    private static func read(_ path: String, atMost limit: Int) -> Result<([UInt8], Int?), Failure> {
        func failure(_ code: Int32) -> Result<([UInt8], Int?), Failure> {
            .failure(
                Failure(message: "error: cannot read '\(path)': \(String(cString: strerror(code)))", code: .cannotReadOrWrite))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return failure(errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return failure(errno) }
        guard info.st_mode & S_IFMT != S_IFDIR else {
            return .failure(Failure(message: "error: cannot read '\(path)': it is a folder", code: .cannotReadOrWrite))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes {
                Foundation.read(descriptor, $0.baseAddress, min($0.count, limit - bytes.count))
            }
            if count < 0 {
                if errno == EINTR { continue }
                return failure(errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .success((bytes, info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : nil))
    }
}
