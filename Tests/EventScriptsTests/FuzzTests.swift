import EventScripts
import Foundation
import ScriptTestSupport
import Testing

/// Hostile scripts: the seed scripts mutated byte by byte and line by line, and scripts generated
/// from the language's words in random order. Every one must parse and check, or fail with an
/// error located inside the script; the ones that check must replay to an outcome. A crash or a
/// hang fails the run.
@Suite("Hostile scripts") struct FuzzTests {
    static let seeds: [[UInt8]] = [
        """
        machine search-box
        given limit 2
        given pause 100ms
        send typed("Apple")
        expect command startTimer(pause, 100ms)
        advance 100ms
        expect pending == [hits]
        respond hits [hit("A", point(1, 2), "a"), hit("B", point(-3, 4.5), tag(colour: "red", name: "b"))]
        expect hits.count == 2
        send picked(1)
        expect command choose(hit("B", point(-3, 4.5), tag(name: "b", colour: "red")))
        """,
        """
        # A late answer is dropped.
        send typed("a")
        advance 300ms
        send typed("ab")
        respond hits#1(area(point(1, 1), size(2, 2)), [])
        expect dropped hits#1
        expect ignored
        advance 300ms
        fail hits "offline"
        expect search == idle
        """,
        """
        given view area(corner: point(x: 1.0, y: 2.0), size: size(0.1, height: 0.1))
        send moved(area(point(5, 5), size(1, 1)), byUser: false)
        expect view.corner ~= point(1, 2)
        send moved(area: area(point(5, 5), size(1, 1)))
        expect view.size.width >= 1
        send closed
        expect panel == closed
        expect timers == []
        """,
        #"""
        given hits [hit("x", point(0, 0), "t")]
        given chosen nil
        given query "caf\u{E9} \"quoted\" \\ \t"
        expect chosen.tag.name == nil
        expect hits[0].tag.label != ""
        send picked(7)
        expect commands []
        """#,
        """
        machine search-box
        send typed("é")
        send typed("")
        advance 1.5s
        respond hits#1 []
        expect search == showing
        expect searches < 2
        """,
        """
        send typed("a")
        advance 300ms
        respond hits(area: area(point(2, 2), size(3, 3)), hits: [hit("New", point(2, 2), "b")])
        expect view == area(point(2, 2), size(3, 3))
        send picked(0)
        expect chosen.title == "New"
        """,
    ].map { Array($0.utf8) }

    static let hostile = HostileScripts(
        vocabulary: SearchBoxVocabulary(), seeds: seeds,
        words: [
            "typed", "moved", "picked", "closed", "paused", "hits", "hitsFailed", "area", "point", "size", "tag", "hit",
            "byUser", "name", "colour", "label", "title", "spot", "search", "panel", "waiting", "showing", "query",
            "view.corner", "hits[0].tag", "pause", "limit", "searches", "chosen", "cancel", "startTimer", "find", "choose",
        ],
        opening: "hit(")

    @Test func theSeedsPass() throws {
        for seed in Self.seeds {
            #expect(Self.hostile.handle(seed, file: "seed.events") == .valid, "\(String(decoding: seed, as: UTF8.self))")
        }
    }

    /// 100,000 scripts in four batches of 25,000 that run side by side (4,000 without `DEEP_TESTS`).
    @Test(arguments: 0..<4) func hostileScriptsParseOrFailWithALocatedError(batch: Int) {
        let count = TestDepth.count(deep: 25_000, quick: 1_000)
        let tally = Self.hostile.run(count: count, seed: UInt64(batch))
        #expect(
            tally.unlocated.isEmpty,
            "\(tally.unlocated.count) scripts failed without a location inside them, e.g. \(tally.unlocated.prefix(3))")
        #expect(tally.valid > count / 100, "some mutations stay valid and replay: \(tally.valid)")
        #expect(tally.valid < count * 9 / 10, "most mutations are invalid: \(tally.valid)")
    }
}
