import Foundation
import Gazetteer
import Testing

/// Files the coverage-guided fuzzer (`Scripts/fuzz gazetteer-file`) found crashing the loader,
/// kept in Regressions/ as it saved them, each with the error it must give now. They are of
/// format version 1, which only `GazetteerBuilder.upgrade(_:)` reads (and then loads as version 2).
@Suite("Gazetteer: files that once crashed the loader") struct GazetteerRegressionTests {
    static func regression(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    /// The header's payload length, 0xCE60_0000_0004_0000, overflowed the expected file size.
    @Test func aPayloadLengthNearTwoToTheSixtyFourIsTruncatedNotAnOverflow() throws {
        let bytes = try Self.regression("payload-length-near-2-pow-64.gazetteer")
        #expect(bytes.count == 120)
        #expect(throws: GazetteerError.truncated(expected: Int.max, actual: 120)) { try GazetteerBuilder.upgrade(bytes) }
    }

    /// A latitude of Int32.min overflowed `abs` while the loader checked the range.
    @Test func aLatitudeOfInt32MinIsOutOfRangeNotAnOverflow() throws {
        let bytes = try Self.regression("latitude-int32-min.gazetteer")
        #expect(bytes.count == 868)
        #expect(throws: GazetteerError.corrupt("a latitude out of range")) { try GazetteerBuilder.upgrade(bytes) }
    }
}
