import MachineCore
import MachineRuntime

/// Checks statements against a vocabulary, before anything runs: unknown words, wrong types,
/// misplaced `machine` and `given`, out-of-range values in events and answers.
public final class ScriptChecker<V: ScriptVocabulary>: Sendable {
    /// The vocabulary's machine.
    public typealias M = V.Machine

    /// The vocabulary checked against.
    public let vocabulary: V
    /// The readable fields of the state.
    @usableFromInline package let fields: StateFields<M>
    @usableFromInline let constructors: ConstructorIndex<M>
    /// What `expect command` checks a command against: one of the commands' constructors.
    @usableFromInline let commandType: ValueType
    /// The machine's table, held so that checking a statement does not copy the vocabulary's.
    @usableFromInline let table: TransitionTable<M>

    /// A checker of scripts of `vocabulary`'s machine.
    public init(vocabulary: V) {
        self.vocabulary = vocabulary
        self.fields = StateFields(vocabulary)
        self.constructors = ConstructorIndex(vocabulary)
        self.commandType = .oneOf(constructors.commands.map { $0.valueType() })
        self.table = vocabulary.table
    }

    /// Checks all of `bytes`, a script held in memory, as ``check(reading:file:)``
    /// does: reading bytes in memory cannot fail, so the only error is the script's.
    @inlinable
    public func check(_ bytes: [UInt8], file: String) throws(ScriptError) -> CheckedScript<V> {
        do {
            return try check(reading: bytes, file: file)
        } catch let error as ScriptError {
            throw error
        } catch {
            preconditionFailure("reading bytes in memory failed: \(error)")
        }
    }

    /// The inputs the `send`, `advance`, `respond` and `fail` statements of `bytes` check into,
    /// in order: what a vocabulary's tests compare with the inputs its ``ScriptWriter`` wrote,
    /// so that what tools write reads back the same.
    public func inputs(in bytes: [UInt8], file: String) throws(ScriptError) -> [Input<M>] {
        try instructions(in: bytes, file: file).compactMap { instruction in
            if case .input(let input) = instruction.kind { input } else { nil }
        }
    }

    /// The instructions the statements of `bytes` check into, in order: what a replay performs
    /// and checks at each line (for tests of the checker).
    package func instructions(in bytes: [UInt8], file: String) throws(ScriptError) -> [Instruction<M>] {
        try check(bytes, file: file).instructions()
    }

    /// Parses and checks all of `script`, read from `file` chunk by chunk, and keeps its program
    /// (``CheckedScript``): memory is that of one line, each distinct statement, and two bytes
    /// for each line that holds one (four past 65,536 distinct statements), however long the
    /// script.
    ///
    /// - Throws: the ``ScriptError`` of the first invalid statement (in line order, with its line
    ///   and column), or what `script` throws when it cannot be read.
    @inlinable
    public func check(reading script: any ScriptBytes, file: String) throws -> CheckedScript<V> {
        var builder = Builder(checker: self)
        try ScriptSource.forEachLine(in: script, file: file) { line throws(ScriptError) in
            try builder.add(&line)
            return true
        }
        let start = try builder.start(file: file)
        return CheckedScript(file: file, program: builder.program, initialState: start.initialState, givens: start.givens)
    }

    /// Accumulates the program one statement at a time.
    @usableFromInline
    struct Builder {
        @usableFromInline let checker: ScriptChecker
        @usableFromInline var givens: [(field: String, value: Value, statement: ScriptLocation)] = []
        /// The context the `given` lines so far set up: each is written as it is read, so that a
        /// value out of its field's range is reported at its line, in line order.
        @usableFromInline var context: M.Context
        @usableFromInline var sawMachine = false
        @usableFromInline var sawOther = false
        /// How many inputs (send, advance, respond, fail) the lines so far hold.
        @usableFromInline var inputs = 0
        /// The program so far.
        @usableFromInline var program = CheckedProgram<M>()
        /// The statements of lines already checked, by their bytes: a line repeated in a long
        /// script (`advance 300ms`) is checked once. Only statements that mean the same wherever
        /// they are (not `machine` or `given`) are kept, at most ``Memo/capacity`` lines of at
        /// most ``Memo/longestLine`` bytes.
        @usableFromInline var memo = Memo()

        @inlinable
        init(checker: ScriptChecker) {
            self.checker = checker
            self.context = checker.vocabulary.initialContext
        }

        /// The statements of lines already checked, by the lines' bytes.
        @usableFromInline
        struct Memo {
            @usableFromInline static var capacity: Int { 4096 }
            @usableFromInline static var longestLine: Int { 256 }

            /// Each line's statement, by its index in the program.
            @usableFromInline var entries: [Line: Int] = [:]

