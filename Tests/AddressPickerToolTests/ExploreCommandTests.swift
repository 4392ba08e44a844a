import Foundation
import MachineRuntime
import Testing

@Suite("address-picker explore") struct ExploreCommandTests {
    @Test func exploresAndExitsZeroWhenEveryInvariantHolds() throws {
        let folder = try Tool.folder([:])
        let result = try Tool.run(["explore", "--seed", "7", "--steps", "3000"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("3000 moves from seed 7 in "))
        #expect(result.output.hasSuffix("; 25 invariants held after every move\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "no script without a violation")
        let again = try Tool.run(["explore", "--seed=7", "--steps=3000"], in: folder)
        #expect(again.output == result.output, "the same seed makes the same moves")
    }

    @Test(
        "bad options are usage errors",
        arguments: [
            (["--steps", "0"], "error: --steps takes a whole number from 1 to 1000000000, not '0'"),
            (["--seed", "-1"], "error: --seed takes a whole number from 0 to 18446744073709551615, not '-1'"),
            (["--seed", "x"], "error: --seed takes a whole number from 0 to 18446744073709551615, not 'x'"),
            (["extra"], "error: unexpected argument 'extra'"),
        ])
    func badOptions(arguments: [String], message: String) throws {
        let result = try Tool.run(["explore"] + arguments)
        #expect(result.status == 64)
        #expect(result.error.hasPrefix(message), "\(result.error)")
    }

    @Test func helpListsTheInvariants() throws {
        let result = try Tool.run(["explore", "--help"])
        #expect(result.status == 0)
        #expect(
            result.output.contains(
                "USAGE: address-picker explore [--seed <n>] [--steps <k>] [--output <file>] [--expect] [--initial <name>]"))
        #expect(result.output.contains("EXIT STATUS:\n  0  every invariant held\n  1  an invariant was broken"))
        #expect(result.output.contains("\n  - reverseGeocode requests are at least geocodeInterval apart\n"))
        #expect(result.output.contains("\n  - at most one request of each kind in flight\n"))
    }

    @Test func exploresFromANamedInitialContext() throws {
        let policies = try Tool.run(["explore", "--initial", "policies", "--steps", "3000", "--seed", "7"])
        #expect(policies.status == 0, "\(policies.error)")
        #expect(policies.output.hasSuffix("; 25 invariants held after every move\n"))
        #expect(try Tool.run(["explore", "--steps", "3000", "--seed", "7"]).output == policies.output, "policies is the default")
        let plain = try Tool.run(["explore", "--initial=no-policies", "--steps", "3000", "--seed", "7"])
        #expect(plain.status == 0, "\(plain.error)")
        #expect(plain.output != policies.output, "another context makes other moves")
        let unknown = try Tool.run(["explore", "--initial", "fast"])
        #expect(unknown.status == 64)
        #expect(unknown.error.hasPrefix("error: --initial takes policies, no-policies, nominatim or photon, not 'fast'"))
    }
}
