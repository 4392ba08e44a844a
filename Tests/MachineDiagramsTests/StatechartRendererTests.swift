import Foundation
import MachineCore
import StatechartFixtures
import Testing

@testable import MachineDiagrams

/// The link's rows with no event of their own (delayed, repeating, eventless, done) in every
/// format: labelled by their trigger, and in SCXML as SCXML writes them.
@Suite("Diagram renderers, statechart triggers") struct StatechartRendererTests {
    let listing = Link.table.listing

    func render(_ format: DiagramFormat) -> String { format.render(listing, name: "link", generatedBy: "link diagram") }

    @Test func dotLabelsEachTrigger() {
        let text = render(.dot)
        #expect(text.contains(#"  "link.sending" -> "link.reconnecting" [label="after 5s", tooltip="ackTimeout"];"#))
        #expect(
            text.contains(
                #"  "link.reconnecting" -> "link.handshaking" [label="after 2s", tooltip="retry", lhead="cluster_link.handshaking"];"#
            ))
        #expect(text.contains(#"  "link.online" -> "link.sending" [label="always [hasQueued]", tooltip="drain"];"#))
        #expect(
            text.contains(
                #"  "link.handshaking" -> "link.online" [label="done.state.handshaking", tooltip="handshakeDone", ltail="cluster_link.handshaking"];"#
            ))
        #expect(text.contains(#""link.online" [label="online\nevery 30s (stays)\lqueue (stays)\ldelivered (stays)\l"];"#))
        #expect(text.contains(#""link.greeted" [label="greeted", peripheries=2];"#))
        #expect(!text.contains("ackTimedOut"), "a delayed row is labelled by its delay, not its timer's event")
    }

    @Test func mermaidLabelsEachTriggerAndEndsAFinalChildInsideItsParent() {
        let text = render(.mermaid)
        #expect(text.contains("    link_sending --> link_reconnecting : after 5s\n"))
        #expect(text.contains("    link_online --> link_sending : always [hasQueued]\n"))
        #expect(text.contains("    link_handshaking --> link_online : done.state.handshaking\n"))
        #expect(text.contains("    link_online : every 30s (stays)\n"))
        #expect(
            text.contains(
                """
                    state link_handshaking {
                      link_hello : hello
                      link_greeted : greeted
                      [*] --> link_hello
                      link_greeted --> [*]
                    }
                """))
        #expect(!text.contains("    link_greeted --> [*]\n  }"), "not the region's end")
    }

    @Test func scxmlSendsAndCancelsTheDelaysAndWritesEventlessAndDoneTransitions() {
        let text = render(.scxml)
        #expect(
            text.contains(
                """
                      <state id="link.online">
                        <onentry><send event="heartbeatDue" delay="30s" id="link.online.timer.heartbeat"/></onentry>
                        <onexit><cancel sendid="link.online.timer.heartbeat"/><cancel sendid="link.online.timer.heartbeat.again"/></onexit>
                        <!-- heartbeat -->
                        <transition event="heartbeatDue"><send event="heartbeatDue" delay="30s" id="link.online.timer.heartbeat.again"/></transition>
                        <!-- enqueue -->
                        <transition event="queue"/>
                        <!-- drain -->
                        <transition cond="hasQueued" target="link.sending"/>
                """))
        #expect(
            text.contains(
                """
                      <state id="link.sending">
                        <onentry><send event="ackTimedOut" delay="5s" id="link.sending.timer.ackTimeout"/></onentry>
                        <onexit><cancel sendid="link.sending.timer.ackTimeout"/></onexit>
                """))
        #expect(text.contains(#"<transition event="ackTimedOut" target="link.reconnecting"/>"#))
        #expect(
            text.contains(
                """
                      <state id="link.handshaking">
                        <initial><transition target="link.hello"/></initial>
                        <!-- handshakeDone -->
                        <transition event="done.state.link.handshaking" target="link.online"/>
                        <state id="link.hello">
                          <!-- greet -->
                          <transition event="greet" target="link.greeted"/>
                        </state>
                        <final id="link.greeted"/>
                      </state>
                """))
    }

    /// A machine named like one of its regions: the document's root gets an id of its own, since
    /// ids are unique in an SCXML document (xmllint and qscxmlc refuse a duplicate).
    @Test func aMachineNamedLikeARegionKeepsItsIDsUnique() {
        let text = DiagramFormat.scxml.render(Link.table.listing, name: "link", generatedBy: "link diagram")
        #expect(text.contains(#"name="link" initial="link.machine">"#))
        #expect(text.contains(#"<parallel id="link.machine">"#))
        #expect(text.components(separatedBy: #" id="link""#).count == 2, "one element has the id link: the region")
    }

    @Test func scxmlGivesEachSendAnIdOfItsOwn() {
        let text = DiagramFormat.scxml.render(Blinker.table.listing, name: "blinker", generatedBy: "blinker diagram")
        #expect(text.contains(#"<onentry><send event="blinkDue" delay="120000ms" id="lamp.on.timer.blink"/></onentry>"#))
        #expect(
            text.contains(
                #"<onexit><cancel sendid="lamp.on.timer.blink"/><cancel sendid="lamp.on.timer.blink.again"/><cancel sendid="lamp.on.timer.blink.again2"/></onexit>"#
            ))
        #expect(
            text.contains(
                #"<transition event="blinkDue"><send event="blinkDue" delay="120000ms" id="lamp.on.timer.blink.again"/></transition>"#
            ))
        #expect(
            text.contains(
                #"<transition event="blinkDue"><send event="blinkDue" delay="120000ms" id="lamp.on.timer.blink.again2"/></transition>"#
            ))
    }

    @Test func scxmlWritesDelaysInSecondsOrMilliseconds() {
        func delay(_ duration: Duration) -> String { SCXMLRenderer.delay(ValueText.duration(duration)) }
        #expect(delay(.seconds(5)) == "5s")
        #expect(delay(.seconds(120)) == "120000ms", "CSS2 times have no minutes")
        #expect(delay(.seconds(90)) == "90s")
        #expect(delay(.milliseconds(1500)) == "1500ms")
        #expect(delay(.zero) == "0ms")
    }

    @Test func theSVGListsEachRowByItsTriggerAndExplainsThem() throws {
        let text = render(.svg)
        #expect(text.contains(">ackTimeout:</tspan> after 5s → reconnecting</tspan>"))
        #expect(text.contains(">heartbeat:</tspan> every 30s (stays)</tspan>"))
        #expect(text.contains(">drain:</tspan> always [hasQueued] → sending</tspan>"))
        #expect(text.contains(">handshakeDone:</tspan> done.state.handshaking → online</tspan>"))
        let legend = MachineDrawing.legend(listing)
        #expect(legend.contains { $0.hasPrefix("after D marks a row taken D after its state is entered, every D one taken") })
        #expect(legend.contains("always marks a row taken with no event, as soon as its guard holds after a step."))
        #expect(legend.contains("done.state.S marks a row taken when compound state S enters one of its final children."))
        let file = try #require(text.firstMatch(of: /<text class="legend"[^>]*>(.*?)<\/text>/)).1
            .replacing(/<\/tspan><tspan[^>]*>/, with: " ").replacing(/<[^>]*>/, with: "")
        #expect(
            file.contains("always marks a row taken with no event, as soon as its guard holds after a step."),
            "the file's legend says so")
    }
}

