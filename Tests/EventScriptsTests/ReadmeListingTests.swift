import Foundation
import MachineRuntime
import Testing

/// README.md and the DocC articles show files of the repository as they are: the sign-in
/// example's vocabulary, samples, invariants and tool (compiled and run by that package's tests)
/// and the SwiftUI screen, each listing its file whole; and the fragments of tables that
/// Scripts/check-doc-snippets leaves out (`<!-- snippet: skip … -->`) are lines of their files.
@Suite("README listings") struct ReadmeListingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    static let definingAMachine = "Sources/MachineCore/MachineCore.docc/DefiningAMachine.md"
    static let commandLine = "Sources/MachineCommandLine/MachineCommandLine.docc/MachineCommandLine.md"

    /// Each listing: the file, and the document that shows it under its path.
    static let listings: [(file: String, document: String)] = [
        ("Examples/SignIn/Sources/SignInScripting/SignInVocabulary.swift", definingAMachine),
        ("Examples/SignIn/Sources/SignInScripting/SignInSamples.swift", definingAMachine),
        ("Examples/SignIn/Sources/SignInScripting/SignIn+Invariants.swift", definingAMachine),
        ("Examples/SignIn/Sources/SignInTool/main.swift", definingAMachine),
        ("Examples/SignIn/Sources/SignInTool/main.swift", commandLine),
    ]

    @Test("Each listing is its file", arguments: listings.indices)
    func listingIsItsFile(_ index: Int) throws {
        let (path, document) = Self.listings[index]
        let file = try Self.text(path)
        #expect(file.count > 100, "\(path) is missing or empty")
        // The path, then the block, with or without the skip directive between them.
        let text = try Self.text(document).replacing(/\n<!-- snippet: skip [^\n]*-->\n/, with: "\n")
        #expect(
            text.contains("`\(path)`\n\n```swift\n\(file)```\n"),
            "\(document) does not show \(path) as it is: copy the file into its listing")
    }

    @Test func theSwiftUIArticleShowsTheScreenAsItIs() throws {
        let file = try Self.text("Examples/SwiftUI/AddressPickerScreen.swift")
        let article = try Self.text("Sources/MachineObservation/MachineObservation.docc/SwiftUIScreen.md")
        #expect(
            article.contains("```swift\n\(file)```\n"), "the SwiftUI article does not show the screen as it is: copy the file")
    }

    /// Each fragment: the document, the first line of its block, and the files its lines come from.
    static let fragments: [(document: String, firstLine: String, sources: [String])] = [
        ("README.md", "Row(", ["Sources/AddressPicker/Machine/TransitionTable.swift"]),
        (
            definingAMachine, "public static let search = Region<SearchState>(",
            ["Sources/AddressPicker/Machine/ControlStates.swift", "Sources/AddressPicker/Machine/TransitionTable.swift"]
        ),
        (
            definingAMachine, #"Row("handshakeDone", in: link, done: .handshake, to: .online) { _, _, out in"#,
            ["Examples/Connection/Sources/Connection/Connection+Table.swift"]
        ),
    ]

    /// The trimmed, non-empty lines of `text`.
    static func lines(_ text: some StringProtocol) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test("Each fragment is lines of its files", arguments: fragments.indices)
    func fragmentIsLinesOfItsFiles(_ index: Int) throws {
        let (document, firstLine, sources) = Self.fragments[index]
        let text = try Self.text(document)
        let start = try #require(text.range(of: "```swift\n\(firstLine)\n"), "\(document) has no block starting \(firstLine)")
        let end = try #require(text.range(of: "\n```\n", range: start.upperBound..<text.endIndex))
        let block = "\(firstLine)\n" + text[start.upperBound..<end.lowerBound]
        let files = try sources.map { Self.lines(try Self.text($0)) }
        // Each declaration of the block (a line that starts at the margin, and the indented lines
        // after it) is a run of lines of one of the files.
        var items: [[String]] = []
        for line in block.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            if items.isEmpty || (line.first?.isWhitespace == false && line.first != "}") { items.append([]) }
            items[items.count - 1].append(line.trimmingCharacters(in: .whitespaces))
        }
        #expect(!items.isEmpty)
        for item in items {
            #expect(
                files.contains { file in
                    file.indices.contains { file[$0...].starts(with: item) }
                }, "\(document): \(item.first ?? "") … is not as in \(sources.joined(separator: " or "))")
        }
    }
}
