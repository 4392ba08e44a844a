/// Types a value as written against a ``ValueType`` and returns it in canonical form: every
/// argument labelled and in parameter order, defaults filled in, overloads resolved, conversions
/// applied. With `validating`, records also pass their own checks (a coordinate in range); values
/// in expectations are not validated.
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
            return try checkOneOf(node, types)
        case (.string, .string(let string)):
            return .string(string)
        case (.number, .number(let number, _)):
            return .number(number)
        case (.integer, .number(let number, let isWhole)):
            guard isWhole, let integer = Int(exactly: number) else {
                throw mismatch(node, type, found: "a number with a fraction")
            }
            return .integer(integer)
        case (.duration, .duration(let duration)):
            return .duration(duration)
        case (.bool, .bool(let bool)):
            return .bool(bool)
        case (.names(let typeName, let cases), .name(let name)):
            guard cases.contains(name) else {
                throw ScriptError("unknown \(typeName) '\(name)'; expected one of \(cases.joined(separator: ", "))",
                                  at: node.location)
            }
            return .name(name)
        case (.list(let element), .list(let nodes)):
            var values: [Value] = []
            values.reserveCapacity(nodes.count)
            for node in nodes { values.append(try check(node, as: element)) }
            return .list(values)
        case (.record(let record), .call(let name, let arguments)) where name == record.name:
            return try checkRecord(record, arguments, at: node.location)
        case (.record(let record), .name(let name)) where name == record.name:
            return try checkRecord(record, [], at: node.location)
        case (.record(let record), .call(let name, _)), (.record(let record), .name(let name)):
            throw ScriptError("expected \(record.signature), found '\(name)'", at: node.location)
        default:
            throw mismatch(node, type, found: describe(node))
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

    /// Tries each type in order. When the value names a constructor, only the types of that name
    /// are candidates, so an error speaks of the right one.
    private func checkOneOf(_ node: SyntaxNode, _ types: [ValueType]) throws(ScriptError) -> Value {
        var candidates = types
        switch node.form {
        case .call(let name, _), .name(let name):
            candidates = types.filter { type in
                switch type.unwrapped {
                case .record(let record): record.name == name
                case .names(_, let cases): cases.contains(name)
                default: false
                }
            }
            if candidates.isEmpty {
                throw ScriptError("unknown '\(name)'; expected one of \(Self.words(of: types).joined(separator: ", "))",
                                  at: node.location)
            }
        default:
            break
        }
        var deepest: ScriptError?
        for type in candidates {
            do {
                return try check(node, as: type)
            } catch {
                if error.location > node.location, deepest.map({ error.location > $0.location }) ?? true { deepest = error }
            }
        }
        if candidates.count == 1 || deepest != nil, let deepest { throw deepest }
        if candidates.count == 1 { return try check(node, as: candidates[0]) }
        if case .call(let name, _) = node.form {
            let forms = candidates.compactMap { if case .record(let record) = $0.unwrapped { record.signature } else { nil } }
            throw ScriptError("no form of '\(name)' matches; expected \(forms.joined(separator: " or "))", at: node.location)
        }
        throw ScriptError("expected \(ValueType.oneOf(types).expectation), found \(describe(node))", at: node.location)
    }

    /// The constructor names and enumeration cases of `types`, each once, in order.
    private static func words(of types: [ValueType]) -> [String] {
        var words: [String] = []
        for type in types {
            switch type.unwrapped {
            case .record(let record) where !words.contains(record.name): words.append(record.name)
            case .names(_, let cases): words += cases.filter { !words.contains($0) }
            default: break
            }
        }
        return words
    }

    private func checkRecord(
        _ record: RecordType, _ arguments: [SyntaxNode.Argument], at location: ScriptLocation
    ) throws(ScriptError) -> Value {
        var supplied = [SyntaxNode?](repeating: nil, count: record.parameters.count)
        for (position, argument) in arguments.enumerated() {
            let index: Int
            if record.requiresLabels {
                guard let label = argument.label else {
                    throw ScriptError("every argument of '\(record.name)' is labelled; expected one of \(record.parameters.map { "\($0.label):" }.joined(separator: " "))",
                                      at: argument.value.location)
                }
                guard let found = record.parameters.firstIndex(where: { $0.label == label }) else {
                    throw ScriptError("'\(record.name)' has no parameter '\(label)'; expected one of \(record.parameters.map { "\($0.label):" }.joined(separator: " "))",
                                      at: argument.labelLocation ?? argument.value.location)
                }
                guard supplied[found] == nil else {
                    throw ScriptError("'\(label):' is given twice", at: argument.labelLocation ?? argument.value.location)
                }
                index = found
            } else {
                guard position < record.parameters.count else {
                    throw ScriptError("too many arguments: expected \(record.signature)", at: argument.value.location)
                }
                if let label = argument.label, label != record.parameters[position].label {
                    throw ScriptError("argument \(position + 1) of '\(record.name)' is '\(record.parameters[position].label):', not '\(label):'",
                                      at: argument.labelLocation ?? argument.value.location)
                }
                index = position
            }
            supplied[index] = argument.value
        }
        var fields: [Value.Field] = []
        fields.reserveCapacity(record.parameters.count)
        for (parameter, node) in zip(record.parameters, supplied) {
            let value: Value
            if let node {
                value = try checkArgument(node, parameter)
            } else if let defaultValue = parameter.defaultValue {
                value = defaultValue
            } else if parameter.type.acceptsNil {
                value = .null
            } else {
                throw ScriptError("missing argument '\(parameter.label):' of \(record.signature)", at: location)
            }
            fields.append(Value.Field(parameter.label, value, showsLabel: parameter.showsLabel))
        }
        let value = Value.record(record.name, fields)
        if validating, let problem = record.validate?(value) {
            throw ScriptError(problem, at: location)
        }
        return value
    }

    private func checkArgument(_ node: SyntaxNode, _ parameter: Parameter) throws(ScriptError) -> Value {
        // A conversion applies to values of another shape than the parameter's (a string where a
        // record is expected), so try it first when the shape says so; errors are for the parameter.
        for conversion in parameter.conversions where Self.hasShape(node, of: conversion.from) {
            if let value = try? check(node, as: conversion.from) { return conversion.convert(value) }
        }
        return try check(node, as: parameter.type)
    }

    /// Whether `node` is written as a value of `type` could be (its outer form only).
    private static func hasShape(_ node: SyntaxNode, of type: ValueType) -> Bool {
        switch (type.unwrapped, node.form) {
        case (.string, .string), (.number, .number), (.integer, .number), (.duration, .duration), (.bool, .bool),
             (.names, .name), (.list, .list), (.record, .call), (.record, .name): true
        case (.oneOf(let types), _): types.contains { hasShape(node, of: $0) }
        default: false
        }
    }
}
