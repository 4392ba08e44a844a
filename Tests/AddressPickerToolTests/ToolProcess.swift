import Foundation
import ScriptTestSupport
import Testing

/// Runs the built `address-picker` executable as a subprocess.
enum Tool {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The executable beside the test bundle (SwiftPM builds it because the tests depend on it).
    static let executable: URL? = {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("address-picker")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    struct Result {
        let status: Int32
        let output: String
        let error: String
    }

    /// Runs the tool with `arguments` in `directory` (the package root by default), with
    /// `input` on its standard input (empty by default), and its standard output sent to
    /// `outputFile` instead of a pipe when one is given (`/dev/full`, say).
    static func run(
        _ arguments: [String], in directory: URL = packageRoot,
        environment: [String: String]? = nil, input: String = "", outputFile: String? = nil,
        executable: URL? = nil
    ) throws -> Result {
        let executable = try #require(executable ?? Tool.executable, "the address-picker executable was not built")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        let standardInput = Pipe()
        if let outputFile {
            process.standardOutput = FileHandle(forWritingAtPath: outputFile)
        } else {
            process.standardOutput = output
        }
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        // A tool that exits without reading must not kill the tests with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let bytes = Array(input.utf8)
        _ = bytes.withUnsafeBytes { write(standardInput.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
        try standardInput.fileHandleForWriting.close()
        let outputData = outputFile == nil ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self))
    }

    /// A fresh temporary folder holding `files` (name → contents).
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = try scratchFolder("tool")
        for (name, contents) in files {
            try Data(contents.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }
}
