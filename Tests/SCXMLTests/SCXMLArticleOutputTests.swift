import Foundation
import ScriptTestSupport
import Testing

/// Every `scxml` command the article "Bring an SCXML chart" shows with its output prints that
/// output today, on the article's own chart and script: a change that alters what the tool
/// prints fails here until the article says it. An output the article elides with `…` is
/// compared before and after the elision.
@Suite struct SCXMLArticleOutputTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let article = "Sources/SCXML/SCXML.docc/BringAnSCXMLChart.md"

    /// A command the article shows and the lines it shows after it.
    struct Shown: CustomStringConvertible {
        let arguments: [String]
        let lines: [String]
        var description: String { "scxml " + arguments.joined(separator: " ") }
    }

    static func articleLines() throws -> [String] {
        try String(contentsOf: packageRoot.appendingPathComponent(article), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The lines of the first fenced block that opens with `fence` after the line `after`.
    static func block(_ lines: [String], fence: String, after: Int = 0) throws -> [String] {
        let start = try #require(lines[after...].firstIndex(of: fence))
        let end = try #require(lines[(start + 1)...].firstIndex(of: "```"))
        return Array(lines[(start + 1)..<end])
    }

    /// The commands of the article's shell blocks, each with its shown output; a command with a
    /// comment (an output described, not shown whole) is left out.
    static func shownCommands() throws -> [Shown] {
        var shown: [Shown] = []
        var current: (arguments: [String], lines: [String])?
        var inShell = false
        for line in try articleLines() {
            if line == "```sh" {
                inShell = true
                continue
            }
            guard inShell else { continue }
            if line == "```" || line.hasPrefix("$ ") {
                if let current { shown.append(Shown(arguments: current.arguments, lines: current.lines)) }
                current = nil
                if line == "```" {
                    inShell = false
                } else if line.hasPrefix("$ swift run scxml "), !line.contains("#") {
                    current = (line.dropFirst("$ swift run scxml ".count).split(separator: " ").map(String.init), [])
                }
                continue
            }
            current?.lines.append(line)
        }
        return shown
    }

    @Test func everyShownCommandPrintsWhatTheArticleShows() throws {
        let lines = try Self.articleLines()
        let folder = try scratchFolder("scxml-article")
        try Data((try Self.block(lines, fence: "```xml").joined(separator: "\n") + "\n").utf8)
            .write(to: folder.appendingPathComponent("upload.scxml"))
        let scriptAt = try #require(lines.firstIndex { $0.contains("`upload.events`:") })
        try Data((try Self.block(lines, fence: "```", after: scriptAt).joined(separator: "\n") + "\n").utf8)
            .write(to: folder.appendingPathComponent("upload.events"))
        let commands = try Self.shownCommands()
        #expect(commands.count >= 4, "the article's commands: \(commands)")
        for command in commands {
            let printed = try run(command.arguments, in: folder)
            guard let elision = command.lines.firstIndex(of: "…") else {
                #expect(printed == command.lines, "\(command) printed:\n\(printed.joined(separator: "\n"))")
                continue
            }
            let head = Array(command.lines[..<elision])
            let tail = Array(command.lines[(elision + 1)...])
            #expect(
                Array(printed.prefix(head.count)) == head && Array(printed.suffix(tail.count)) == tail,
                "\(command) printed:\n\(printed.joined(separator: "\n"))")
        }
    }

    /// Runs `scxml` with `arguments`, a file found in `folder` or else from the package's root;
    /// the lines it printed, standard output then standard error.
    func run(_ arguments: [String], in folder: URL) throws -> [String] {
        let printed = try runSCXMLTool(
            arguments.map { argument in
                let local = folder.appendingPathComponent(argument)
                if FileManager.default.fileExists(atPath: local.path) { return local.path }
                let shared = Self.packageRoot.appendingPathComponent(argument)
                return FileManager.default.fileExists(atPath: shared.path) ? shared.path : argument
            },
            in: folder
        ).output
        return printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(
            printed.hasSuffix("\n") ? 1 : 0)
    }
}
