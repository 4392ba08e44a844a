import AddressPicker
import Gazetteer
import MachineRuntime

/// The providers `--provider` can name.
enum Providers {
    static func answerer(named name: String) throws -> Answerer<AddressPicker>? {
        switch name {
        case "script":
            return nil
        case "gazetteer":
            let provider = GazetteerProvider(gazetteer: try loadGazetteer())
            return { provider.answer($0) }
        default:
            throw UsageError("--provider takes script or gazetteer, not '\(name)'")
        }
    }
}
