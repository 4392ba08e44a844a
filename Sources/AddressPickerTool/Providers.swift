import AddressPicker
import MachineRuntime

/// The providers `--provider` can name.
enum Providers {
    static func answerer(named name: String) throws -> Answerer<AddressPicker>? {
        switch name {
        case "script": return nil
        default: throw UsageError("--provider takes script, not '\(name)'")
        }
    }
}
