/// One token of a script line.
struct Token: Equatable {
    enum Kind: Equatable {
        /// A word: a keyword, a name, a label, a field or a constructor.
        case word(String)
        case string(String)
        /// A number, with whether it was written without a fraction.
        case number(Double, isWhole: Bool)
        case duration(Duration)
        /// `KIND#N`: a request reference; the number is kept as written to be checked.
        case reference(kind: String, ordinal: String)
        /// `(`, `)`, `[`, `]`, `,`, `:` or `.`.
        case punctuation(Character)
        /// `==`, `!=`, `~=`, `<`, `<=`, `>` or `>=`.
        case comparison(String)
    }

    let kind: Kind
    /// The column of the token's first scalar.
    let column: Int
    /// The column just past the token's last scalar.
    let end: Int
    /// Whether white space separates the token from the previous one.
    let spaced: Bool
}
