import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import ScriptTestSupport
import Testing

/// Hostile scripts: the examples mutated byte by byte and line by line, and scripts generated
/// from the language's words in random order. Every one must parse and check, or fail with an
/// error located inside the script; the ones that check must replay to an outcome. A crash or a
/// hang fails the run.
@Suite("Hostile scripts of the address picker") struct FuzzTests {
    static let seeds: [[UInt8]] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".events") }.sorted().compactMap { name in
            FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map { [UInt8]($0) }
        }
    }()

    static let hostile = HostileScripts(
        vocabulary: AddressPickerVocabulary(), seeds: seeds,
        words: [
            "appeared", "searchActivated", "queryChanged", "completionSelected", "regionChanged", "region", "center",
            "span", "byUser", "completion", "place", "address", "completions", "places", "search", "map", "editing",
            "showingResults", "results[0].name", "query", "region.center", "searchDebounce", "cancel", "startTimer",
            "setRegion",
        ],
        opening: "completion(")

    /// 100,000 scripts in four batches of 25,000 that run side by side (4,000 without `DEEP_TESTS`).
    @Test(arguments: 0..<4) func hostileScriptsParseOrFailWithALocatedError(batch: Int) throws {
        try #require(Self.seeds.count >= 6, "the examples seed the mutations")
        let count = TestDepth.count(deep: 25_000, quick: 1_000)
        let tally = Self.hostile.run(count: count, seed: UInt64(batch))
        #expect(
            tally.unlocated.isEmpty,
            "\(tally.unlocated.count) scripts failed without a location inside them, e.g. \(tally.unlocated.prefix(3))")
        #expect(tally.valid > count / 100, "some mutations stay valid and replay: \(tally.valid)")
        #expect(tally.valid < count * 9 / 10, "most mutations are invalid: \(tally.valid)")
    }
}
