import MachineCore
import MachineRuntime

/// Checks statements against a vocabulary, before anything runs: unknown words, wrong types,
/// misplaced `machine` and `given`, out-of-range values in events and answers.
///
/// `@inlinable`, like the player, so that building the program is specialised for the machine.
public final class ScriptChecker<V: ScriptVocabulary>: Sendable {
    public typealias M = V.Machine

    /// The vocabulary checked against.
    public let vocabulary: V
    /// The readable fields of the state.
    public let fields: StateFields<M>
    @usableFromInline let events: [String: EventForm<M>]
    @usableFromInline let answerTypes: [ValueType]
    @usableFromInline let commandType: ValueType

    public init(vocabulary: V) {
        self.vocabulary = vocabulary
        self.fields = StateFields(vocabulary)
        self.events = Dictionary(vocabulary.hostEvents.map { ($0.record.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.answerTypes = M.Request.Kind.allCases.map(vocabulary.answerType(for:))
        self.commandType = vocabulary.commandType
    }

    /// Parses and checks the script `bytes`, read from `file`.
    @inlinable
    public func program(from bytes: [UInt8], file: String) throws(ScriptError) -> Program<M> {
        var builder = Builder(checker: self)
        builder.instructions.reserveCapacity(bytes.reduce(into: 1) { lines, byte in if byte == 10 { lines += 1 } })
        do {
            try ScriptSource.forEachStatement(in: bytes, file: file) { statement throws(ScriptError) in
                try builder.add(statement)
            }
        } catch var error {
            error.file = file
            throw error
        }
        // An empty script would pass with nothing checked: a wrong file, or line breaks misread.
        guard builder.sawMachine || builder.sawOther || !builder.givens.isEmpty else {
            throw ScriptError("the script holds no statement (only blank lines and comments): nothing to replay",
                              at: ScriptLocation(line: 1, column: 1), file: file)
        }
        var context = vocabulary.initialContext
        for given in builder.givens {
            guard let write = vocabulary.fields.first(where: { $0.name == given.field })?.write else { continue }
            do {
                try write(&context, given.value)
            } catch {
                throw ScriptError(error.message, at: given.location, file: file)
            }
        }
        return Program(
            file: file, initialState: vocabulary.table.initialState(context: context),
            givens: builder.givens.map { Program.Given(field: $0.field, value: $0.value) },
            instructions: builder.instructions)
    }

    /// Accumulates the program one statement at a time.
    @usableFromInline
    struct Builder {
        @usableFromInline let checker: ScriptChecker
        @usableFromInline var givens: [(field: String, value: Value, location: ScriptLocation)] = []
        @usableFromInline var instructions: [Program<M>.Instruction] = []
        @usableFromInline var sawMachine = false
        @usableFromInline var sawOther = false
        @usableFromInline var sawInput = false

        @inlinable
        init(checker: ScriptChecker) {
            self.checker = checker
        }

        @inlinable
        mutating func add(_ statement: Statement) throws(ScriptError) {
            let location = statement.location
            func instruction(_ kind: Program<M>.Instruction.Kind) -> Program<M>.Instruction {
                Program<M>.Instruction(kind: kind, location: location)
            }
            switch statement.kind {
            case .machine(let name):
                guard !sawMachine, !sawOther, givens.isEmpty else {
                    throw ScriptError("'machine' must be the first statement", at: location)
                }
                guard name == checker.vocabulary.machineName else {
                    throw ScriptError("unknown machine '\(name)'; expected \(checker.vocabulary.machineName)", at: location)
                }
                sawMachine = true
                return
            case .given(let field, let fieldLocation, let node):
                guard !sawOther else {
                    throw ScriptError("'given' must come before every statement other than 'machine'", at: location)
                }
                givens.append((field, try checker.checkGiven(field, at: fieldLocation, node), node.location))
                return
            default:
                sawOther = true
            }
            switch statement.kind {
            case .machine, .given:
                return
            case .send(let node):
                instructions.append(instruction(.input(.send(try checker.event(node)))))
                sawInput = true
            case .advance(let node):
                let value = try TypeChecker(validating: true).check(node, as: .duration)
                guard case .duration(let duration) = value, duration >= .zero else {
                    throw ScriptError("expected a duration that is not negative, as in 'advance 300ms'", at: node.location)
                }
                instructions.append(instruction(.input(.advance(duration))))
                sawInput = true
            case .respond(let request, let node):
                let kind = try checker.requestKind(request)
                let value = try TypeChecker(validating: true).check(node, as: checker.answerTypes[kind.rawValue])
                do {
                    instructions.append(instruction(.input(.respond(kind, ordinal: request.ordinal,
                                                                    try checker.vocabulary.answer(kind, value)))))
                } catch {
                    throw ScriptError(error.message, at: node.location)
                }
                sawInput = true
            case .fail(let request, let message):
                let kind = try checker.requestKind(request)
                instructions.append(instruction(.input(.respond(kind, ordinal: request.ordinal,
                                                                checker.vocabulary.failure(kind, message: message)))))
                sawInput = true
            case .expect(let pathSyntax, let op, let node):
                let path = try CheckedPath.check(pathSyntax, in: checker.fields)
                guard let comparison = Comparison(rawValue: op) else {
                    throw ScriptError("unknown comparison '\(op)'", at: location)
                }
                if comparison.isOrdering, !path.type.isNumeric {
                    throw ScriptError("'\(op)' compares numbers, but '\(path)' is \(path.type.expectation)", at: location)
                }
                let expected = try TypeChecker(validating: false).check(node, as: path.type)
                instructions.append(instruction(.expect(path, comparison, expected)))
            case .expectCommand(let node):
                try requireInput("expect command", at: location)
                let command = try TypeChecker(validating: false).check(node, as: checker.commandType)
                instructions.append(instruction(.expectCommand(command)))
            case .expectCommands(let node):
                try requireInput("expect commands", at: location)
                let commands = try TypeChecker(validating: false).check(node, as: .list(checker.commandType))
                guard case .list(let list) = commands else { return }
                instructions.append(instruction(.expectCommands(list)))
            case .expectDropped(let request):
                let kind = try checker.requestKind(request)
                instructions.append(instruction(.expectDropped(kind, request.ordinal ?? 1)))
            case .expectIgnored:
                try requireInput("expect ignored", at: location)
                instructions.append(instruction(.expectIgnored))
            }
        }

        @inlinable
        func requireInput(_ statement: String, at location: ScriptLocation) throws(ScriptError) {
            guard sawInput else {
                throw ScriptError("'\(statement)' needs an earlier send, advance, respond or fail", at: location)
            }
        }
    }

    @usableFromInline
    func checkGiven(_ field: String, at location: ScriptLocation, _ node: SyntaxNode) throws(ScriptError) -> Value {
        guard let readable = fields[field] else {
            throw ScriptError("unknown field '\(field)'; expected one of \(vocabulary.fields.filter { $0.write != nil }.map(\.name).joined(separator: ", "))",
                              at: location)
        }
        switch readable.kind {
        case .region:
            throw ScriptError("'\(field)' is a region: its control state starts as the machine says and cannot be given",
                              at: location)
        case .work:
            throw ScriptError("'\(field)' is kept by the runtime and cannot be given", at: location)
        case .context:
            guard vocabulary.fields.first(where: { $0.name == field })?.write != nil else {
                throw ScriptError("'\(field)' is derived and cannot be given", at: location)
            }
            return try TypeChecker(validating: true).check(node, as: readable.type)
        }
    }

    @inlinable
    func event(_ node: SyntaxNode) throws(ScriptError) -> M.Event {
        let name: String
        switch node.form {
        case .name(let word), .call(let word, _): name = word
        default: throw ScriptError("expected an event, as in 'send appeared' or 'send queryChanged(\"Apple\")'", at: node.location)
        }
        guard let form = events[name] else {
            if let index = vocabulary.table.eventNames.firstIndex(of: name), let kind = M.Event.Kind(rawValue: index) {
                let how = vocabulary.table.timer(firedAs: kind) != nil
                    ? "is fired by a timer; use 'advance'" : "answers a request; use 'respond' or 'fail'"
                throw ScriptError("'\(name)' \(how)", at: node.location)
            }
            throw ScriptError("unknown event '\(name)'; expected one of \(vocabulary.hostEvents.map(\.record.name).joined(separator: ", "))",
                              at: node.location)
        }
        let value = try TypeChecker(validating: true).check(node, as: .record(form.record))
        do {
            return try form.make(value)
        } catch {
            throw ScriptError(error.message, at: node.location)
        }
    }

    @inlinable
    func requestKind(_ request: RequestSyntax) throws(ScriptError) -> M.Request.Kind {
        guard let index = vocabulary.table.requestKindNames.firstIndex(of: request.kind),
              let kind = M.Request.Kind(rawValue: index) else {
            throw ScriptError("unknown request kind '\(request.kind)'; expected one of \(vocabulary.table.requestKindNames.joined(separator: ", "))",
                              at: request.location)
        }
        return kind
    }
}
