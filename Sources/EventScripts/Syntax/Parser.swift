/// Parses one line's tokens into a statement.
///
/// Values nest at most ``maximumDepth`` brackets deep, so a hostile script cannot exhaust the
/// stack; deeper nesting is an error at the bracket that goes too deep.
struct Parser {
    static let maximumDepth = 64

    private let tokens: [Token]
    private let line: Int
    private let endColumn: Int
    private var position = 0

    private init(tokens: [Token], line: Int, endColumn: Int) {
        self.tokens = tokens
        self.line = line
        self.endColumn = endColumn
    }

    /// The statement on a line, or `nil` for a blank or comment-only line.
    static func statement(_ tokens: [Token], line: Int, endColumn: Int) throws(ScriptError) -> Statement? {
        guard !tokens.isEmpty else { return nil }
        var parser = Parser(tokens: tokens, line: line, endColumn: endColumn)
        let statement = try parser.statement()
        if parser.position < tokens.count {
            throw parser.error(
                "expected the end of the statement, found \(parser.describe(tokens[parser.position]))",
                at: tokens[parser.position].column)
        }
        return statement
    }

    private var current: Token? { position < tokens.count ? tokens[position] : nil }
    private var currentColumn: Int { current?.column ?? endColumn }

    private func location(_ column: Int) -> ScriptLocation { ScriptLocation(line: line, column: column) }

    private func error(_ message: String, at column: Int) -> ScriptError {
        ScriptError(message, at: location(column))
    }

    private func describe(_ token: Token?) -> String {
        guard let token else { return "the end of the line" }
        switch token.kind {
        case .word(let word): return "'\(word)'"
        case .string(let string): return "the string \(Value.quoted(string))"
        case .number(let number, let isWhole):
            // A whole number too large for `Int` is written as the value it was read as (1e+20).
            let whole = Int(exactly: number).map(String.init) ?? String(number)
            return "the number \(isWhole ? whole : String(number))"
        case .duration(let duration): return "the duration \(Value.render(duration))"
        case .reference(let kind, let ordinal): return "'\(kind)#\(ordinal)'"
        case .punctuation(let character): return "'\(character)'"
        case .comparison(let op): return "'\(op)'"
        }
    }

    private mutating func expectWord(_ what: String) throws(ScriptError) -> (String, ScriptLocation) {
        guard case .word(let word)? = current?.kind else {
            throw error("expected \(what), found \(describe(current))", at: currentColumn)
        }
        let column = currentColumn
        position += 1
        return (word, location(column))
    }

    private mutating func take(_ character: Character) -> Bool {
        guard case .punctuation(character)? = current?.kind else { return false }
        position += 1
        return true
    }

    private mutating func statement() throws(ScriptError) -> Statement {
        let (keyword, start) = try expectWord("a statement (machine, given, send, advance, respond, fail or expect)")
        let kind: Statement.Kind
        switch keyword {
        case "machine":
            kind = .machine(try expectWord("the machine's name").0)
        case "given":
            let (field, fieldLocation) = try expectWord("the field to set, as in 'given FIELD VALUE'")
            kind = .given(field, fieldLocation, try value(depth: 0))
        case "send":
            kind = .send(try value(depth: 0))
        case "advance":
            kind = .advance(try value(depth: 0))
        case "respond":
            // `respond KIND` for an answer that carries nothing, `respond KIND VALUE` for one
            // value, `respond KIND(a, b)` for several.
            let request = try requestReference()
            if case .punctuation("(")? = current?.kind, current?.spaced == false {
                kind = .respond(request, try call(request.kind, at: request.location, depth: 0), end: location(endColumn))
            } else if current == nil {
                kind = .respond(request, nil, end: location(endColumn))
            } else {
                kind = .respond(request, try value(depth: 0), end: location(endColumn))
            }
        case "fail":
            let request = try requestReference()
            var message: String?
            if case .string(let text)? = current?.kind {
                message = text
                position += 1
            } else if current != nil {
                throw error(
                    "expected a message string or the end of the statement, found \(describe(current))", at: currentColumn)
            }
            kind = .fail(request, message: message)
        case "expect":
            kind = current == nil ? .expectPlaceholder : try expectation()
        default:
            throw error(
                "unknown statement '\(keyword)'; expected machine, given, send, advance, respond, fail or expect",
                at: start.column)
        }
        return Statement(kind: kind, location: start, end: location(tokens[position - 1].end))
    }

    private mutating func requestReference() throws(ScriptError) -> RequestSyntax {
        let column = currentColumn
        switch current?.kind {
        case .word(let kind)?:
            position += 1
            return RequestSyntax(kind: kind, ordinal: nil, location: location(column))
        case .reference(let kind, let ordinal)?:
            position += 1
            guard let number = Int(ordinal), number > 0, !ordinal.hasPrefix("+") else {
                throw error("expected a positive whole number after '\(kind)#', found '\(ordinal)'", at: column)
            }
            return RequestSyntax(kind: kind, ordinal: number, location: location(column))
        default:
            throw error(
                "expected a request kind, as in 'KIND' or 'KIND#2', found \(describe(current))",
                at: column)
        }
    }