/// The SCXML of the link, of a beacon whose two repeating rows share a timer of two minutes, and
/// of the mixer with its parallel states at two depths, read by real tools where they are
/// installed: xmllint against the W3C schema, Qt's compiler.
@Suite("SCXML read by real tools") struct SCXMLToolTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Writes the documents to read into a temporary folder, calls `body` with each, then
    /// removes the folder.
    static func withDocuments(_ body: (_ file: URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scxml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, listing) in [
            ("connection", Link.table.listing), ("blinker", Blinker.table.listing), ("mixer", Mixer.table.listing),
        ] {
            let file = folder.appendingPathComponent("\(name).scxml")
            try Data(DiagramFormat.scxml.render(listing, name: name, generatedBy: "\(name) diagram").utf8).write(to: file)
            try body(file)
        }
    }

    /// Runs `tool` with `arguments`; its status and what it wrote to standard error.
    static func run(_ tool: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let error = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: error, as: UTF8.self))
    }

    @Test func theSCXMLValidatesAgainstTheW3CSchema() throws {
        guard let xmllint = ["/usr/bin/xmllint", "/bin/xmllint"].first(where: FileManager.default.isExecutableFile) else {
            print("xmllint is not installed: the schema validation is skipped")
            return
        }
        let schema = Self.repository.appendingPathComponent(".ci/schemas/scxml/scxml.xsd").path
        try Self.withDocuments { file in
            let result = try Self.run(xmllint, ["--noout", "--schema", schema, file.path], in: file.deletingLastPathComponent())
            #expect(result.status == 0, "\(file.lastPathComponent): \(result.error)")
        }
    }

    @Test func qtsCompilerAcceptsTheSCXML() throws {
        let candidates = ["/usr/lib/qt6/libexec/qscxmlc", "/usr/lib/qt5/bin/qscxmlc", "/usr/bin/qscxmlc"]
        guard let compiler = candidates.first(where: FileManager.default.isExecutableFile) else {
            print("qscxmlc is not installed (Debian: libqt6scxml6-bin): the compilation is skipped")
            return
        }
        try Self.withDocuments { file in
            let folder = file.deletingLastPathComponent()
            let result = try Self.run(compiler, [file.path, "-o", "compiled"], in: folder)
            #expect(result.status == 0, "\(file.lastPathComponent): \(result.error)")
            #expect(result.error.isEmpty, "\(file.lastPathComponent): \(result.error)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("compiled.cpp").path))
        }
    }
}

/// A lamp that blinks every two minutes while on: two repeating rows on one timer, in one state
/// (the second never fires, as `check` says), which the SCXML must give distinct ids.
enum Blinker: MachineDefinition {
    typealias Context = Int
    enum Event: Int, MachineEvent, IndexedCase {
        case toggle, blinkDue
        var kind: Event { self }
    }
    enum Timer: Int, IndexedCase { case blink }
    static func event(firing timer: Timer) -> Event { .blinkDue }
    enum Lamp: Int, ControlState { case off, on }
    static let lamp = Region<Lamp>("lamp", index: 0, initial: .off)

    static let table = TransitionTable<Blinker>(
        regions: [lamp],
        rows: [
            Row("on", in: lamp, from: [.off], on: .toggle, to: .on),
            Row("off", in: lamp, from: [.on], on: .toggle, to: .off),
            Row("bright", in: lamp, from: [.on], every: .seconds(120), timer: .blink),
            Row("dim", in: lamp, from: [.on], every: .seconds(120), timer: .blink),
        ])
}
