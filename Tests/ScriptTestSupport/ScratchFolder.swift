import Foundation

/// A fresh, empty folder for one test's files, named `prefix` and a UUID.
///
/// Every folder is made inside one folder of this test process's own, which is removed when the
/// process exits: a test run leaves nothing behind in the temporary directory, even the tests
/// that keep their folder's path to read after a tool has run.
public func scratchFolder(_ prefix: String) throws -> URL {
    let folder = ScratchRoot.url.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The process's folder of scratch folders, made on first use and removed at exit.
private enum ScratchRoot {
    static let url: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "address-picker-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: ScratchRoot.url) }
        return root
    }()
}
