import MachineCore

/// Everything a script can read of a machine's state, in transcript order: each region's control
/// state, the vocabulary's context fields, then `pending` and `timers` from the work ledger.
@usableFromInline package final class StateFields<M: MachineDefinition>: Sendable {
    /// One readable part of the state.
    @usableFromInline package struct Field: Sendable {
        /// Where a field comes from: a region's control state, the context, or the work ledger.
        @usableFromInline package enum Kind: Hashable, Sendable {
            /// A region's control state (`search`).
            case region
            /// A field of the context (`query`).
            case context
            /// A part of the work ledger (`timers`, `pending`).
            case work
        }
        /// Its name in paths and transcripts.
        @usableFromInline package let name: String
        /// Its type.
        @usableFromInline package let type: ValueType
        /// Where it comes from.
        @usableFromInline package let kind: Kind
        /// Its value in a state.
        @usableFromInline package let read: @Sendable (MachineState<M>) -> Value
        /// Whether it differs between two states.
        @usableFromInline package let differs: @Sendable (MachineState<M>, MachineState<M>) -> Bool

        @inlinable
        init(
            name: String, type: ValueType, kind: Kind, read: @escaping @Sendable (MachineState<M>) -> Value,
            differs: @escaping @Sendable (MachineState<M>, MachineState<M>) -> Bool
        ) {
            self.name = name
            self.type = type
            self.kind = kind
            self.read = read
            self.differs = differs
        }
    }

    /// The fields, in order.
    @usableFromInline package let all: [Field]
    /// Each field's `read`, by position: what paths call, without copying the whole field.
    @usableFromInline let readers: [@Sendable (MachineState<M>) -> Value]
    /// For each field of a list's shape, by position, how many elements it has in a state: what
    /// a path `FIELD.count` reads without making the list's value; `nil` for the others.
    @usableFromInline let counters: [(@Sendable (MachineState<M>) -> Int)?]
    /// Each field's name, by position.
    @usableFromInline let names: [String]
    /// The number of regions: the first fields.
    @usableFromInline let regionCount: Int
    /// The context's fields, in order after the regions' fields: what a transcript compares
    /// and writes them with.
    @usableFromInline let contextFields: [ContextField<M>]
    /// Each region's states' names, by region: what a region's field is written as.
    @usableFromInline let regionStates: [[String]]
    /// The regions declared within a state: `nil` while it is not active.
    @usableFromInline let nestedRegions: [Int]
    /// The names of the request kinds and of the timers, for `pending` and `timers`.
    @usableFromInline let kindNames: [String]
    @usableFromInline let timerNames: [String]
    @usableFromInline let byName: [String: Int]

    /// The fields of a vocabulary's machine. Inlinable so that each field's `read` and
    /// `differs` are compiled for the machine where the fields are made (by a ``Player``).
    @inlinable
    package init<V: ScriptVocabulary>(_ vocabulary: V) where V.Machine == M {
        let table = vocabulary.table
        var fields: [Field] = []
        for (index, region) in table.regions.enumerated() {
            let states = region.states
            guard region.parent != nil else {
                fields.append(
                    Field(
                        name: region.name, type: .enumeration("\(region.name) state", states), kind: .region,
                        read: { state in .name(states[state.controls[index]]) },
                        differs: { $0.controls[index] != $1.controls[index] }))
                continue
            }
            // A region within a state is `nil` while that state is not active.
            fields.append(
                Field(
                    name: region.name, type: .optional(.enumeration("\(region.name) state", states)), kind: .region,
                    read: { state in
                        table.isActive(region: index, in: state.controls) ? .name(states[state.controls[index]]) : .null
                    },
                    differs: { before, after in
                        let active = table.isActive(region: index, in: before.controls)
                        return active != table.isActive(region: index, in: after.controls)
                            || (active && before.controls[index] != after.controls[index])
                    }))
        }
        for field in vocabulary.fields {
            fields.append(
                Field(
                    name: field.name, type: field.type, kind: .context,
                    read: { field.read($0.context) }, differs: { field.differs($0.context, $1.context) }))
        }
        let kinds = table.requestKindNames
        fields.append(
            Field(
                name: "pending", type: .list(.enumeration("request kind", kinds)), kind: .work,
                read: { state in .list(state.work.pending.map { .name(kinds[$0.rawValue]) }) },
                differs: { $0.work.pending != $1.work.pending }))
        let timers = table.timerNames
        fields.append(
            Field(
                name: "timers", type: .list(.enumeration("timer", timers)), kind: .work,
                read: { state in .list(state.work.timers.map { .name(timers[$0.rawValue]) }) },
                differs: { $0.work.timers != $1.work.timers }))
        all = fields
        readers = fields.map(\.read)
        counters =
            [(@Sendable (MachineState<M>) -> Int)?](repeating: nil, count: table.regions.count)
            + Self.counters(of: vocabulary.fields) + [nil, nil]
        names = fields.map(\.name)
        regionCount = table.regions.count
        contextFields = vocabulary.fields
        regionStates = table.regions.map(\.states)
        nestedRegions = table.regions.indices.filter { table.regions[$0].parent != nil }
        kindNames = kinds
        timerNames = timers
        byName = Dictionary(fields.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The control states and the fields that differ between `before` and `after`, in order,
    /// with their text in each (as ``Value/description`` writes them; a region's is its state's
    /// name): what a transcript's step shows. The regions and the work ledger are compared here,
    /// specialised for the machine; the context's fields generically, in `contextChanges`.
    @inlinable
    package func changes(
        from before: MachineState<M>, to after: MachineState<M>, states: inout [TranscriptStep.Change],
        fields: inout [TranscriptStep.Change], kept: inout ContextTexts<M>
    ) {
        for region in 0..<regionCount {
            let differs =
                nestedRegions.isEmpty ? before.controls[region] != after.controls[region] : all[region].differs(before, after)
            if differs { states.append(change(region, before, after)) }
        }
        // The contexts lent where the states keep them, not copied out (two copies a step). A
        // step that left the context as it was shares it with the state before: no field of it
        // differs, and it is not lent twice at once.
        if !before.sharesContext(with: after) {
            before.readContext { old in
                after.readContext { new in
                    Self.contextChanges(contextFields, names, old, new, first: regionCount, kept: &kept, into: &fields)
                }
            }
        }
        let work = regionCount + contextFields.count
        if before.work.pending != after.work.pending {
            fields.append(
                TranscriptStep.Change(
                    name: names[work], old: Self.text(before.work.pending, kindNames),
                    new: Self.text(after.work.pending, kindNames)))
        }
        if before.work.timers != after.work.timers {
            fields.append(
                TranscriptStep.Change(
                    name: names[work + 1], old: Self.text(before.work.timers, timerNames),
                    new: Self.text(after.work.timers, timerNames)))
        }
    }

    /// A list of request kinds or timers as its value's text, `[completions, places]`, written
    /// from their names.
    @inlinable
    static func text<Case: IndexedCase>(_ cases: PackedOrderedSet<Case>, _ names: [String]) -> String {
        var text: [UInt8] = [UInt8(ascii: "[")]
        var first = true
        for item in cases {
            if !first { text.append(text: ", ") }
            first = false
            text.append(text: names[item.rawValue])
        }
        text.append(UInt8(ascii: "]"))
        return text.text
    }

    /// The field at `index` in ``all``, with its text in `before` and in `after`.
    @inlinable
    func change(_ index: Int, _ before: MachineState<M>, _ after: MachineState<M>) -> TranscriptStep.Change {
        TranscriptStep.Change(name: names[index], old: text(of: index, in: before), new: text(of: index, in: after))
    }

    /// Each field's `count`, reading the context of a state. Not inlinable, on purpose: compiled
    /// generically, each hands the field's `count` the context where it is, while a copy
    /// specialised for a machine would copy it.
    @usableFromInline
    static func counters(of fields: [ContextField<M>]) -> [(@Sendable (MachineState<M>) -> Int)?] {
        fields.map { field -> (@Sendable (MachineState<M>) -> Int)? in
            guard let count = field.count else { return nil }
            return { state in count(state.context) }
        }
    }

    /// The text of the field at `index` in ``all`` in `state`, as ``Value/description`` writes
    /// its `read` value (a region's is its state's name): what a transcript's changes hold.
    @inlinable
    func text(of index: Int, in state: MachineState<M>) -> String {
        if index < regionCount, !nestedRegions.contains(index) { return regionStates[index][state.controls[index]] }
        return readers[index](state).description
    }

    /// Appends the context fields that differ, with their text before and after; the first
    /// field is at `first` in `names`. A field whose bytes are known and the same in both contexts
    /// does not differ. A field whose known bytes differ is read in both, once, and differs when
    /// its values do (what its `differs` says, without reading it twice); any other asks its
    /// `differs` first. A field's text is taken from a context `kept` where its bytes are the same
    /// (see ``ContextTexts``), and `after` is kept with its fields' texts. Not inlinable, on
    /// purpose: compiled generically, it passes each field's closures the contexts where they
    /// are, while a copy specialised for a machine would copy both contexts for each field.
    @usableFromInline
    static func contextChanges(
        _ fields: [ContextField<M>], _ names: [String], _ before: M.Context, _ after: M.Context, first: Int,
        kept: inout ContextTexts<M>, into changes: inout [TranscriptStep.Change]
    ) {
        let count = fields.count
        var texts = kept.emptyTexts(count)
        let size = MemoryLayout<M.Context>.size
        // The fields read through a buffer, and the loop counts by itself: compiled generically,
        // each access to an array and its `indices` looks up the element's type first.
        withUnsafeBytes(of: before) { old in
            withUnsafeBytes(of: after) { new in
                kept.contexts.withUnsafeBufferPointer { contexts in
                    /// The text of the field at `index` whose bytes are `bytes`'s, if a kept
                    /// context has them and the text.
                    func keptText(_ index: Int, _ range: Range<Int>, _ bytes: UnsafeRawBufferPointer) -> String? {
                        for slot in contexts.indices {
                            guard let text = kept.texts[slot][index] else { continue }
                            let context = UnsafeRawBufferPointer(start: contexts.baseAddress! + slot, count: size)
                            if context.hasSameBytes(as: bytes, in: range) { return text }
                        }
                        return nil
                    }
                    fields.withUnsafeBufferPointer { fields in
                        for index in 0..<count {
                            let range = fields[index].bytes
                            if let range {
                                if old.hasSameBytes(as: new, in: range) {
                                    // Unchanged: its text in the context shown last, if known.
                                    if kept.newest >= 0, let text = kept.texts[kept.newest][index] {
                                        let context = UnsafeRawBufferPointer(
                                            start: contexts.baseAddress! + kept.newest, count: size)
                                        if context.hasSameBytes(as: new, in: range) { texts[index] = text }
                                    }
                                    continue
                                }
                            } else if !fields[index].differs(before, after) {
                                continue
                            }
                            let known = range.flatMap { keptText(index, $0, old) }
                            var newValue: Value?
                            let newText: String
                            if let range, let text = keptText(index, range, new) {
                                newText = text
                            } else {
                                newValue = fields[index].read(after)
                                newText = newValue!.description
                            }
                            if range != nil { texts[index] = newText }
                            // Texts that differ are values that differ; the same text may still
                            // be another value (a duration finer than its digits).
                            if let known, !known.utf8.elementsEqual(newText.utf8) {
                                changes.append(TranscriptStep.Change(name: names[first + index], old: known, new: newText))
                                continue
                            }
                            let oldValue = fields[index].read(before)
                            guard oldValue != (newValue ?? fields[index].read(after)) else { continue }
                            changes.append(
                                TranscriptStep.Change(
                                    name: names[first + index], old: known ?? oldValue.description, new: newText))
                        }
                    }
                }
            }
        }
        kept.keep(after, texts: &texts)
    }

    /// The field named `name`.
    @usableFromInline package subscript(name: String) -> Field? { byName[name].map { all[$0] } }

    /// The position in ``all`` of the field named `name`.
    @usableFromInline package func index(of name: String) -> Int? { byName[name] }

    /// A readable dump of `state`: one `name: value` line per field of the given kinds, in field
    /// order; a list of several values spreads over one line per element, so that a line diff
    /// of two dumps points at the element that changed.
    @usableFromInline package func dump(_ state: MachineState<M>, kinds: Set<Field.Kind> = [.region, .context, .work]) -> String {
        var text = ""
        for field in all where kinds.contains(field.kind) {
            text += "\(field.name): \(field.read(state).multiline)\n"
        }
        return text
    }
}
