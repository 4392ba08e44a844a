import Foundation

/// The layout of help text, shared by the tool's overview and every subcommand's help.
enum HelpText {
    /// The width of the column of names.
    static let column = 24

    /// One line of a help section: the name in its column, or alone on its line when it is
    /// longer, its help then on the next line.
    static func line(_ name: String, _ help: String) -> String {
        if name.count < column { return "  " + name.padding(toLength: column, withPad: " ", startingAt: 0) + help + "\n" }
        return "  \(name)\n" + String(repeating: " ", count: column + 2) + help + "\n"
    }

    /// `a`, `a or b`, `a, b or c`.
    static func alternatives(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }
}
