/// Reading a `cond` attribute: the little language of conditions the null datamodel evaluates.
///
///     condition := or
///     or        := and (("||" | "or") and)*
///     and       := unary (("&&" | "and") unary)*
///     unary     := ("!" | "not")* primary
///     primary   := "(" or ")" | "In(" quoted-id ")" | "true" | "false" | name
///     name      := (letter | "_") (letter | digit | "_" | "." | "-")*
///
/// Both the symbols and the words are read, since tools that draw charts write either. Anything
/// else (a comparison, arithmetic, a call other than `In`, a system variable such as `_event`)
/// needs a datamodel, and is refused as ``SCXMLError/Kind/unsupported``, naming the expression.
extension SCXMLCondition {
    /// The most tokens a condition may have: each `and`/`or` nests the condition one level, so
    /// this bounds its depth (and the stack that evaluates or releases it).
    static let maximumTokens = 512
    /// The deepest nesting of parentheses: the parser takes stack for each.
    static let maximumParentheses = 32

    /// The condition `expression` says; `location` is where its attribute is, for errors.
    init(parsing expression: String, at location: SourceLocation) throws(SCXMLError) {
        guard !XMLCharacters.isWhitespace(expression) else {
            throw .invalid("an empty cond: leave it out for a transition without a condition", at: location)
        }
        do {
            var parser = SCXMLConditionParser(tokens: try SCXMLConditionParser.tokens(of: expression))
            self = try parser.parseCondition()
        } catch {
            throw .unsupported(
                "the condition \(SCXMLError.quoted(expression)) is not supported (\(error.reason)): without a datamodel a cond is In('id'), a name bound in Swift, true or false, joined by !, &&, || (or not, and, or) and parentheses",
                at: location)
        }
    }
}

/// Why a condition cannot be read, in a few words for the message that names it.
struct SCXMLConditionFailure: Error {
    let reason: String
}

/// A recursive-descent parser over a condition's tokens.
struct SCXMLConditionParser {
    /// One token of a condition.
    enum Token: Equatable {
        case open, close, not, and, or
        case name(String)
        case inState(String)
        case constant(Bool)
    }

    /// The system variables of SCXML (§5.10): a datamodel holds them, the null datamodel none.
    static let systemVariables: Set<String> = ["_event", "_sessionid", "_name", "_ioprocessors", "_x"]

    let tokens: [Token]
    private var position = 0
    private var parentheses = 0

    init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// The whole condition: every token must belong to it.
    mutating func parseCondition() throws(SCXMLConditionFailure) -> SCXMLCondition {
        let condition = try parseOr()
        guard position == tokens.count else { throw SCXMLConditionFailure(reason: "unexpected \(describe(tokens[position]))") }
        return condition
    }

    private mutating func parseOr() throws(SCXMLConditionFailure) -> SCXMLCondition {
        var condition = try parseAnd()
        while take(.or) {
            condition = .or(condition, try parseAnd())
        }
        return condition
    }

    private mutating func parseAnd() throws(SCXMLConditionFailure) -> SCXMLCondition {
        var condition = try parseUnary()
        while take(.and) {
            condition = .and(condition, try parseUnary())
        }
        return condition
    }

    /// Negations are counted in a loop, not by recursion.
    private mutating func parseUnary() throws(SCXMLConditionFailure) -> SCXMLCondition {
        var negations = 0
        while take(.not) { negations += 1 }
        var condition = try parsePrimary()
        for _ in 0..<negations { condition = .not(condition) }
        return condition
    }

    private mutating func parsePrimary() throws(SCXMLConditionFailure) -> SCXMLCondition {
        guard position < tokens.count else { throw SCXMLConditionFailure(reason: "it ends too soon") }
        let token = tokens[position]
        position += 1
        switch token {
        case .name(let name): return .named(name)
        case .inState(let id): return .inState(id)
        case .constant(let value): return .constant(value)
        case .open:
            parentheses += 1
            guard parentheses <= SCXMLCondition.maximumParentheses else {
                throw SCXMLConditionFailure(
                    reason: "parentheses nested deeper than \(SCXMLCondition.maximumParentheses)")
            }
            let condition = try parseOr()
            guard take(.close) else { throw SCXMLConditionFailure(reason: "a '(' is not closed") }
            parentheses -= 1
            return condition
        case .close, .not, .and, .or:
            throw SCXMLConditionFailure(reason: "unexpected \(describe(token))")
        }
    }

    /// Moves past the next token if it is `token`.
    private mutating func take(_ token: Token) -> Bool {
        guard position < tokens.count, tokens[position] == token else { return false }
        position += 1
        return true
    }

