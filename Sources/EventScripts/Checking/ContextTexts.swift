import MachineCore

/// The text of the context's fields in the last state a transcript showed, kept from step to
/// step: a field that changes is shown with its text before and after, and its text before is
/// the text after of its previous change, not written a second time.
///
/// A text is used only for a field read through a key path (its bytes in the context are known,
/// `ContextField.bytes`) whose bytes are the same as in the context the text was written from.
/// That context is kept, so the buffers and objects its bytes point to stay alive: the same bytes
/// are the same value. A text whose field's bytes change is dropped.
@usableFromInline
package struct ContextTexts<M: MachineDefinition> {
    /// The context the texts describe.
    @usableFromInline var context: M.Context?
    /// Each context field's text in ``context``, when it is known.
    @usableFromInline var texts: [String?]

    /// No text known yet.
    @inlinable
    package init() {
        self.init(count: 0)
    }

    /// No text known yet, for a context of `count` fields.
    @inlinable
    init(count: Int) {
        context = nil
        texts = Array(repeating: nil, count: count)
    }
}
