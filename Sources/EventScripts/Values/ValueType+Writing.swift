extension ValueType {
    /// Whether `value`, written as ``Value/description`` writes it, reads back as an equal value
    /// of this type: every name a case or constructor of the type, every finite number, every
    /// argument in its parameter's place. A command the vocabulary has no constructor for is not.
    @usableFromInline
    func canWrite(_ value: Value) -> Bool {
        switch (self, value) {
        case (.optional, .null):
            return true
        case (.optional(let wrapped), _):
            return wrapped.canWrite(value)
        case (.oneOf(let types), _):
            return types.contains { $0.canWrite(value) }
        case (.string, .string), (.integer, .integer), (.number, .integer), (.bool, .bool):
            return true
        case (.number, .number(let number)):
            return number.isFinite
        case (.duration, .duration):
            return true
        case (.enumeration(_, let cases), .name(let name)):
            return cases.contains(name)
        case (.list(let element), .list(let values)):
            return values.allSatisfy { element.canWrite($0) }
        case (.constructor(let constructor), .constructed(let name, let arguments)):
            guard name == constructor.name, arguments.count == constructor.parameters.count else { return false }
            return zip(constructor.parameters, arguments).allSatisfy { parameter, argument in
                // An argument is read by its label or its place; a labelled nil is left out, so it
                // reads back as the parameter's default.
                argument.label == parameter.label && argument.showsLabel == parameter.showsLabel
                    && (argument.showsLabel || !constructor.requiresLabels)
                    && (!argument.showsLabel || argument.value != .null || (parameter.defaultValue ?? .null) == .null)
                    && parameter.type.canWrite(argument.value)
            }
        default:
            return false
        }
    }
}
