import Foundation
import Testing

/// README.md shows the sign-in example's vocabulary and tool as they are in Examples/SignIn, where
/// that package's own tests compile and run them: each listing is its file, verbatim.
@Suite("README listings") struct ReadmeListingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    @Test("Each listing is its file", arguments: [
        "Examples/SignIn/Sources/SignInScripting/SignInVocabulary.swift", "Examples/SignIn/Sources/SignInTool/main.swift",
    ])
    func listingIsItsFile(_ path: String) throws {
        let file = try Self.text(path)
        #expect(file.count > 100, "\(path) is missing or empty")
        #expect(try Self.text("README.md").contains("`\(path)`\n\n```swift\n\(file)```\n"),
                "README.md does not show \(path) as it is: copy the file into its listing")
    }
}