            /// A line's bytes as a key: equal when its bytes are (a `String` key would take a
            /// line with "ü" precomposed for one with "u" and a combining diaeresis), hashed as a
            /// whole rather than byte by byte.
            @usableFromInline
            struct Line: Hashable {
                @usableFromInline let bytes: [UInt8]

                @inlinable
                init(_ bytes: ArraySlice<UInt8>) { self.bytes = Array(bytes) }

                @inlinable
                func hash(into hasher: inout Hasher) {
                    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
                }
            }

            @inlinable
            init() {}
        }

        /// Checks the statement on `line`, or takes the statement of an earlier line with the
        /// same bytes, and adds it to the program; a line without a statement, `machine` and
        /// `given` add nothing. Errors are those of ``add(_:)``, at the same places.
        @inlinable
        mutating func add(_ line: inout ScriptLine) throws(ScriptError) {
            let key = line.bytes.count <= Memo.longestLine ? Memo.Line(line.bytes) : nil
            if let key, let index = memo.entries[key] {
                let known = program.statements[index]
                if let statement = known.needsInput {
                    try requireInput(statement, at: known.location(line: line.number))
                }
                sawOther = true
                if known.isInput { inputs += 1 }
                program.append(index, line: line.number)
                return
            }
            guard let statement = try line.statement(), let instruction = try add(statement) else { return }
            let needsInput: String?
            let isInput: Bool
            switch statement.kind {
            case .send, .advance, .respond, .fail: (needsInput, isInput) = (nil, true)
            case .expectCommand: (needsInput, isInput) = ("expect command", false)
            case .expectCommands: (needsInput, isInput) = ("expect commands", false)
            case .expectIgnored: (needsInput, isInput) = ("expect ignored", false)
            case .expectPlaceholder: (needsInput, isInput) = ("expect", false)
            default: (needsInput, isInput) = (nil, false)
            }
            guard program.statements.count < UInt32.max else {
                throw ScriptError(
                    "the script holds more than \(UInt32.max) distinct statements: split it", at: instruction.location)
            }
            let index = program.add(
                CheckedStatement(
                    kind: instruction.kind, column: instruction.location.column,
                    rewritable: instruction.rewritable.map { $0.lowerBound.column..<$0.upperBound.column },
                    needsInput: needsInput, isInput: isInput, sourceLine: isInput ? line.printableText : nil))
            if let key, memo.entries.count < Memo.capacity { memo.entries[key] = index }
            program.append(index, line: line.number)
        }

        /// The initial state and the `given` lines, once every statement is added.
        @inlinable
        func start(file: String) throws(ScriptError) -> (initialState: MachineState<M>, givens: [CheckedScript<V>.Given]) {
            // An empty script would pass with nothing checked: a wrong file, or line breaks misread.
            guard sawMachine || sawOther || !givens.isEmpty else {
                throw ScriptError(
                    "the script holds no statement (only blank lines and comments): nothing to replay",
                    at: ScriptLocation(line: 1, column: 1), file: file)
            }
            return (
                checker.table.initialState(context: context),
                givens.map { CheckedScript<V>.Given(field: $0.field, value: $0.value, location: $0.statement) }
            )
        }

