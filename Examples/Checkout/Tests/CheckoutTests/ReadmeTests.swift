import Foundation
import Testing

/// README.md shows every line a user writes: each listing is its file, verbatim.
@Suite("README") struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    @Test(
        "Each listing is its file",
        arguments: [
            "Sources/Checkout/Checkout+Table.swift", "Sources/CheckoutScripting/Checkout+Invariants.swift",
            "Sources/CheckoutTool/main.swift", "Scripts/placed.events", "Snapshots/placed.transcript",
        ])
    func listingIsItsFile(_ path: String) throws {
        let readme = try Self.text("README.md")
        let fence = path.hasSuffix(".swift") ? "```swift\n" : "```\n"
        #expect(
            readme.contains("`\(path)`\n\n\(fence)\(try Self.text(path))```\n"),
            "README.md does not show \(path) as it is: copy the file into its listing")
    }
}
