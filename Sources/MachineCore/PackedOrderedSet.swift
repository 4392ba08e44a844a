/// A small ordered set of cases, kept in one word: insertion order is the order of the last
/// insertion, so re-inserting an element moves it to the end.
///
/// It holds the running timers and the requests in flight without allocating. The cases' raw
/// values must be below ``capacity`` (the table checks).
public struct PackedOrderedSet<Element: IndexedCase>: Hashable, Sendable, Sequence {
    /// The most distinct cases the set can hold.
    public static var capacity: Int { 15 }

    /// Each 4-bit slot holds `rawValue + 1` of one element, oldest first; 0 marks an empty slot.
    @usableFromInline var slots: UInt64 = 0
    /// One bit per raw value, for constant-time membership.
    @usableFromInline var members: UInt16 = 0

    /// The empty set.
    @inlinable
    public init() {}

    /// The set holding `elements`, in that order.
    public init(_ elements: [Element]) {
        for element in elements { append(element) }
    }

    /// The number of elements.
    @inlinable
    public var count: Int { members.nonzeroBitCount }

    /// Whether the set is empty.
    @inlinable
    public var isEmpty: Bool { members == 0 }

    /// Whether `element` is in the set.
    @inlinable
    public func contains(_ element: Element) -> Bool {
        members & (1 << UInt16(truncatingIfNeeded: element.rawValue)) != 0
    }

    /// Adds `element` at the end, moving it there if it is already present.
    @inlinable
    public mutating func append(_ element: Element) {
        remove(element)
        slots |= UInt64(truncatingIfNeeded: element.rawValue + 1) << UInt64(count &* 4)
        members |= 1 << UInt16(truncatingIfNeeded: element.rawValue)
    }

    /// Removes `element`; returns whether it was present.
    @inlinable
    @discardableResult
    public mutating func remove(_ element: Element) -> Bool {
        guard contains(element) else { return false }
        let tag = UInt64(truncatingIfNeeded: element.rawValue + 1)
        var shift: UInt64 = 0
        while (slots >> shift) & 0xF != tag { shift &+= 4 }
        let below = slots & ((1 << shift) &- 1)
        let above = shift &+ 4 >= 64 ? 0 : slots >> (shift &+ 4)
        slots = below | (above << shift)
        members &= ~(1 << UInt16(truncatingIfNeeded: element.rawValue))
        return true
    }

    /// Removes every element.
    @inlinable
    public mutating func removeAll() {
        slots = 0
        members = 0
    }

    /// The elements in order.
    public var elements: [Element] { Array(self) }

    public func makeIterator() -> Iterator { Iterator(slots: slots) }

    /// Iterates the elements oldest first.
    public struct Iterator: IteratorProtocol {
        var slots: UInt64

        public mutating func next() -> Element? {
            let tag = Int(slots & 0xF)
            guard tag != 0 else { return nil }
            slots >>= 4
            return Element(rawValue: tag - 1)
        }
    }
}
