/// A list of plain values that keeps its storage from one step to the next: clearing it only
/// resets its count, so recording a fired row costs a store rather than a call into the array's
/// generic code. Elements are bitwise-copyable, so stale slots hold no references.
@usableFromInline
struct ReusedList<Element: BitwiseCopyable & Sendable>: Sendable {
    @usableFromInline var storage: [Element] = []
    @usableFromInline var count = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { count == 0 }

    /// The elements recorded since the last ``removeAll()``.
    @inlinable
    var elements: [Element] { Array(storage[..<count]) }

    @inlinable
    subscript(position: Int) -> Element { storage[position] }

    @inlinable @inline(__always)
    mutating func append(_ element: Element) {
        if count < storage.count { storage[count] = element } else { grow(appending: element) }
        count &+= 1
    }

    /// Appends `element` to the storage, making room for at least eight elements at once: a
    /// result made afresh for each step (the runtime's) would otherwise allocate storage for one
    /// element, then two, then four.
    @inlinable
    mutating func grow(appending element: Element) {
        if storage.count == storage.capacity { storage.reserveCapacity(Swift.max(8, storage.count &* 2)) }
        storage.append(element)
    }

    @inlinable
    mutating func removeAll() { count = 0 }
}
