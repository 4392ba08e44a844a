/// Why the tab-separated records a gazetteer is built from were refused, and where: the file and
/// the line, so that whoever fixes the source goes straight to it. A source is refused whole, at
/// its first problem: no gazetteer is built from part of it.
public struct GazetteerSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The source's name as given (a path, or `<stdin>`).
    public let file: String
    /// The line of the file the problem is on, counted from 1 as an editor counts (every line
    /// end, blank lines included); `nil` when the problem is the whole file's (it holds no places).
    public let line: Int?
    /// What is wrong, and what was expected.
    public let message: String

    /// An error in `file`, on `line` (or about the whole file).
    package init(_ message: String, file: String, line: Int?) {
        self.message = message
        self.file = file
        self.line = line
    }

    /// `file:line: error: message`, or `file: error: message` about the whole file: the form a
    /// compiler gives its errors, and the tool its scripts'.
    public var description: String {
        if let line { "\(file):\(line): error: \(message)" } else { "\(file): error: \(message)" }
    }
}
