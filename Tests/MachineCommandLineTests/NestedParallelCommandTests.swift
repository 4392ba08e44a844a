import Foundation
import MachineCommandLine
import StatechartFixtures
import Testing

/// The mixer's tool, whose regions nest in states at two depths, through the commands a user runs.
@Suite("The commands on parallel states") struct NestedParallelCommandTests {
    static let tool = MachineCommandLine(
        name: "mixer", vocabulary: MixerVocabulary(), exploration: Exploration(samples: MixerSamples()))

    static func run(_ arguments: [String]) throws -> CallBox.Result { try CallBox.run(arguments, tool: tool) }

    @Test func scratch() throws {
        for arguments in [["check"], ["diagram", "--format", "mermaid"], ["diagram", "--format", "dot"], ["diagram", "--format", "scxml"], ["paths"], ["explore", "--steps", "2000"], ["verify", "--depth", "6"], ["coverage", "/tmp/mixer/a.events"]] {
            let result = try Self.run(arguments)
            print("=== \(arguments) \(result.status)\n\(result.output)\(result.error)")
        }
    }
}
