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