    private mutating func expectation() throws(ScriptError) -> Statement.Kind {
        if case .word(let word)? = current?.kind, ["command", "commands", "dropped", "ignored"].contains(word) {
            // `expect commands [..]` is the keyword; `expect commands[0] == ..` would be a path.
            let next = position + 1 < tokens.count ? tokens[position + 1] : nil
            let continuesPath: Bool
            switch next?.kind {
            case .comparison?, .punctuation(".")?: continuesPath = true
            case .punctuation("[")?: continuesPath = next?.spaced == false
            default: continuesPath = false
            }
            if !continuesPath {
                position += 1
                switch word {
                case "command": return .expectCommand(try value(depth: 0))
                case "commands": return .expectCommands(try value(depth: 0))
                case "dropped":
                    let request = try requestReference()
                    guard request.ordinal != nil else {
                        throw error(
                            "expected a request reference with its number, as in 'KIND#1'",
                            at: request.location.column)
                    }
                    return .expectDropped(request)
                default: return .expectIgnored
                }
            }
        }
        let path = try self.path()
        if case .word("in")? = current?.kind {
            position += 1
            let (state, stateLocation) = try expectWord("a state's name after 'in', as in 'expect REGION in STATE'")
            return .expectIn(path, state: state, stateLocation)
        }
        guard case .comparison(let op)? = current?.kind else {
            throw error(
                "expected a comparison (==, !=, ~=, <, <=, > or >=) or 'in' after '\(path)', found \(describe(current))",
                at: currentColumn)
        }
        position += 1
        return .expect(path, comparison: op, try value(depth: 0))
    }

    private mutating func path() throws(ScriptError) -> PathSyntax {
        let (first, start) = try expectWord("a field of the state, as in 'FIELD' or 'FIELD.PART'")
        var steps: [PathSyntax.Step] = [.field(first, start)]
        while true {
            let column = currentColumn
            if take(".") {
                let (name, where_) = try expectWord("a part's name after '.'")
                steps.append(.field(name, where_))
            } else if take("[") {
                guard case .number(let number, true)? = current?.kind, let index = Int(exactly: number) else {
                    throw error("expected a whole-number index inside [ ], found \(describe(current))", at: currentColumn)
                }
                position += 1
                guard take("]") else { throw error("expected ']' after the index", at: currentColumn) }
                steps.append(.index(index, location(column)))
            } else {
                return PathSyntax(steps: steps, location: start)
            }
        }
    }

    private mutating func value(depth: Int) throws(ScriptError) -> SyntaxNode {
        let column = currentColumn
        guard let token = current else { throw error("expected a value, found the end of the line", at: column) }
        let here = location(column)
        switch token.kind {
        case .string(let string):
            position += 1
            return SyntaxNode(form: .string(string), location: here)
        case .number(let number, let isWhole):
            position += 1
            return SyntaxNode(form: .number(number, isWhole: isWhole), location: here)
        case .duration(let duration):
            position += 1
            return SyntaxNode(form: .duration(duration), location: here)
        case .word(let first):
            position += 1
            let word = dottedName(continuing: first)
            switch word {
            case "true": return SyntaxNode(form: .bool(true), location: here)
            case "false": return SyntaxNode(form: .bool(false), location: here)
            case "nil": return SyntaxNode(form: .null, location: here)
            default:
                if case .punctuation("(")? = current?.kind { return try call(word, at: here, depth: depth) }
                return SyntaxNode(form: .name(word), location: here)
            }
        case .punctuation("["):
            guard depth < Parser.maximumDepth else {
                throw error("values nest more than \(Parser.maximumDepth) brackets deep", at: column)
            }
            position += 1
            var elements: [SyntaxNode] = []
            if take("]") { return SyntaxNode(form: .list([]), location: here) }
            while true {
                elements.append(try value(depth: depth + 1))
                if take("]") { return SyntaxNode(form: .list(elements), location: here) }
                guard take(",") else {
                    throw error("expected ',' or ']' in the list, found \(describe(current))", at: currentColumn)
                }
            }
        default:
            throw error("expected a value, found \(describe(token))", at: column)
        }
    }

    /// `first` and the words joined to it by dots, with no space between: an event named as SCXML
    /// names them, `error.execution`, `user.tap`.
    private mutating func dottedName(continuing first: String) -> String {
        var name = first
        while case .punctuation(".")? = current?.kind, current?.spaced == false, position + 1 < tokens.count,
            case .word(let next) = tokens[position + 1].kind, !tokens[position + 1].spaced
        {
            name += "." + next
            position += 2
        }
        return name
    }

    private mutating func call(_ name: String, at start: ScriptLocation, depth: Int) throws(ScriptError) -> SyntaxNode {
        guard depth < Parser.maximumDepth else {
            throw error("values nest more than \(Parser.maximumDepth) brackets deep", at: currentColumn)
        }
        position += 1
        var arguments: [SyntaxNode.Argument] = []
        if take(")") { return SyntaxNode(form: .call(name, []), location: start) }
        while true {
            var label: String?
            var labelLocation: ScriptLocation?
            if case .word(let word)? = current?.kind, position + 1 < tokens.count,
                case .punctuation(":") = tokens[position + 1].kind
            {
                label = word
                labelLocation = location(currentColumn)
                position += 2
            }
            arguments.append(SyntaxNode.Argument(label: label, labelLocation: labelLocation, value: try value(depth: depth + 1)))
            if take(")") { return SyntaxNode(form: .call(name, arguments), location: start) }
            guard take(",") else {
                throw error("expected ',' or ')' in the arguments of '\(name)', found \(describe(current))", at: currentColumn)
            }
        }
    }
}
