import MachineCore

/// The last contexts a transcript showed, each with the texts of its fields written so far, kept
/// from step to step: a field that changes is shown with its text before and after, its text
/// before is the text after of its previous change, and its value after often one it had a few
/// steps before (a region set back, a list emptied). Such a text is written again, not made anew.
///
/// A text is used only for a field read through a key path (its bytes in the context are known,
/// `ContextField.bytes`), and only when the field's bytes are the same as in the kept context the
/// text was written from. The contexts are kept, so the buffers and objects their bytes point to
/// stay alive: the same bytes are the same value (a context holds no object whose contents
/// change, as `ContextField` assumes).
@usableFromInline
package struct ContextTexts<M: MachineDefinition> {
    /// The contexts kept, in a ring; ``newest`` is the last shown.
    @usableFromInline var contexts: [M.Context] = []
    /// Each kept context's fields' texts, where written.
    @usableFromInline var texts: [[String?]] = []
    /// The texts of the context forgotten last, its storage kept to hold the next one's.
    @usableFromInline var spare: [String?] = []
    /// The position of the last context shown in ``contexts``, or -1.
    @usableFromInline var newest = -1

    /// How many contexts are kept.
    @inlinable static var capacity: Int { 8 }

    /// No context shown yet.
    @inlinable
    package init() {}

    /// Storage for the texts of a context of `count` fields, none written: the forgotten
    /// context's, emptied, once there is one.
    @usableFromInline
    mutating func emptyTexts(_ count: Int) -> [String?] {
        var fieldTexts: [String?] = []
        swap(&fieldTexts, &spare)
        guard fieldTexts.count == count else { return Array(repeating: nil, count: count) }
        for index in 0..<count { fieldTexts[index] = nil }
        return fieldTexts
    }

    /// Keeps `context`, the newest, with its fields' `texts`, in place of the oldest once full.
    @usableFromInline
    mutating func keep(_ context: M.Context, texts fieldTexts: inout [String?]) {
        if contexts.count < Self.capacity {
            contexts.append(context)
            texts.append(fieldTexts)
            newest = contexts.count - 1
        } else {
            newest = (newest + 1) % Self.capacity
            contexts[newest] = context
            swap(&texts[newest], &fieldTexts)
            swap(&spare, &fieldTexts)
        }
    }
}
