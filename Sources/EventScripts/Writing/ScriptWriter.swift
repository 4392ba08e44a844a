import MachineCore
import MachineRuntime

/// Writes inputs, settings and states back as script text: the one writer behind transcripts,
/// covering scripts, exploration scripts and recorded sessions, so that whatever they write
/// parses and checks back to the same inputs.
///
/// ```swift
/// let writer = ScriptWriter(vocabulary: SignInVocabulary())
/// writer.statement(.send(.emailChanged("ada@example.com")))  // send emailChanged("ada@example.com")
/// writer.statement(.advance(.seconds(30)))                   // advance 30000ms
/// writer.statement(.respond(.sendCode, ordinal: nil, .codeSent))
///                                                            // respond sendCode
/// writer.statement(.respond(.sendCode, ordinal: 2, .sendCodeFailed("offline")))
///                                                            // fail sendCode#2 "offline"
/// ```
public struct ScriptWriter<V: ScriptVocabulary>: Sendable {
    /// The vocabulary's machine.
    public typealias M = V.Machine

    /// The vocabulary the text is written in.
    @usableFromInline package let vocabulary: V
    @usableFromInline let constructors: ConstructorIndex<M>
    /// What `expect commands` lists: the commands' constructors.
    @usableFromInline let commandType: ValueType

    /// A writer for scripts of `vocabulary`'s machine. Inlinable, so that the values of events
    /// and commands are read by code compiled for the machine where the writer is made.
    @inlinable
    public init(vocabulary: V) {
        self.vocabulary = vocabulary
        self.constructors = ConstructorIndex(vocabulary)
        self.commandType = .oneOf(constructors.commands.map { $0.valueType() })
    }

    /// An event as a value: its constructor's, or its kind's name when the vocabulary has no
    /// constructor that builds it (a timer's event).
    @inlinable
    package func value(of event: M.Event) -> Value {
        constructors.value(of: event)
    }

    /// A command as a value: its constructor's, or the command as Swift describes it when the
    /// vocabulary has no constructor that builds it.
    @inlinable
    package func value(of command: Command<M>) -> Value {
        constructors.value(of: command)
    }

    /// The statement that performs `input`: `send EVENT`, `advance DURATION`,
    /// `respond KIND[#N] [VALUE]` or, for an answer the machine declares a failure,
    /// `fail KIND[#N] ["message"]`.
    @inlinable
    public func statement(_ input: Input<M>) -> String {
        switch input {
        case .send(let event):
            value(of: event).statement("send")
        case .advance(let duration):
            "advance \(Value.render(duration))"
        case .respond(let kind, let ordinal, let answer):
            self.answer(
                ordinal.map { "\(constructors.requestKindNames[kind.rawValue])#\($0)" }
                    ?? constructors.requestKindNames[kind.rawValue], answer)
        }
    }

    /// A request as statements name it, `KIND#N`: its kind's name from the table (a kind's
    /// `name` of its own is found by reflection).
    @inlinable
    func text(of reference: RequestReference<M.Request.Kind>) -> String {
        constructors.requestKindNames[reference.kind.rawValue] + "#" + String(reference.ordinal)
    }

    /// An answer to the request `reference` (a kind, `#N` when wanted): `respond` with the
    /// answer's value (none for an answer that carries none; its arguments for an answer of
    /// several values), or `fail` with the failure's message, if it has one.
    @inlinable
    package func answer(_ reference: String, _ event: M.Event) -> String {
        let (keyword, tail) = answerParts(event)
        return keyword + " " + reference + tail
    }

    /// An answer's statement in two parts around its request: the keyword, `respond` or `fail`,
    /// and what follows the request (` [place(…)]`, ` "offline"`, or nothing).
    @inlinable
    package func answerParts(_ event: M.Event) -> (keyword: String, tail: String) {
        let value = self.value(of: event)
        guard case .constructed(let name, let arguments) = value else { return ("respond", " " + value.description) }
        if M.isFailure(event.kind) {
            guard case .string? = arguments.first?.value else { return ("fail", "") }
            return ("fail", " " + arguments[0].value.description)
        }
        switch arguments.count {
        case 0: return ("respond", "")
        case 1: return ("respond", " " + arguments[0].value.description)
        default: return ("respond", String(value.description.dropFirst(name.count)))
        }
    }

