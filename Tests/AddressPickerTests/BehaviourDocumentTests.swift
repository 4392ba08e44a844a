import AddressPicker
import Foundation
import Testing

/// The behaviour document (AddressPicker.docc/Behaviour.md) names every row of the table, and
/// only rows that exist, so it cannot silently fall behind the table.
@Suite struct BehaviourDocumentTests {
    static let document: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/AddressPicker/AddressPicker.docc/Behaviour.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The words in backticks that look like row ids (`M4.lookUp`).
    static var rowIDs: Set<String> {
        let pieces = document.split(separator: "`", omittingEmptySubsequences: false)
        return Set(
            pieces.enumerated().compactMap { index, piece in
                index % 2 == 1 && piece.wholeMatch(of: /[A-Z][0-9]\.[A-Za-z]+/) != nil ? String(piece) : nil
            })
    }

    @Test func everyRowIsDocumentedAndEveryDocumentedRowExists() {
        #expect(!Self.document.isEmpty)
        let table = Set(AddressPicker.table.rows.map(\.id))
        #expect(table.subtracting(Self.rowIDs).sorted() == [], "rows missing from Behaviour.md")
        #expect(Self.rowIDs.subtracting(table).sorted() == [], "rows in Behaviour.md that the table does not have")
    }

    @Test func everyRuleOfARowHasItsParagraph() {
        let rules = Set(AddressPicker.table.rows.map { String($0.id.prefix { $0 != "." }) })
        for rule in rules.sorted() {
            #expect(Self.document.contains("- **\(rule)** "), "no paragraph for \(rule)")
        }
    }
}
