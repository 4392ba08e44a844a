import Foundation
import MachineCore
import MachineRuntime
import Testing

// The machines of README.md ("A machine of your own") and of the MachineCore article "Defining
// your own machine" (MachineCore.docc/DefiningAMachine.md): the door and the traffic light. The
// documents show them as the strings below, and the same code is compiled and run here: if the
// text drifts from these strings, or the code stops compiling or behaving as the comments say,
// a test fails. (Scripts/check-doc-snippets compiles the documents' blocks themselves.)

enum Door: MachineDefinition {
    struct Context: Sendable { var knocks = 0 }

    enum Event: Int, MachineEvent, IndexedCase {
        case open, close, knock
        var kind: Event { self }
    }

    enum Output: Equatable, Sendable { case chime }

    enum Position: Int, ControlState { case closed, opened }
    static let position = Region<Position>("position", index: 0, initial: .closed)

    static let table = TransitionTable<Door>(
        regions: [position],
        rows: [
            Row("open", in: position, from: [.closed], on: .open, to: .opened),
            Row("close", in: position, from: [.opened], on: .close, to: .closed),
            Row("knock", in: position, from: [.closed], on: .knock) { context, _, out in
                context.knocks += 1
                out.emit(.chime)
            },
        ])
}

enum TrafficLight: MachineDefinition {
    struct Context: Equatable, Sendable { var cycles = 0 }

    enum Event: Int, MachineEvent, IndexedCase {
        case start, buttonPressed
        var kind: Event { self }
    }

    static let startEvent: Event? = .start

    enum Lamp: Int, ControlState { case green, amber, red }
    static let lamp = Region<Lamp>("lamp", index: 0, initial: .green)

    static let table = TransitionTable<TrafficLight>(
        regions: [lamp],
        rows: [
            Row("greenOver", in: lamp, from: [.green], after: .seconds(30), to: .amber),
            Row("button", in: lamp, from: [.green], on: .buttonPressed, to: .amber),
            Row("amberOver", in: lamp, from: [.amber], after: .seconds(3), to: .red),
            Row("redOver", in: lamp, from: [.red], after: .seconds(20), to: .green) { context, _, _ in
                context.cycles += 1
            },
        ])
}

@Suite struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let article = "Sources/MachineCore/MachineCore.docc/DefiningAMachine.md"

    static func text(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    /// The door's declaration, as README.md and the article show it.
    static let door = """
        enum Door: MachineDefinition {
            struct Context: Sendable { var knocks = 0 }

            enum Event: Int, MachineEvent, IndexedCase {
                case open, close, knock
                var kind: Event { self }
            }

            enum Output: Equatable, Sendable { case chime }

            enum Position: Int, ControlState { case closed, opened }
            static let position = Region<Position>("position", index: 0, initial: .closed)

            static let table = TransitionTable<Door>(regions: [position], rows: [
                Row("open", in: position, from: [.closed], on: .open, to: .opened),
                Row("close", in: position, from: [.opened], on: .close, to: .closed),
                Row("knock", in: position, from: [.closed], on: .knock) { context, _, out in
                    context.knocks += 1
                    out.emit(.chime)
                },
            ])
        }
        """

    /// The door's steps, as the article shows them after its declaration.
    static let doorSteps = """
        var state = Door.table.initialState(context: .init())
        var result = StepResult<Door>()
        Door.table.step(&state, .knock, into: &result)   // result.commands == [.output(.chime)]
        Door.table.step(&state, .open, into: &result)    // state[Door.position] == .opened
        Door.table.step(&state, .knock, into: &result)   // result.ignored == .noRow
        """

    /// The traffic light's declaration, as the article shows it.
    static let trafficLight = """
        enum TrafficLight: MachineDefinition {
            struct Context: Equatable, Sendable { var cycles = 0 }

            enum Event: Int, MachineEvent, IndexedCase {
                case start, buttonPressed
                var kind: Event { self }
            }

            static let startEvent: Event? = .start

            enum Lamp: Int, ControlState { case green, amber, red }
            static let lamp = Region<Lamp>("lamp", index: 0, initial: .green)

            static let table = TransitionTable<TrafficLight>(regions: [lamp], rows: [
                Row("greenOver", in: lamp, from: [.green], after: .seconds(30), to: .amber),
                Row("button", in: lamp, from: [.green], on: .buttonPressed, to: .amber),
                Row("amberOver", in: lamp, from: [.amber], after: .seconds(3), to: .red),
                Row("redOver", in: lamp, from: [.red], after: .seconds(20), to: .green) { context, _, _ in
                    context.cycles += 1
                },
            ])
        }
        """

    /// The traffic light's run, as the article shows it.
    static let trafficLightRun = """
        var light = Runtime(table: TrafficLight.table, state: TrafficLight.table.initialState(context: .init()))
        _ = try light.advance(by: .seconds(30))    // light.state[TrafficLight.lamp] == .amber
        _ = try light.advance(by: .seconds(23))    // green again: light.state.context.cycles == 1
        _ = try light.send(.buttonPressed)         // amber at once; green's delay is cancelled
        """

    @Test func theDocumentsShowTheseExamples() throws {
        let readme = try Self.text("README.md")
        let article = try Self.text(Self.article)
        #expect(readme.contains("```swift\nimport MachineCore\n\n\(Self.door)\n```"), "README.md's door differs from this test's")
        #expect(
            article.contains("```swift\nimport MachineCore\n\n\(Self.door)\n\n\(Self.doorSteps)\n```"),
            "the article's door differs from this test's")
        #expect(
            article.contains("```swift\nimport MachineRuntime\n\n\(Self.trafficLight)\n```"),
            "the article's traffic light differs from this test's")
        #expect(
            article.contains("```swift\n\(Self.trafficLightRun)\n```"), "the article's traffic light run differs from this test's"
        )
    }

    @Test func theDoorExampleBehavesAsTheDocumentsSay() {
        var state = Door.table.initialState(context: .init())
        var result = StepResult<Door>()
        Door.table.step(&state, .knock, into: &result)
        #expect(result.commands == [.output(.chime)])
        Door.table.step(&state, .open, into: &result)
        #expect(state[Door.position] == .opened)
        Door.table.step(&state, .knock, into: &result)
        #expect(result.ignored == .noRow)
        #expect(state.context.knocks == 1)
    }

    @Test func theTrafficLightBehavesAsTheArticleSays() throws {
        var light = Runtime(table: TrafficLight.table, state: TrafficLight.table.initialState(context: .init()))
        #expect(light.nextDeadline == .seconds(30), "the start entered green and started its delay")
        _ = try light.advance(by: .seconds(30))
        #expect(light.state[TrafficLight.lamp] == .amber)
        _ = try light.advance(by: .seconds(23))
        #expect(light.state[TrafficLight.lamp] == .green)
        #expect(light.state.context.cycles == 1)
        _ = try light.send(.buttonPressed)
        #expect(light.state[TrafficLight.lamp] == .amber)
        #expect(light.nextDeadline == .seconds(56), "only amber's delay is left: green's was cancelled")
        #expect(TrafficLight.table.listing.findings.isEmpty)
    }
}