    /// The `given` lines that set up `context` from the vocabulary's initial context: one per
    /// settable field whose value differs, in field order.
    package func givens(for context: M.Context) -> [String] {
        let initial = vocabulary.initialContext
        return vocabulary.fields.filter { $0.write != nil && $0.differs(initial, context) }.map {
            "given \($0.name) \($0.read(context))"
        }
    }

    /// `expect` lines that hold in `state`: one per field of the given kinds, in field order
    /// (by default every region's control state); with `initial`, only for the fields whose
    /// value differs from theirs in it.
    package func expectations(
        of state: MachineState<M>, fields: StateFields<M>, kinds: Set<StateFields<M>.Field.Kind> = [.region],
        differingFrom initial: MachineState<M>? = nil
    ) -> [String] {
        fields.all.filter { field in
            kinds.contains(field.kind) && initial.map { field.differs($0, state) } ?? true
        }.map { "expect \($0.name) == \($0.read(state))" }
    }

    /// `value` as a script writes it where a value of `type` is expected, or `nil` when the
    /// script language cannot write it so that it reads back equal (a command no constructor of
    /// the vocabulary builds, a number too small or too large to write in decimals).
    @inlinable
    package func text(of value: Value, as type: ValueType) -> String? {
        type.canWrite(value) ? value.description : nil
    }

    /// `commands` as `expect commands` lists them, or `nil` when one of them cannot be written.
    @inlinable
    package func text(ofCommands commands: [Command<M>]) -> String? {
        text(of: .list(commands.map(value(of:))), as: .list(commandType))
    }

    /// The `expect` lines that say exactly what the steps of one input did: one per control
    /// state and field that changed (`expect FIELD == VALUE`, in field order), `expect dropped
    /// KIND#N` for each answer dropped, then `expect ignored` when no row fired or else `expect
    /// commands [...]` with every command in order. No steps (an `advance` with nothing due) is
    /// `expect ignored`. `nil` when a value cannot be written (see ``text(of:as:)``): what a bare
    /// `expect` is filled with, and what generated scripts write after each input.
    @inlinable
    package func expectations(of steps: [RuntimeStep<M>], fields: StateFields<M>) -> [String]? {
        var lines: [String] = []
        if let before = steps.first?.before, let after = steps.last?.after {
            for field in fields.all where field.differs(before, after) {
                guard let text = text(of: field.read(after), as: field.type) else { return nil }
                lines.append("expect \(field.name) == \(text)")
            }
        }
        for step in steps {
            if case .drop(let reference, _, _) = step.cause { lines.append("expect dropped \(reference)") }
        }
        if steps.allSatisfy(\.isIgnored) {
            lines.append("expect ignored")
        } else {
            guard let commands = text(ofCommands: steps.flatMap(\.commands)) else { return nil }
            lines.append("expect commands \(commands)")
        }
        return lines
    }

    /// `inputs` as statements, replayed from `initial`: with `expectations`, each followed by the
    /// `expect` lines of what it did (``expectations(of:fields:)``; none for an input whose
    /// values cannot be written), so that a generated script is also a regression test. Returns
    /// the lines and the state at the end.
    package func statements(
        replaying inputs: [Input<M>], from initial: MachineState<M>, expectations: Bool
    ) -> (lines: [String], final: MachineState<M>) {
        let fields = expectations ? StateFields(vocabulary) : nil
        var runtime = Runtime(table: vocabulary.table, state: initial)
        var lines: [String] = []
        for input in inputs {
            lines.append(statement(input))
            let steps = (try? runtime.apply(input)) ?? []
            if let fields { lines += self.expectations(of: steps, fields: fields) ?? [] }
        }
        return (lines, runtime.state)
    }
}

extension Value {
    /// A statement that ends with the value: `keyword`, then `reference` and the value as
    /// ``description`` writes it, each after a space (`respond places#2 [place(…)]`).
    @usableFromInline
    func statement(_ keyword: String, _ reference: String? = nil) -> String {
        var text: [UInt8] = []
        text.append(text: keyword)
        if let reference {
            text.append(UInt8(ascii: " "))
            text.append(text: reference)
        }
        text.append(UInt8(ascii: " "))
        write(into: &text)
        return text.text
    }
}
