import Foundation

extension InputFiles {
    /// Refuses to write `output` when it is one of the `scripts` (the same file, by device and
    /// inode, whatever the paths say): a transcript or a saved state would replace the script
    /// it came from.
    ///
    /// - Throws: a ``UsageError`` naming both, before anything is written.
    static func refuseWriting(_ output: String, over scripts: [String], as what: String) throws(UsageError) {
        guard let written = identity(of: output) else { return }
        for script in scripts where script != "-" && identity(of: script) == written {
            throw UsageError("\(what) '\(output)' is the script '\(script)' itself; write it somewhere else")
        }
    }

    /// The device and inode of the file at `path` (a link followed), or `nil` when there is none.
    private static func identity(of path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
}
