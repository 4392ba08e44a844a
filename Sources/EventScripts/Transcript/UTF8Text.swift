/// Text as UTF-8 bytes, appended to piece by piece: one buffer that grows as needed and is
/// emptied to be used again. A transcript appends a few bytes at a time, millions of times;
/// appending to a `String` or to an array costs several times what copying the bytes does.
///
/// A class, so that the renderers pass it along without `inout` and a sink keeps one buffer
/// from entry to entry.
@usableFromInline
final class UTF8Text {
    /// The bytes, from `base` on.
    private var base: UnsafeMutablePointer<UInt8>
    /// How many bytes there are.
    private var count = 0
    /// How many bytes `base` has room for.
    private var capacity: Int

    /// The numbers written lately and their text, when the text keeps them (see
    /// ``init(capacity:remembersNumbers:)``).
    private let numbers: NumberMemo?

    /// An empty text with room for `capacity` bytes to start with; with `remembersNumbers`, it
    /// keeps the text of the numbers it writes, for a text emptied and written again and again
    /// (a transcript writes the same coordinates at step after step).
    @usableFromInline
    init(capacity: Int = 256, remembersNumbers: Bool = false) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        numbers = remembersNumbers ? NumberMemo() : nil
    }

    deinit { base.deallocate() }

    /// The text so far, valid until the next change.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The text so far, as a string.
    @usableFromInline
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// How many bytes there are.
    @usableFromInline
    var byteCount: Int { count }

    /// Puts `string`'s UTF-8 and `byte` before the bytes from `position` on (a constructor's name
    /// and its parenthesis, before its argument, written first).
    @usableFromInline
    func insert(_ string: String, _ byte: UInt8, at position: Int) {
        var string = string
        string.withUTF8 { inserted in
            let length = inserted.count + 1
            if count + length > capacity { grow(to: count + length) }
            (base + position + length).moveInitialize(from: base + position, count: count - position)
            if let start = inserted.baseAddress { (base + position).initialize(from: start, count: inserted.count) }
            base[position + inserted.count] = byte
            count += length
        }
    }

    /// Empties the text, keeping its storage.
    @usableFromInline
    func removeAll() { count = 0 }

    /// Appends `bytes`, which are valid UTF-8 and not this text's own (growing frees them).
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        let total = count + bytes.count
        if total > capacity { grow(to: total) }
        (base + count).initialize(from: start, count: bytes.count)
        count = total
    }

    /// Appends `string`'s UTF-8: straight from its storage (or, for a short string, from a copy
    /// on the stack), otherwise one byte at a time.
    @usableFromInline
    func write(_ string: String) {
        if string.utf8.withContiguousStorageIfAvailable({ write($0) }) != nil { return }
        for byte in string.utf8 { write(byte: byte) }
    }

    /// Appends a literal's UTF-8, from where the program holds it.
    @usableFromInline
    func write(literal: StaticString) {
        literal.withUTF8Buffer { write($0) }
    }

    /// Appends one byte of UTF-8.
    @usableFromInline
    func write(byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    /// Appends `integer` in decimal, as `String(integer)` writes it, digit by digit: no string
    /// is made.
    @usableFromInline
    func write(integer: Int) {
        // Room for the longest, `-9223372036854775808`.
        if count + 20 > capacity { grow(to: count + 20) }
        if integer < 0 { write(byte: UInt8(ascii: "-")) }
        // The magnitude, so that `Int.min` has one too.
        var magnitude = integer.magnitude
        let start = count
        repeat {
            base[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            count &+= 1
            magnitude /= 10
        } while magnitude > 0
        // The digits came least significant first.
        var low = start
        var high = count &- 1
        while low < high {
            let byte = base[low]
            base[low] = base[high]
            base[high] = byte
            low &+= 1
            high &-= 1
        }
    }

    /// Appends `duration` as the script language writes it (`Value.render(_:)` of a duration):
    /// a whole number of milliseconds digit by digit, anything else as `Value.render(_:)` makes it.
    func write(duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        let (milliseconds, overflowAgain) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        guard attoseconds % 1_000_000_000_000_000 == 0, !overflow, !overflowAgain, let whole = Int(exactly: milliseconds)
        else { return write(Value.render(duration)) }
        write(integer: whole)
        write(literal: "ms")
    }

    /// Appends `number` as the script language writes it (`Value.render(_:)`, or the text of it
    /// that the memo kept).
    func write(number: Double) {
        guard let numbers else { return write(Value.render(number)) }
        if let text = numbers.text(of: number) { return write(text) }
        let text = Value.render(number)
        numbers.keep(text, of: number)
        write(text)
    }

    /// Makes room for at least `needed` bytes, doubling the storage at least.
    private func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}

/// The text of the numbers written lately: one number a slot, by its bits, the last one written
/// there kept. Its slots are memory of its own, read and written without the checks of an array.
final class NumberMemo {
    /// How many slots there are: a power of two.
    static let slots = 64
    /// Each slot's number's bits.
    private let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: slots)
    /// Each slot's number's text, `nil` for an empty slot.
    private let texts = UnsafeMutablePointer<String?>.allocate(capacity: slots)

    /// A memo with every slot empty.
    init() {
        keys.initialize(repeating: 0, count: Self.slots)
        texts.initialize(repeating: nil, count: Self.slots)
    }

    deinit {
        texts.deinitialize(count: Self.slots)
        texts.deallocate()
        keys.deallocate()
    }

    /// The slot of `number`.
    private static func slot(of number: Double) -> Int {
        Int(truncatingIfNeeded: (number.bitPattern &* 0x9E37_79B9_7F4A_7C15) >> 58) & (slots - 1)
    }

    /// The text kept for `number`, if its slot holds it.
    func text(of number: Double) -> String? {
        let slot = Self.slot(of: number)
        return keys[slot] == number.bitPattern ? texts[slot] : nil
    }

    /// Keeps `text` for `number` in its slot, in place of what the slot held.
    func keep(_ text: String, of number: Double) {
        let slot = Self.slot(of: number)
        keys[slot] = number.bitPattern
        texts[slot] = text
    }
}
