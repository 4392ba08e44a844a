import MachineCore
import MachineDiagrams
import Testing

/// A machine with nested states for the renderers: a player `off` or `on`, on `idle` or `busy`
/// (itself `playing` or `paused`); it resumes by deep history and refreshes by an internal row.
enum Player: MachineDefinition {
    typealias Context = Int
    enum Event: Int, MachineEvent, IndexedCase {
        case power, play, pause, resume, refresh
        var kind: Event { self }
    }
    enum Deck: Int, ControlState { case off, on, idle, busy, playing, paused }
    static let deck = Region<Deck>(
        "deck", index: 0, initial: .off, children: [.on: [.idle, .busy], .busy: [.playing, .paused]])

    static let table = TransitionTable<Player>(
        regions: [deck],
        rows: [
            Row("powerOn", in: deck, from: [.off], on: .power, to: .on),
            Row("powerOff", in: deck, from: [.on], on: .power, to: .off),
            Row("resume", in: deck, from: [.off], on: .resume, to: .on, history: .deep),
            Row("play", in: deck, from: [.idle], on: .play, to: .busy),
            Row("pause", in: deck, from: [.playing], on: .pause, to: .paused),
            Row("refresh", in: deck, from: [.busy], on: .refresh, to: .busy, internal: true),
        ])
}

@Suite("Diagram renderers, nested states") struct NestedRendererTests {
    let listing = Player.table.listing

    func render(_ format: DiagramFormat) -> String { format.render(listing, name: "player", generatedBy: "player diagram") }

    @Test func dotDrawsACompoundStateAsAClusterWithItsInitialChildAndHistory() {
        let text = render(.dot)
        #expect(
            text.contains(
                """
                    subgraph "cluster_deck.on" {
                      label="on"; style=rounded; color="#555555";
                      "deck.on" [shape=point, width=0.01, style=invis, label=""];
                      "deck.on.__initial" [shape=point, width=0.08, label=""];
                      "deck.on.__deep" [label="H*", shape=circle, width=0.3, fixedsize=true];
                      "deck.idle" [label="idle"];
                      subgraph "cluster_deck.busy" {
                """))
        #expect(text.contains(#"  "deck.off" -> "deck.on" [label="power", tooltip="powerOn", lhead="cluster_deck.on"];"#))
        #expect(text.contains(#"  "deck.on" -> "deck.off" [label="power", tooltip="powerOff", ltail="cluster_deck.on"];"#))
        #expect(text.contains(#"  "deck.off" -> "deck.on.__deep" [label="resume", tooltip="resume"];"#))
        #expect(text.contains(#"  "deck.busy" -> "deck.busy" [label="refresh", tooltip="refresh", style=dashed];"#))
        #expect(text.contains(#"    "deck.on.__initial" -> "deck.idle";"#))
    }

    @Test func mermaidDrawsACompoundStateAsAComposite() {
        let text = render(.mermaid)
        #expect(
            text.contains(
                """
                    state "on" as deck_on
                    state deck_on {
                      deck_idle : idle
                      state "busy" as deck_busy
                      state deck_busy {
                        deck_playing : playing
                        deck_paused : paused
                        [*] --> deck_playing
                      }
                      deck_on_deep : H*
                      [*] --> deck_idle
                    }
                """))
        #expect(text.contains("    deck_off --> deck_on_deep : resume\n"))
    }

    @Test func scxmlNestsStatesWithInitialAndHistory() {
        let text = render(.scxml)
        #expect(
            text.contains(
                """
                      <state id="deck.on">
                        <initial><transition target="deck.idle"/></initial>
                        <history id="deck.on.deep" type="deep"><transition target="deck.idle"/></history>
                        <!-- powerOff -->
                        <transition event="power" target="deck.off"/>
                        <state id="deck.idle">
                """))
        #expect(text.contains(#"<transition event="resume" target="deck.on.deep"/>"#))
        #expect(text.contains(#"<transition event="refresh" target="deck.busy" type="internal"/>"#))
    }
}
