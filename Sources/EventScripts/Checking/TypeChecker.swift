/// Types a value as written against a ``ValueType`` and returns it in canonical form: every
/// argument labelled and in parameter order, defaults filled in, overloads resolved, conversions
/// applied. With `validating`, constructed values also pass their constructor's own checks (a
/// coordinate in range); values in expectations are not validated.
@usableFromInline
struct TypeChecker {
    @usableFromInline let validating: Bool

    @usableFromInline
    init(validating: Bool) {
        self.validating = validating
    }

    @usableFromInline
    func check(_ node: SyntaxNode, as type: ValueType) throws(ScriptError) -> Value {
        switch (type, node.form) {
        case (.optional, .null):
            return .null
        case (.optional(let wrapped), _):
            return try check(node, as: wrapped)
        case (.oneOf(let types), _):
            return try checkFirst(node, of: types).value
        case (.string, .string(let string)):
            return .string(string)
        case (.number, .number(let number, _)):
            return .number(number)
        case (.integer, .number(let number, let isWhole)):
            guard isWhole else { throw mismatch(node, type, found: "a number with a fraction") }
            // Numbers are read as `Double`s, exact for whole numbers below 2^53 only.
            guard abs(number) < 9_007_199_254_740_992, let integer = Int(exactly: number) else {
                throw mismatch(node, type, found: "a whole number too large to be exact (2^53 or more)")
            }
            return .integer(integer)
        case (.duration, .duration(let duration)):
            return .duration(duration)
        case (.bool, .bool(let bool)):
            return .bool(bool)
        case (.enumeration(let typeName, let cases), .name(let name)):
            guard cases.contains(name) else {
                throw ScriptError(
                    Suggestion.unknown(typeName, name, among: cases),
                    at: node.location)
            }
            return .name(name)
        case (.list(let element), .list(let nodes)):
            var values: [Value] = []
            values.reserveCapacity(nodes.count)
            for node in nodes { values.append(try check(node, as: element)) }
            return .list(values)
        case (.constructor(let constructor), _):
            return try check(node, as: constructor)
        default:
            throw mismatch(node, type, found: describe(node))
        }
    }

    /// Types `node` as a value of `constructor`: `name(arguments)`, or `name` alone.
    @usableFromInline
    func check<T>(_ node: SyntaxNode, as constructor: Constructor<T>) throws(ScriptError) -> Value {
        switch node.form {
        case .call(let name, let arguments) where name == constructor.name:
            return try checkArguments(of: constructor, arguments, at: node.location)
        case .name(let name) where name == constructor.name:
            return try checkArguments(of: constructor, [], at: node.location)
        case .call(let name, _), .name(let name):
            throw ScriptError("expected \(constructor.signature), found '\(name)'", at: node.location)
        default:
            throw ScriptError("expected \(constructor.signature), found \(describe(node))", at: node.location)
        }
    }

    private func mismatch(_ node: SyntaxNode, _ type: ValueType, found: String) -> ScriptError {
        ScriptError("expected \(type.expectation), found \(found)", at: node.location)
    }

    private func describe(_ node: SyntaxNode) -> String {
        switch node.form {
        case .string(let string): "the string \(Value.quoted(string))"
        case .number: "a number"
        case .duration: "a duration"
        case .bool: "a boolean"
        case .null: "nil"
        case .name(let name): "'\(name)'"
        case .list: "a list"
        case .call(let name, _): "'\(name)(…)'"
        }
    }

    /// Tries each type in order; returns the position of the first that `node` is a value of, and
    /// the value. When the value names a constructor, only the types of that name are candidates,
    /// so an error speaks of the right one.
    @usableFromInline
    func checkFirst(_ node: SyntaxNode, of types: [ValueType]) throws(ScriptError) -> (position: Int, value: Value) {
        var candidates = Array(types.indices)
        switch node.form {
        case .call(let name, _), .name(let name):
            candidates = candidates.filter { position in
                switch types[position].unwrapped {
                case .constructor(let constructor): constructor.name == name
                case .enumeration(_, let cases): cases.contains(name)
                default: false
                }
            }
            if candidates.isEmpty {
                throw ScriptError(
                    Suggestion.unknown("", name, among: Self.words(of: types)),
                    at: node.location)
            }
        default:
            break
        }
        var deepest: ScriptError?
        for position in candidates {
            do {
                return (position, try check(node, as: types[position]))
            } catch {
                if error.location > node.location, deepest.map({ error.location > $0.location }) ?? true { deepest = error }
            }
        }
        if candidates.count == 1 || deepest != nil, let deepest { throw deepest }
        if candidates.count == 1 { return (candidates[0], try check(node, as: types[candidates[0]])) }
        if case .call(let name, _) = node.form {
            let signatures = candidates.compactMap { position in
                if case .constructor(let constructor) = types[position].unwrapped { constructor.signature } else { nil }
            }
            throw ScriptError(
                "no constructor '\(name)' matches; expected \(signatures.joined(separator: " or "))", at: node.location)
        }
        throw ScriptError("expected \(ValueType.oneOf(types).expectation), found \(describe(node))", at: node.location)
    }

