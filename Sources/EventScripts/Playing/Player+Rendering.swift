import MachineCore
import MachineRuntime

extension Player {
    /// Writes `steps` into `sink` as a replay writes its steps: the transcript of runtime steps
    /// taken without a script, such as a live session's (see `LiveRuntime/onStep`). A replay of
    /// the session's recorded script writes the same steps, byte for byte.
    @inlinable
    public func transcribe<S: TranscriptSink>(_ steps: [RuntimeStep<M>], into sink: inout S) {
        for step in steps { sink.write(.step(render(step))) }
    }

    /// A runtime step as a transcript step.
    @inlinable
    func render(_ step: RuntimeStep<M>) -> TranscriptStep {
        let table = vocabulary.table
        var input: String
        var dropped: String?
        switch step.input {
        case .event(let event):
            input = writer.statement(.send(event))
        case .timer(let timer):
            input = "timer \(timer.name)"
        case .answer(let reference, let event):
            input = writer.answer(reference.description, event)
        case .drop(let reference, let event, let cancellation):
            input = "drop " + writer.answer(reference.description, event).drop { $0 != " " }.dropFirst()
            if let successor = cancellation.supersededBy {
                dropped = "superseded by \(reference.kind.name)#\(successor) at \(Value.render(cancellation.at))"
            } else {
                dropped = "cancelled at \(Value.render(cancellation.at))"
            }
        }
        var stateChanges: [TranscriptStep.Change] = []
        var fieldChanges: [TranscriptStep.Change] = []
        for field in fields.all where field.differs(step.before, step.after) {
            let change = TranscriptStep.Change(name: field.name, old: field.read(step.before), new: field.read(step.after))
            if field.kind == .region { stateChanges.append(change) } else { fieldChanges.append(change) }
        }
        let compoundChanges = (step.result?.stateChanges ?? []).filter { table.regions[$0.region].isCompound($0.state) }.map {
            TranscriptStep.CompoundChange(
                region: table.regions[$0.region].name, state: table.regions[$0.region].states[$0.state], kind: $0.kind)
        }
        return TranscriptStep(
            time: step.time, input: input,
            fired: step.result?.firedRows.map { table.rows[$0].id } ?? [],
            ignored: step.result.flatMap { ignoreText($0, step.before) },
            dropped: dropped, compoundChanges: compoundChanges, stateChanges: stateChanges, fieldChanges: fieldChanges,
            commands: step.commands.map(writer.value(of:)))
    }

    /// A region's active configuration in words: its leaf, then the leaf's ancestors, innermost
    /// first (`paused (in busy, on)`), or that the leaf is at the top of the region.
    @usableFromInline
    func configuration(of region: RegionDescription, leaf: Int) -> String {
        guard region.states.indices.contains(leaf) else { return "state \(leaf), which \(region.name) does not have" }
        let ancestors = region.ancestors(of: leaf).map { region.states[$0] }
        return region.states[leaf]
            + (ancestors.isEmpty ? " (in no compound state)" : " (in \(ancestors.joined(separator: ", ")))")
    }

    /// Why a step fired no row, in words.
    @usableFromInline
    func ignoreText(_ result: StepResult<M>, _ before: MachineState<M>) -> String? {
        guard let reason = result.ignored else { return nil }
        let table = vocabulary.table
        switch reason {
        case .finished(let region, let state):
            return "the machine is finished (\(table.regions[region].name) is \(table.regions[region].states[state]))"
        case .notAwaited:
            return "nothing awaited it"
        case .noRow:
            let states = table.regions.enumerated().map { index, region in
                "\(region.name) \(region.states[before.controls[index]])"
            }
            return "no row handles it in \(states.joined(separator: ", "))"
        case .guardsFailed:
            let failed = result.guardChecks.filter { !$0.passed }.map { check in
                "\(table.rows[check.row].guard?.name ?? "?") (\(table.rows[check.row].id))"
            }
            return "guards were false: \(failed.joined(separator: ", "))"
        }
    }
}
