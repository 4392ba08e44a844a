/// Why a script is invalid, and where: the file, line and column, and what was expected.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The script's path as given.
    public var file: String
    /// Where the problem is.
    public let location: ScriptLocation
    /// What is wrong, and what was expected.
    public let message: String
    /// The text of the offending line, when it is known and printable.
    public var sourceLine: String?

    /// An error at `location`.
    public init(_ message: String, at location: ScriptLocation, file: String = "", sourceLine: String? = nil) {
        self.message = message
        self.location = location
        self.file = file
        self.sourceLine = sourceLine
    }

    /// `file:line:column: error: message`, then the line with a caret under the column.
    public var description: String {
        var text = "\(file):\(location.line):\(location.column): error: \(message)"
        if let sourceLine, sourceLine.unicodeScalars.count <= 200 {
            text += "\n    \(sourceLine)\n    \(String(repeating: " ", count: max(0, location.column - 1)))^"
        }
        return text
    }
}
