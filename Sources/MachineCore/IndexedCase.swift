/// An enumeration whose cases the transition table addresses by position.
///
/// Control states, event kinds, timer names and request kinds all conform: their raw values must
/// be `0, 1, 2, …` in declaration order (an `Int` enum without explicit raw values is exactly
/// that), so the table can find rows by index instead of by hashing.
public protocol IndexedCase: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == Int {
    /// The word used for this case in listings, diagrams, scripts and transcripts.
    var name: String { get }
}

extension IndexedCase {
    /// The case's name as written in its declaration.
    public var name: String { String(describing: self) }

    /// The case at `index`, or `nil` when the index names no case.
    @inlinable
    public static func at(_ index: Int) -> Self? { Self(rawValue: index) }

    /// Checks that the raw values are the declaration positions; returns the names in order.
    static func validatedNames(of what: String) throws(TableError) -> [String] {
        var names: [String] = []
        for (position, value) in allCases.enumerated() {
            guard value.rawValue == position else {
                throw .rawValuesNotPositions(type: what, name: value.name, rawValue: value.rawValue, position: position)
            }
            names.append(value.name)
        }
        return names
    }
}
