import MachineCore

/// What a replay's transcript wrote lately, kept from step to step to be written again rather
/// than made anew: the context's fields' texts in the last state shown, and the last commands,
/// events and answers written, with their text.
@usableFromInline
package struct RecentTexts<M: MachineDefinition> {
    /// The context's fields' texts in the last state shown.
    @usableFromInline var context = ContextTexts<M>()
    /// The last commands written.
    @usableFromInline var commands = ValueTexts<Command<M>, String>()
    /// The last events sent, as their `send` statements.
    @usableFromInline var events = ValueTexts<M.Event, String>()
    /// The last answers, as their statement's keyword (`respond`, `fail`) and what follows the
    /// request in it.
    @usableFromInline var answers = ValueTexts<M.Event, (keyword: String, tail: String)>()

    /// Nothing written yet.
    @inlinable
    package init() {}
}

/// The last values of one type a transcript wrote, with their text, told apart by their bytes.
///
/// Commands and answers repeat (the same region set, the same answer given), and writing one
/// builds its script value and its text. A value whose bytes are those of a kept one is the same
/// value, since the kept one keeps its buffers and objects alive (the same assumption as a
/// context field's, `ContextField.bytes`: a value holds no object whose contents change); equal
/// values in other bytes are written anew.
@usableFromInline
package struct ValueTexts<Kept, Text> {
    @usableFromInline var values: [Kept] = []
    /// The values' bytes, one after the other.
    @usableFromInline var bytes: [UInt8] = []
    @usableFromInline var texts: [Text] = []
    /// Which kept value the next one written replaces, once all are taken.
    @usableFromInline var next = 0

    /// How many values are kept.
    @inlinable static var capacity: Int { 16 }

    @inlinable
    init() {}

    /// `value`'s text: as it was written if a value of the same bytes was, otherwise `write()`'s,
    /// then kept.
    @inlinable
    mutating func text(of value: Kept, _ write: () -> Text) -> Text {
        let size = MemoryLayout<Kept>.size
        let found = withUnsafeBytes(of: value) { new -> Int? in
            bytes.withUnsafeBytes { all -> Int? in
                for index in texts.indices {
                    let kept = UnsafeRawBufferPointer(rebasing: all[(index * size)..<((index + 1) * size)])
                    if kept.hasSameBytes(as: new, in: 0..<size) { return index }
                }
                return nil
            }
        }
        if let found { return texts[found] }
        let text = write()
        withUnsafeBytes(of: value) { new in
            if texts.count < Self.capacity {
                values.append(value)
                texts.append(text)
                bytes.append(contentsOf: new)
            } else {
                values[next] = value
                texts[next] = text
                bytes.replaceSubrange((next * size)..<((next + 1) * size), with: new)
                next = (next + 1) % Self.capacity
            }
        }
        return text
    }
}

extension UnsafeRawBufferPointer {
    /// Whether these bytes and `other`'s are the same in `range`. Word by word, then byte by
    /// byte: a transcript compares every context field at every step.
    @inlinable
    func hasSameBytes(as other: UnsafeRawBufferPointer, in range: Range<Int>) -> Bool {
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            let word = loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            guard word == other.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset += 8
        }
        while offset < range.upperBound {
            guard self[offset] == other[offset] else { return false }
            offset += 1
        }
        return true
    }
}