        /// Checks `statement`; returns its instruction, `nil` for `machine` and `given`.
        @inlinable
        mutating func add(_ statement: Statement) throws(ScriptError) -> Instruction<M>? {
            let location = statement.location
            func instruction(
                _ kind: Instruction<M>.Kind, rewritable: Range<ScriptLocation>? = nil
            ) -> Instruction<M> {
                Instruction<M>(kind: kind, location: location, rewritable: rewritable)
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
                return nil
            case .given(let field, let fieldLocation, let node):
                guard !sawOther else {
                    throw ScriptError("'given' must come before every statement other than 'machine'", at: location)
                }
                let value = try checker.checkGiven(field, at: fieldLocation, node)
                if let write = checker.vocabulary.fields.first(where: { $0.name == field })?.write {
                    do {
                        try write(&context, value)
                    } catch {
                        throw ScriptError(error.message, at: node.location)
                    }
                }
                givens.append((field, value, location))
                return nil
            default:
                sawOther = true
            }
            switch statement.kind {
            case .machine, .given:
                return nil
            case .send(let node):
                inputs += 1
                return instruction(.input(.send(try checker.event(node))))
            case .advance(let node):
                let value = try TypeChecker(validating: true).check(node, as: .duration)
                guard case .duration(let duration) = value, duration >= .zero else {
                    throw ScriptError("expected a duration that is not negative, as in 'advance 300ms'", at: node.location)
                }
                inputs += 1
                return instruction(.input(.advance(duration)))
            case .respond(let request, let node, let end):
                let kind = try checker.requestKind(request)
                let answer = try checker.answer(kind, node, end: end)
                inputs += 1
                return instruction(.input(.respond(kind, ordinal: request.ordinal, answer)))
            case .fail(let request, let message):
                let kind = try checker.requestKind(request)
                let failure = try checker.failure(kind, message: message, at: request.location)
                inputs += 1
                return instruction(.input(.respond(kind, ordinal: request.ordinal, failure)))
            case .expect(let pathSyntax, let op, let node):
                let path = try CheckedPath.check(pathSyntax, in: checker.fields)
                guard let comparison = Comparison(rawValue: op) else {
                    throw ScriptError("unknown comparison '\(op)'", at: location)
                }
                if comparison.isOrdering, !path.type.isNumeric {
                    throw ScriptError("'\(op)' compares numbers, but '\(path)' is \(path.type.expectation)", at: location)
                }
                let expected = try TypeChecker(validating: false).check(node, as: path.type)
                try checker.rejectCompound(expected, of: path, at: node.location)
                return instruction(.expect(path, comparison, expected), rewritable: node.location..<statement.end)
            case .expectIn(let pathSyntax, let state, let stateLocation):
                let (region, index) = try checker.regionState(pathSyntax, state, at: stateLocation)
                return instruction(.expectIn(region: region, state: index))
            case .expectCommand(let node):
                try requireInput("expect command", at: location)
                let command = try TypeChecker(validating: false).check(node, as: checker.commandType)
                return instruction(.expectCommand(command))
            case .expectCommands(let node):
                try requireInput("expect commands", at: location)
                let commands = try TypeChecker(validating: false).check(node, as: .list(checker.commandType))
                guard case .list(let list) = commands else { return nil }
                return instruction(.expectCommands(list), rewritable: node.location..<statement.end)
            case .expectDropped(let request):
                let kind = try checker.requestKind(request)
                return instruction(.expectDropped(kind, request.ordinal ?? 1))
            case .expectIgnored:
                try requireInput("expect ignored", at: location)
                return instruction(.expectIgnored)
            case .expectPlaceholder:
                try requireInput("expect", at: location)
                return instruction(.expectPlaceholder, rewritable: location..<statement.end)
            }
        }

        @inlinable
        func requireInput(_ statement: String, at location: ScriptLocation) throws(ScriptError) {
            guard inputs > 0 else {
                throw ScriptError("'\(statement)' needs an earlier send, advance, respond or fail", at: location)
            }
        }
    }

    /// The region and state of `expect REGION in STATE`: `path` must name a region, and `state`
    /// one of its states (a leaf or a compound state).
    @usableFromInline
    func regionState(
        _ path: PathSyntax, _ state: String, at location: ScriptLocation
    ) throws(ScriptError) -> (region: Int, state: Int) {
        let regions = table.regions
        guard path.steps.count == 1, case .field(let name, _) = path.steps[0],
            let region = table.regionIndex(named: name)
        else {
            throw ScriptError(
                "'in' tests a region's state, and '\(path)' is not a region; expected one of \(regions.map(\.name).joined(separator: ", "))",
                at: path.location)
        }
        guard let index = regions[region].states.firstIndex(of: state) else {
            throw ScriptError(
                Suggestion.unknown("state", state, of: name, among: regions[region].states),
                at: location)
        }
        return (region, index)
    }

    /// Rejects `expect REGION == STATE` (or `!=`) with a compound state: a region is always in one
    /// of its leaves, so the expectation could never hold (or never fail); `in` says what is meant.
    @usableFromInline
    func rejectCompound(_ expected: Value, of path: CheckedPath, at location: ScriptLocation) throws(ScriptError) {
        guard path.steps.isEmpty, case .name(let state) = expected,
            let region = table.regionIndex(named: fields.all[path.root].name),
            fields.all[path.root].kind == .region
        else { return }
        let description = table.regions[region]
        guard let index = description.states.firstIndex(of: state), description.isCompound(index) else { return }
        throw ScriptError(
            "'\(state)' is a compound state: \(description.name) is always in one of its leaves; write 'expect \(description.name) in \(state)'",
            at: location)
    }

