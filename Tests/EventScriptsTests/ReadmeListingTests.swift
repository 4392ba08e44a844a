import Foundation
import MachineRuntime
import Testing

/// README.md shows files of Examples/ as they are: the sign-in example's vocabulary and tool
/// (compiled and run by that package's tests) and the SwiftUI screen. Each listing is its file.
@Suite("README listings") struct ReadmeListingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    @Test(
        "Each listing is its file",
        arguments: [
            "Examples/SignIn/Sources/SignInScripting/SignInVocabulary.swift", "Examples/SignIn/Sources/SignInTool/main.swift",
            "Examples/SwiftUI/AddressPickerScreen.swift",
        ])
    func listingIsItsFile(_ path: String) throws {
        let file = try Self.text(path)
        #expect(file.count > 100, "\(path) is missing or empty")
        #expect(
            try Self.text("README.md").contains("`\(path)`\n\n```swift\n\(file)```\n"),
            "README.md does not show \(path) as it is: copy the file into its listing")
    }

    @Test func theSwiftUIArticleShowsTheScreenAsItIs() throws {
        let file = try Self.text("Examples/SwiftUI/AddressPickerScreen.swift")
        let article = try Self.text("Sources/MachineObservation/MachineObservation.docc/SwiftUIScreen.md")
        #expect(
            article.contains("```swift\n\(file)```\n"), "the SwiftUI article does not show the screen as it is: copy the file")
    }
}
