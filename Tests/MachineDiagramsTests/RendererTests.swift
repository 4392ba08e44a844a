import MachineCore
import MachineDiagrams
import Testing

/// A two-region machine small enough to check the renderers' output line by line.
enum Lamp: MachineDefinition {
    typealias Context = Int
    enum Event: Int, MachineEvent, IndexedCase {
        case flip, blow, reset
        var kind: Event { self }
    }
    enum Power: Int, ControlState { case off, on, broken }
    enum Glow: Int, ControlState { case dark, lit }
    static let power = Region<Power>("power", index: 0, initial: .off, final: [.broken])
    static let glow = Region<Glow>("glow", index: 1, initial: .dark)
    static let isNew = Guard<Lamp>("isNew") { _, _ in true }

    static let table = TransitionTable<Lamp>(
        regions: [power, glow],
        rows: [
            Row("on", in: power, from: [.off], on: .flip, to: .on),
            Row("off", in: power, from: [.on], on: .flip, to: .off),
            Row("blow", in: power, from: [.on], on: .blow, when: isNew, to: .broken),
            Row("glow", in: glow, from: .any, on: .flip),
            Row("reset", in: glow, from: .any, on: .reset, to: .dark),
        ])
}

@Suite("Diagram renderers") struct RendererTests {
    let listing = Lamp.table.listing

    @Test func dot() {
        #expect(
            DiagramFormat.dot.render(listing, name: "lamp", generatedBy: "lamp diagram") == """
                // Generated from the lamp transition table by `lamp diagram --format dot`. Do not edit.
                digraph "lamp" {
                  graph [rankdir=LR, fontname="Helvetica", fontsize=12, compound=true, nodesep=0.3, ranksep=0.5];
                  node [shape=box, style=rounded, fontname="Helvetica", fontsize=11];
                  edge [fontname="Helvetica", fontsize=9];
                  subgraph "cluster_power" {
                    label="power"; style=rounded; color="#888888";
                    "power.__initial" [shape=point, width=0.12, label=""];
                    "power.off" [label="off"];
                    "power.on" [label="on"];
                    "power.broken" [label="broken", peripheries=2];
                    "power.__initial" -> "power.off";
                  }
                  subgraph "cluster_glow" {
                    label="glow"; style=rounded; color="#888888";
                    "glow.__initial" [shape=point, width=0.12, label=""];
                    "glow.dark" [label="dark"];
                    "glow.lit" [label="lit"];
                    "glow.__any" [label="any state\\nflip (stays)\\l", shape=plaintext, fontcolor="#666666"];
                    "glow.__initial" -> "glow.dark";
                  }

                  "power.off" -> "power.on" [label="flip", tooltip="on"];
                  "power.on" -> "power.off" [label="flip", tooltip="off"];
                  "power.on" -> "power.broken" [label="blow [isNew]", tooltip="blow"];
                  "glow.__any" -> "glow.dark" [label="reset", tooltip="reset"];
                }

                """)
    }

    @Test func mermaidHasOneTopLevelCompositeStatePerRegionAndNoConcurrency() {
        let text = DiagramFormat.mermaid.render(listing, name: "lamp", generatedBy: "lamp diagram")
        #expect(
            text == """
                %% Generated from the lamp transition table by `lamp diagram --format mermaid`. Do not edit.
                stateDiagram-v2
                  state power {
                    power_off : off
                    power_on : on
                    power_broken : broken
                    [*] --> power_off
                    power_off --> power_on : flip
                    power_on --> power_off : flip
                    power_on --> power_broken : blow [isNew]
                    power_broken --> [*]
                  }
                  state glow {
                    glow_dark : dark
                    glow_lit : lit
                    glow_any : any state
                    glow_any : flip (stays)
                    [*] --> glow_dark
                    glow_any --> glow_dark : reset
                  }

                """)
        #expect(!text.contains("\n    --\n"))
    }

    @Test("A row without a target is listed in its state, never drawn as a loop", arguments: DiagramFormat.allCases)
    func aRowWithoutATargetIsNoLoop(_ format: DiagramFormat) {
        let text = format.render(listing, name: "lamp", generatedBy: "lamp diagram")
        // `glow` (flip, from any state, no target) exits and enters nothing.
        switch format {
        case .dot: #expect(!text.contains("tooltip=\"glow\""), "no edge")
        case .mermaid: #expect(!text.contains("--> glow_any"), "no transition")
        case .scxml: #expect(text.contains("<transition event=\"flip\"/>"), "a transition without a target")
        case .svg:
            #expect(text.contains("<tspan class=\"id\">glow:</tspan> flip (stays)</tspan>"))
            #expect(!text.contains("class=\"row arrow\" data-row=\"3\""), "no arrow")
        }
    }

    @Test func scxmlHasAParallelOfRegionsAndATransitionPerRowAndState() {
        #expect(
            DiagramFormat.scxml.render(listing, name: "lamp", generatedBy: "lamp diagram") == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- Generated from the lamp transition table by lamp diagram, format scxml. Do not edit. -->
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="lamp" initial="lamp">
                  <parallel id="lamp">
                    <state id="power" initial="power.off">
                      <state id="power.off">
                        <!-- on -->
                        <transition event="flip" target="power.on"/>
                      </state>
                      <state id="power.on">
                        <!-- off -->
                        <transition event="flip" target="power.off"/>
                        <!-- blow -->
                        <transition event="blow" cond="isNew" target="power.broken"/>
                      </state>
                      <final id="power.broken"/>
                    </state>
                    <state id="glow" initial="glow.dark">
                      <state id="glow.dark">
                        <!-- glow -->
                        <transition event="flip"/>
                        <!-- reset -->
                        <transition event="reset" target="glow.dark"/>
                      </state>
                      <state id="glow.lit">
                        <!-- glow -->
                        <transition event="flip"/>
                        <!-- reset -->
                        <transition event="reset" target="glow.dark"/>
                      </state>
                    </state>
                  </parallel>
                </scxml>

                """)
    }

    @Test func everySCXMLTargetNamesAState() {
        let scxml = DiagramFormat.scxml.render(listing, name: "lamp", generatedBy: "lamp diagram")
        let ids = Set(scxml.matches(of: /id="([^"]+)"/).map { String($0.1) })
        let targets = scxml.matches(of: /target="([^"]+)"/).map { String($0.1) }
        #expect(Set(targets) == ["power.on", "power.off", "power.broken", "glow.dark"])
        for target in targets { #expect(ids.contains(target), "target \(target) names no state") }
    }

    @Test("The first line names the command that writes the file, legal in each format")
    func headerNamesTheGenerator() throws {
        for format in DiagramFormat.allCases {
            let text = format.render(listing, name: "lamp", generatedBy: "my-tool --verbose diagram")
            let header = try #require(text.split(separator: "\n").first(where: { $0.contains("Generated") }))
            #expect(header.contains("my-tool"), "\(format): \(header)")
            #expect(!header.contains("address-picker"), "\(format): \(header)")
        }
        // `--` may not appear inside an XML comment.
        let scxml = DiagramFormat.scxml.render(listing, name: "lamp", generatedBy: "my-tool --verbose diagram")
        #expect(scxml.contains("<!-- Generated from the lamp transition table by my-tool - -verbose diagram, format scxml."))
    }
}