    @usableFromInline
    func checkGiven(_ field: String, at location: ScriptLocation, _ node: SyntaxNode) throws(ScriptError) -> Value {
        guard let readable = fields[field] else {
            throw ScriptError(
                Suggestion.unknown("field", field, among: vocabulary.fields.filter { $0.write != nil }.map(\.name)),
                at: location)
        }
        switch readable.kind {
        case .region:
            throw ScriptError(
                "'\(field)' is a region: its control state starts as the machine says and cannot be given",
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
        default:
            throw ScriptError(
                "expected an event, one of \(constructors.hostEventNames.joined(separator: ", "))", at: node.location)
        }
        guard let overloads = constructors.hostEvents[name] else {
            if let index = table.eventNames.firstIndex(of: name), let kind = M.Event.Kind(rawValue: index),
                !table.isHostEvent(kind)
            {
                let how =
                    table.timer(firedAs: kind) != nil
                    ? "is fired by a timer; use 'advance'" : "answers a request; use 'respond' or 'fail'"
                throw ScriptError("'\(name)' \(how)", at: node.location)
            }
            throw ScriptError(
                Suggestion.unknown("event", name, among: constructors.hostEventNames),
                at: node.location)
        }
        let checker = TypeChecker(validating: true)
        if overloads.count == 1 {
            return try make(overloads[0], try checker.check(node, as: overloads[0]), at: node.location)
        }
        let (position, value) = try checker.checkFirst(node, of: overloads.map { $0.valueType() })
        return try make(overloads[position], value, at: node.location)
    }

    /// The answer to a request of `kind` that `node` writes: `nil` for `respond KIND`, one value
    /// for `respond KIND VALUE`, the arguments for `respond KIND(a, b)`.
    @inlinable
    func answer(_ kind: M.Request.Kind, _ node: SyntaxNode?, end: ScriptLocation) throws(ScriptError) -> M.Event {
        let answers = constructors.answers[kind.rawValue]
        guard let node else {
            guard let bare = answers.bare else {
                let carries = answers.types.isEmpty ? "" : ": its answer carries \(ValueType.oneOf(answers.types).expectation)"
                throw ScriptError("expected a value after 'respond \(kind.name)'\(carries)", at: end)
            }
            return try make(bare, .constructed(bare.name, []), at: end)
        }
        guard !answers.carrying.isEmpty else {
            let how = answers.bare == nil ? "'\(kind.name)' has no answer that scripts can write" : "write 'respond \(kind.name)'"
            throw ScriptError("the answer to \(kind.name) carries no value; \(how)", at: node.location)
        }
        let checker = TypeChecker(validating: true)
        let constructor: Constructor<M.Event>
        let arguments: [Value.Argument]
        if answers.carrying.count == 1, answers.carrying[0].parameters.count == 1 {
            constructor = answers.carrying[0]
            let parameter = constructor.parameters[0]
            arguments = [
                Value.Argument(parameter.label, try checker.checkArgument(node, parameter), showsLabel: parameter.showsLabel)
            ]
            if let problem = constructor.validate?(.constructed(constructor.name, arguments)) {
                throw ScriptError(problem, at: node.location)
            }
        } else {
            let (position, value) =
                answers.types.count == 1
                ? (0, try checker.check(node, as: answers.types[0])) : try checker.checkFirst(node, of: answers.types)
            constructor = answers.carrying[position]
            if constructor.parameters.count == 1 {
                let parameter = constructor.parameters[0]
                arguments = [Value.Argument(parameter.label, value, showsLabel: parameter.showsLabel)]
            } else if case .constructed(_, let checked) = value {
                arguments = checked
            } else {
                arguments = []
            }
        }
        return try make(constructor, .constructed(constructor.name, arguments), at: node.location)
    }

    /// The failure of a request of `kind`, with `message` if the script gives one.
    @inlinable
    func failure(_ kind: M.Request.Kind, message: String?, at location: ScriptLocation) throws(ScriptError) -> M.Event {
        guard let failure = constructors.failures[kind.rawValue].first else {
            throw ScriptError("'\(kind.name)' requests cannot fail: no failure answers them", at: location)
        }
        guard let parameter = failure.parameters.first else {
            guard message == nil else { throw ScriptError("the failure of \(kind.name) carries no message", at: location) }
            return try make(failure, .constructed(failure.name, []), at: location)
        }
        let argument = Value.Argument(parameter.label, message.map(Value.string) ?? .null, showsLabel: parameter.showsLabel)
        return try make(failure, .constructed(failure.name, [argument]), at: location)
    }

    /// Builds an event from its checked value; a conversion error is reported at `location`.
    @inlinable
    func make(_ constructor: Constructor<M.Event>, _ value: Value, at location: ScriptLocation) throws(ScriptError) -> M.Event {
        guard let make = constructor.make else {
            throw ScriptError("'\(constructor.name)' cannot be built by scripts", at: location)
        }
        do {
            return try make(value)
        } catch {
            throw ScriptError(error.message, at: location)
        }
    }

    @inlinable
    func requestKind(_ request: RequestSyntax) throws(ScriptError) -> M.Request.Kind {
        guard let index = table.requestKindNames.firstIndex(of: request.kind),
            let kind = M.Request.Kind(rawValue: index)
        else {
            throw ScriptError(
                Suggestion.unknown("request kind", request.kind, among: table.requestKindNames),
                at: request.location)
        }
        return kind
    }
}
