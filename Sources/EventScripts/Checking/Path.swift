import MachineCore

/// A path into the state, checked against the vocabulary's types at load time.
@usableFromInline package struct CheckedPath: Sendable, CustomStringConvertible {
    @usableFromInline
    enum Step: Sendable {
        case part(String, computed: ComputedPart?)
        case count
        case index(Int)
    }

    /// The position of the root field in ``StateFields/all``.
    @usableFromInline let root: Int
    @usableFromInline let steps: [Step]
    /// The type of what the path leads to (optional when it passes through something optional).
    @usableFromInline package let type: ValueType
    let syntax: PathSyntax

    /// Whether the path is a field itself, not a part of it.
    @inlinable var isWholeField: Bool { steps.isEmpty }

    /// The path as the script wrote it.
    @usableFromInline package var description: String { syntax.description }

    /// Checks `syntax` against `fields`.
    @usableFromInline
    static func check<M>(_ syntax: PathSyntax, in fields: StateFields<M>) throws(ScriptError) -> CheckedPath {
        guard case .field(let rootName, let rootLocation) = syntax.steps[0] else {
            throw ScriptError("a path starts with a field", at: syntax.location)
        }
        guard let rootIndex = fields.index(of: rootName) else {
            throw ScriptError(
                Suggestion.unknown("field", rootName, among: fields.all.map(\.name)),
                at: rootLocation)
        }
        var type = fields.all[rootIndex].type
        var optional = false
        var steps: [Step] = []
        for step in syntax.steps.dropFirst() {
            if case .optional = type { optional = true }
            let base = type.unwrapped
            switch step {
            case .field(let name, let location):
                if case .list(_) = base, name == "count" {
                    steps.append(.count)
                    type = .integer
                } else if case .constructor(let constructor) = base, let partType = constructor.partType(name) {
                    steps.append(.part(name, computed: constructor.computed.first { $0.name == name }))
                    type = partType
                } else {
                    throw ScriptError("\(describe(base)) has no part '\(name)'\(parts(of: base))", at: location)
                }
            case .index(let index, let location):
                guard case .list(let element) = base else {
                    throw ScriptError("\(describe(base)) is not a list; only lists take [index]", at: location)
                }
                steps.append(.index(index))
                type = element
            }
        }
        if optional, !type.acceptsNil { type = .optional(type) }
        return CheckedPath(root: rootIndex, steps: steps, type: type, syntax: syntax)
    }

    private static func describe(_ type: ValueType) -> String {
        switch type {
        case .constructor(let constructor): "\(constructor.name)(…)"
        case .list: "a list"
        default: type.expectation.hasPrefix("a") ? type.expectation : "a value of \(type.expectation)"
        }
    }

    private static func parts(of type: ValueType) -> String {
        switch type {
        case .constructor(let constructor):
            "; expected one of \((constructor.parameters.map(\.label) + constructor.computed.map(\.name)).joined(separator: ", "))"
        case .list: "; a list has count and [index]"
        default: ""
        }
    }

    /// What the path reads in `state`: a value, or why there is none (an index past the end).
    /// Inlinable, so that it is compiled for the machine where a player reads it.
    @inlinable
    func evaluate<M>(in state: MachineState<M>, fields: StateFields<M>) -> Result<Value, Missing> {
        // A list field's `count`: counted where the state keeps the list, without its value.
        if steps.count == 1, case .count = steps[0], let count = fields.counters[root] {
            return .success(.integer(count(state)))
        }
        var value = fields.readers[root](state)
        for step in steps {
            if value == .null { return .success(.null) }
            switch step {
            case .part(let name, let computed):
                if let computed {
                    value = computed.compute(value)
                } else if let part = value[argument: name] {
                    value = part
                } else {
                    return .failure(Missing(reason: "\(value) has no part \(name)"))
                }
            case .count:
                guard case .list(let elements) = value else { return .failure(Missing(reason: "\(value) is not a list")) }
                value = .integer(elements.count)
            case .index(let index):
                guard case .list(let elements) = value else { return .failure(Missing(reason: "\(value) is not a list")) }
                guard elements.indices.contains(index) else {
                    return .failure(Missing(reason: "no element [\(index)]: the list has \(elements.count)"))
                }
                value = elements[index]
            }
        }
        return .success(value)
    }

    /// Why a path reads nothing.
    @usableFromInline
    struct Missing: Error {
        @usableFromInline let reason: String

        @inlinable
        init(reason: String) {
            self.reason = reason
        }
    }
}