    /// The constructor names and enumeration cases of `types`, each once, in order.
    private static func words(of types: [ValueType]) -> [String] {
        var words: [String] = []
        for type in types {
            switch type.unwrapped {
            case .constructor(let constructor) where !words.contains(constructor.name): words.append(constructor.name)
            case .enumeration(_, let cases): words += cases.filter { !words.contains($0) }
            default: break
            }
        }
        return words
    }

    /// Types the arguments of a value of `constructor`, as written at `location`.
    @usableFromInline
    func checkArguments<T>(
        of constructor: Constructor<T>, _ arguments: [SyntaxNode.Argument], at location: ScriptLocation
    ) throws(ScriptError) -> Value {
        var supplied = [SyntaxNode?](repeating: nil, count: constructor.parameters.count)
        for (position, argument) in arguments.enumerated() {
            let index: Int
            if constructor.requiresLabels {
                guard let label = argument.label else {
                    throw ScriptError(
                        "every argument of '\(constructor.name)' is labelled; expected one of \(constructor.parameters.map { "\($0.label):" }.joined(separator: " "))",
                        at: argument.value.location)
                }
                guard let found = constructor.parameters.firstIndex(where: { $0.label == label }) else {
                    throw ScriptError(
                        "'\(constructor.name)' has no parameter '\(label)'; expected one of \(constructor.parameters.map { "\($0.label):" }.joined(separator: " "))",
                        at: argument.labelLocation ?? argument.value.location)
                }
                guard supplied[found] == nil else {
                    throw ScriptError("'\(label):' is given twice", at: argument.labelLocation ?? argument.value.location)
                }
                index = found
            } else {
                guard position < constructor.parameters.count else {
                    throw ScriptError("too many arguments: expected \(constructor.signature)", at: argument.value.location)
                }
                if let label = argument.label, label != constructor.parameters[position].label {
                    throw ScriptError(
                        "argument \(position + 1) of '\(constructor.name)' is '\(constructor.parameters[position].label):', not '\(label):'",
                        at: argument.labelLocation ?? argument.value.location)
                }
                index = position
            }
            supplied[index] = argument.value
        }
        var checked: [Value.Argument] = []
        checked.reserveCapacity(constructor.parameters.count)
        for (parameter, node) in zip(constructor.parameters, supplied) {
            let value: Value
            if let node {
                value = try checkArgument(node, parameter)
            } else if let defaultValue = parameter.defaultValue {
                value = defaultValue
            } else if parameter.type.acceptsNil {
                value = .null
            } else {
                throw ScriptError("missing argument '\(parameter.label):' of \(constructor.signature)", at: location)
            }
            checked.append(Value.Argument(parameter.label, value, showsLabel: parameter.showsLabel))
        }
        let value = Value.constructed(constructor.name, checked)
        if validating, let problem = constructor.validate?(value) {
            throw ScriptError(problem, at: location)
        }
        return value
    }

    /// Types `node` as an argument for `parameter`, trying its conversions first.
    @usableFromInline
    func checkArgument(_ node: SyntaxNode, _ parameter: Parameter) throws(ScriptError) -> Value {
        // A conversion applies to values of another shape than the parameter's (a string where a
        // constructed value is expected), so try it first when the shape says so; errors are for the parameter.
        for conversion in parameter.conversions where Self.hasShape(node, of: conversion.from) {
            if let value = try? check(node, as: conversion.from) { return conversion.convert(value) }
        }
        return try check(node, as: parameter.type)
    }

    /// Whether `node` is written as a value of `type` could be (its outer form only).
    private static func hasShape(_ node: SyntaxNode, of type: ValueType) -> Bool {
        switch (type.unwrapped, node.form) {
        case (.string, .string), (.number, .number), (.integer, .number), (.duration, .duration), (.bool, .bool),
            (.enumeration, .name), (.list, .list), (.constructor, .call), (.constructor, .name):
            true
        case (.oneOf(let types), _): types.contains { hasShape(node, of: $0) }
        default: false
        }
    }
}
