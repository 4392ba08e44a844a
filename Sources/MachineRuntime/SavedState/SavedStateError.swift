/// Why a saved state was refused. Nothing is restored when one is thrown.
public enum SavedStateError: Error, Equatable, CustomStringConvertible {
    /// The file is of another format version than this package reads.
    case otherFormat(found: Int, expected: Int)
    /// The file is the state of another machine: its table's identity differs
    /// (`TransitionTable.identity`).
    case otherMachine(found: String, expected: String)
    /// The file is not JSON, is cut short, writes a key twice in one object, or lacks a field
    /// or has one of the wrong type or value: what is wrong, with where (the field's path,
    /// `at requests[2].madeAt: …`, or a line and column of the text).
    case corrupt(String)
    /// The file is well-formed but describes no state a runtime can be in: which field, and why.
    case inconsistent(field: String, problem: String)
    /// The state could not be written as JSON (a context holding a number JSON cannot carry,
    /// such as infinity): what the encoder said.
    case unencodable(String)

    public var description: String {
        switch self {
        case .otherFormat(let found, let expected):
            "the saved state has format version \(found); this version reads format version \(expected)"
        case .otherMachine(let found, let expected):
            "the saved state is of another machine (table identity \(found); this machine's is \(expected))"
        case .corrupt(let problem):
            "the saved state is not valid: \(problem)"
        case .inconsistent(let field, let problem):
            "the saved state is inconsistent: \(field): \(problem)"
        case .unencodable(let problem):
            "the state cannot be saved as JSON: \(problem)"
        }
    }
}
