import MachineCore

/// A block of executable content, compiled from the document for the runtime to run: each
/// element resolved to the chart's events and states once, when the chart is built.
struct ExecutableContent: Sendable {
    /// One element of a block.
    enum Step: Sendable {
        /// `<raise>`, or `<send target="#_internal">`: onto the internal queue.
        case raise(SCXMLEvent)
        /// `<send>` to the machine's external queue, after `delay` if any; `id` names it for
        /// `<cancel>`.
        case send(SCXMLEvent, delay: Duration?, id: String?)
        /// `<cancel sendid>`.
        case cancel(String)
        /// `<log>`.
        case log(label: String?, text: String?)
        /// A `<send>` the runtime cannot deliver: `error.communication` on the internal queue
        /// (SCXML §6.2.4), and the block goes on.
        case undeliverable(error: SCXMLEvent)
        /// A `<send>` that is not valid (a target or type the runtime does not know):
        /// `error.execution` on the internal queue, and the rest of the block is not run (SCXML
        /// §4.10).
        case invalid(error: SCXMLEvent)
        /// `<if>`/`<elseif>`/`<else>`: the first branch whose condition holds (`nil` always holds).
        case branches([(condition: CompiledCondition?, steps: [Step])])
    }

    let steps: [Step]

    /// Runs the block; returns `false` when an error stopped it.
    @discardableResult
    func run(_ context: SCXMLContext, into outbox: inout Outbox<SCXMLMachine>) -> Bool {
        Self.run(steps, context, into: &outbox)
    }

    private static func run(_ steps: [Step], _ context: SCXMLContext, into outbox: inout Outbox<SCXMLMachine>) -> Bool {
        for step in steps {
            switch step {
            case .raise(let event): outbox.raise(event)
            case .send(let event, let delay, let id): outbox.send(event, after: delay, id: id)
            case .cancel(let id): outbox.cancelSend(id)
            case .log(let label, let text): outbox.emit(.log(label: label, text: text))
            case .undeliverable(let error): outbox.raise(error)
            case .invalid(let error):
                outbox.raise(error)
                return false
            case .branches(let branches):
                guard let branch = branches.first(where: { $0.condition?.holds(in: context) ?? true }) else { continue }
                guard run(branch.steps, context, into: &outbox) else { return false }
            }
        }
        return true
    }
}

/// A `cond` resolved to the chart's states and the conditions bound in Swift.
indirect enum CompiledCondition: Sendable {
    case inState(Int)
    case named(SCXMLChart.Condition)
    case not(CompiledCondition)
    case and(CompiledCondition, CompiledCondition)
    case or(CompiledCondition, CompiledCondition)
    case constant(Bool)

    func holds(in context: SCXMLContext) -> Bool {
        switch self {
        case .inState(let index): context.isActive(index)
        case .named(let condition): condition(context)
        case .not(let inner): !inner.holds(in: context)
        case .and(let a, let b): a.holds(in: context) && b.holds(in: context)
        case .or(let a, let b): a.holds(in: context) || b.holds(in: context)
        case .constant(let value): value
        }
    }
}