    /// `token` as a message shows it.
    private func describe(_ token: Token) -> String {
        switch token {
        case .open: "'('"
        case .close: "')'"
        case .not: "a not"
        case .and: "an and"
        case .or: "an or"
        case .name(let name): "the name \(SCXMLError.quoted(name))"
        case .inState(let id): "In('\(id)')"
        case .constant(let value): "\(value)"
        }
    }

    /// The tokens of `expression`.
    static func tokens(of expression: String) throws(SCXMLConditionFailure) -> [Token] {
        let scalars = Array(expression.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        /// The scalar at `offset` after `index`, or `nil` past the end.
        func scalar(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }
        func skipWhitespace() {
            while let next = scalar(), XMLCharacters.isWhitespace(next) { index += 1 }
        }
        while true {
            skipWhitespace()
            guard let next = scalar() else { break }
            guard tokens.count < SCXMLCondition.maximumTokens else {
                throw SCXMLConditionFailure(reason: "more than \(SCXMLCondition.maximumTokens) tokens")
            }
            switch next {
            case "(":
                tokens.append(.open)
                index += 1
            case ")":
                tokens.append(.close)
                index += 1
            case "!" where scalar(1) != "=":
                tokens.append(.not)
                index += 1
            case "&" where scalar(1) == "&":
                tokens.append(.and)
                index += 2
            case "|" where scalar(1) == "|":
                tokens.append(.or)
                index += 2
            case _ where isNameStart(next):
                let start = index
                while let character = scalar(), isNameCharacter(character) { index += 1 }
                var name = ""
                name.unicodeScalars.append(contentsOf: scalars[start..<index])
                tokens.append(try token(named: name, scalars: scalars, index: &index))
            default:
                var written = ""
                written.unicodeScalars.append(next)
                if let following = scalar(1), !isNameCharacter(following), !XMLCharacters.isWhitespace(following),
                    following != "(", following != ")"
                {
                    written.unicodeScalars.append(following)
                }
                throw SCXMLConditionFailure(reason: "at \(SCXMLError.quoted(written))")
            }
        }
        return tokens
    }

    /// The token a name makes: a word (`and`, `or`, `not`, `true`, `false`), a call of `In`
    /// (read with its argument), or a name. `index` is just past the name.
    private static func token(
        named name: String, scalars: [Unicode.Scalar], index: inout Int
    ) throws(SCXMLConditionFailure)
        -> Token
    {
        switch name {
        case "and": return .and
        case "or": return .or
        case "not": return .not
        case "true": return .constant(true)
        case "false": return .constant(false)
        default: break
        }
        var after = index
        while after < scalars.count, XMLCharacters.isWhitespace(scalars[after]) { after += 1 }
        let isCall = after < scalars.count && scalars[after] == "("
        if isCall && name != "In" {
            throw SCXMLConditionFailure(reason: "\(SCXMLError.quoted(name)) is a call, and In is the only function")
        }
        if isCall {
            index = after + 1
            return .inState(try inStateArgument(scalars: scalars, index: &index))
        }
        let variable = String(name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0])
        guard !systemVariables.contains(variable) else {
            throw SCXMLConditionFailure(reason: "\(variable) is a system variable, which needs a datamodel")
        }
        return .name(name)
    }

    /// The id in `In('id')` or `In("id")`, `index` just past the `(`; moves past the `)`.
    private static func inStateArgument(
        scalars: [Unicode.Scalar], index: inout Int
    ) throws(SCXMLConditionFailure)
        -> String
    {
        let malformed = SCXMLConditionFailure(reason: "In takes one quoted state id: In('id')")
        while index < scalars.count, XMLCharacters.isWhitespace(scalars[index]) { index += 1 }
        guard index < scalars.count, scalars[index] == "'" || scalars[index] == "\"" else { throw malformed }
        let quote = scalars[index]
        index += 1
        var id = ""
        while index < scalars.count, scalars[index] != quote {
            guard !XMLCharacters.isWhitespace(scalars[index]) else { throw malformed }
            id.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count, !id.isEmpty else { throw malformed }
        index += 1
        while index < scalars.count, XMLCharacters.isWhitespace(scalars[index]) { index += 1 }
        guard index < scalars.count, scalars[index] == ")" else { throw malformed }
        index += 1
        return id
    }

    /// Whether `scalar` may begin a name: a letter or `_`.
    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || (scalar.value >= 0x80 && scalar.properties.isAlphabetic)
    }

    /// Whether `scalar` may continue a name: a letter, a digit, `_`, `.` or `-`.
    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || ("0"..."9").contains(scalar) || scalar == "." || scalar == "-"
    }
}
