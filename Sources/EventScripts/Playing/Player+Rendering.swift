import MachineCore
import MachineRuntime

extension Player {
    /// Writes `steps` into `sink` as a replay writes its steps: the transcript of runtime steps
    /// taken without a script, such as a live session's (see `LiveRuntime/onStep`). A replay of
    /// the session's recorded script writes the same steps, byte for byte.
    @inlinable
    public func transcribe<S: TranscriptSink>(_ steps: [RuntimeStep<M>], into sink: inout S) {
        var kept = RecentTexts<M>()
        for index in steps.indices { sink.write(.step(render(steps[index], kept: &kept))) }
    }

    /// A runtime step as a transcript step: its input as a statement, the rows it fired, the
    /// states and fields it changed, its commands.
    @inlinable
    func render(_ step: borrowing RuntimeStep<M>) -> TranscriptStep {
        var kept = RecentTexts<M>()
        return render(step, kept: &kept)
    }

    /// A runtime step as a transcript step, with what was written lately taken from `kept` (see
    /// ``RecentTexts``); `kept` then describes the state after the step.
    @inlinable
    func render(_ step: borrowing RuntimeStep<M>, kept: inout RecentTexts<M>) -> TranscriptStep {
        var input: String
        var dropped: String?
        switch step.cause {
        case .event(let event):
            input = kept.events.text(of: event) { parts.writer.statement(.send(event)) }
        case .timer(let timer):
            input = "timer " + parts.table.timerNames[timer.rawValue]
        case .answer(let reference, let event):
            let answer = kept.answers.text(of: event) { parts.writer.answerParts(event) }
            input = answer.keyword + " " + parts.writer.text(of: reference) + answer.tail
        case .drop(let reference, let event, let cancellation):
            input =
                "drop " + parts.writer.text(of: reference) + kept.answers.text(of: event) { parts.writer.answerParts(event) }.tail
            if let successor = cancellation.supersededBy {
                dropped =
                    "superseded by \(parts.table.requestKindNames[reference.kind.rawValue])#\(successor) at \(Value.milliseconds(cancellation.at))"
            } else {
                dropped = "cancelled at \(Value.milliseconds(cancellation.at))"
            }
        case .eventless:
            input = "eventless"
        case .raised(let event):
            input = "raised " + eventText(event)
        case .done(let region, let state):
            input = "done " + parts.table.regions[region].name + "." + parts.table.regions[region].states[state]
        case .start:
            input = "start"
        case .sent(let event):
            input = "sent " + eventText(event)
        case .delay(let row):
            input = "delay " + parts.rowIDs[row]
        }
        var stateChanges: [TranscriptStep.Change] = []
        var fieldChanges: [TranscriptStep.Change] = []
        parts.fields.changes(
            from: step.before, to: step.after, states: &stateChanges, fields: &fieldChanges, kept: &kept.context)
        var fired: [String] = []
        var ignored: String?
        var compoundChanges: [TranscriptStep.CompoundChange] = []
        var commands: [String] = []
        if let result = step.result {
            // Read by position: the lists a result gives are built for each call.
            fired = (0..<result.firedRowCount).map { parts.rowIDs[result.firedRow(at: $0)] }
            // Asked only of a step that fired nothing: the text is made by code compiled generically.
            if result.ignored != nil { ignored = ignoreText(result, step.before) }
            for position in 0..<result.stateChangeCount {
                let change = result.stateChange(at: position)
                guard parts.isCompound[change.region][change.state] else { continue }
                let region = parts.table.regions[change.region]
                compoundChanges.append(
                    TranscriptStep.CompoundChange(region: region.name, state: region.states[change.state], kind: change.kind))
            }
            commands = result.commands.map { command in
                kept.commands.text(of: command) { parts.writer.value(of: command).description }
            }
            commands += result.outbox.sends.map(sendText)
        }
        var rendered = TranscriptStep(
            time: step.time, input: input, fired: fired, ignored: ignored, dropped: dropped, compoundChanges: compoundChanges,
            stateChanges: stateChanges, fieldChanges: fieldChanges, commands: commands)
        rendered.isMicrostep = step.isMicrostep
        return rendered
    }

    /// An event as a transcript writes it: `queryChanged("Apple")`.
    @inlinable
    func eventText(_ event: M.Event) -> String {
        String(parts.writer.statement(.send(event)).drop { $0 != " " }.dropFirst())
    }

    /// What an action scheduled besides its commands, as a transcript lists it after them:
    /// `send(flushed)`, `send(ping, 30s, "beat")`, `cancelSend("beat")`, `startDelay(retry, 2s)`,
    /// `cancelDelay(retry)`.
    @usableFromInline
    func sendText(_ send: Send<M>) -> String {
        switch send {
        case .event(let event, nil, nil): "send(\(eventText(event)))"
        case .event(let event, let delay, let id):
            "send(\(eventText(event))\(delay.map { ", \(Value.render($0))" } ?? "")\(id.map { ", \(Value.quoted($0))" } ?? ""))"
        case .cancel(let id): "cancelSend(\(Value.quoted(id)))"
        case .startDelay(let number, let delay):
            "startDelay(\(parts.rowIDs[parts.table.delayedRows[number]]), \(Value.render(delay)))"
        case .cancelDelay(let number): "cancelDelay(\(parts.rowIDs[parts.table.delayedRows[number]]))"
        }
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
        switch reason {
        case .finished(let region, let state):
            return "the machine is finished (\(parts.table.regions[region].name) is \(parts.table.regions[region].states[state]))"
        case .notAwaited:
            return "nothing awaited it"
        case .noRow:
            let states = parts.table.regions.enumerated().map { index, region in
                "\(region.name) \(region.states[before.controls[index]])"
            }
            return "no row handles it in \(states.joined(separator: ", "))"
        case .guardsFailed:
            let failed = result.guardChecks.filter { !$0.passed }.map { check in
                "\(parts.table.rows[check.row].guard?.name ?? "?") (\(parts.table.rows[check.row].id))"
            }
            return "guards were false: \(failed.joined(separator: ", "))"
        }
    }
}
