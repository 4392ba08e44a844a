import MachineCore

/// Builds an imported chart's table from its document (see ``SCXMLChart/table``): the regions,
/// the rows, the states' entry and exit content, the initial transitions and history defaults.
struct ChartBuilder {
    let document: SCXMLDocument
    let conditions: [String: SCXMLChart.Condition]

    /// The name of the machine and of its top region.
    private(set) var machineName = "scxml"
    /// Every state id in document order; the context's bits follow it.
    private(set) var stateIDs: [String] = []
    /// The event names, by kind.
    private(set) var eventNames: [String] = []
    /// Whether the chart's conditions read the configuration (an `In()`, or a condition bound in
    /// Swift): the context then keeps it (see ``SCXMLContext``).
    private(set) var tracksConfiguration = false

    /// Each state node by id, with its parent's id.
    private var nodes: [String: (node: SCXMLStateNode, parent: String?)] = [:]
    /// Each history pseudo-state by id, with the id of the state it belongs to.
    private var histories: [String: (node: SCXMLStateNode, owner: String)] = [:]
    /// Where each state lives: its region and its index there.
    private var placement: [String: (region: Int, state: Int)] = [:]
    private var regions: [RegionDraft] = []
    private var eventIndex: [String: Int] = [:]
    /// The condition names no binding was given for, in the order first met, and where the
    /// first of them is.
    private var unbound: [String] = []
    private var firstUnbound: SourceLocation?
    /// Each state id's position in document order.
    private var stateIndex: [String: Int] = [:]

    /// A region being laid out.
    private struct RegionDraft {
        var name: String
        var states: [String] = []
        var children: [(parent: Int, children: [Int])] = []
        var finals: [Int] = []
        var parent: RegionParent?
        var parentName: String?
        var standsForItsState = false
    }

    init(document: SCXMLDocument, conditions: [String: SCXMLChart.Condition]) {
        self.document = document
        self.conditions = conditions
    }

    mutating func build() throws(SCXMLError) -> TransitionTable<SCXMLMachine> {
        index(document.states, parent: nil)
        let ids = Set(stateIDs)
        machineName = document.name ?? "scxml"
        var top = machineName
        while ids.contains(top) { top = "_" + top }
        addRegion(top, states: document.states, within: nil, parentName: nil, standing: false)
        guard regions.count <= ControlStates.capacity else {
            throw SCXMLError.unsupported(
                "the chart has \(regions.count) regions (the top level and one for each child of a <parallel>); the runtime holds at most \(ControlStates.capacity)",
                at: document.location)
        }
        collectEvents()
        tracksConfiguration = !conditions.isEmpty || readsConfiguration()
        stateIndex = Dictionary(stateIDs.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }

        var rows: [Row<SCXMLMachine>] = []
        var actions: [StateActions<SCXMLMachine>] = []
        var initials: [Initial<SCXMLMachine>] = []
        for id in stateIDs {
            guard let (node, _) = nodes[id], let place = placement[id] else { continue }
            let regionName = regions[place.region].name
            if let entryAndExit = try stateActions(node, index: stateIndex[id] ?? 0, region: regionName, state: place.state) {
                actions.append(entryAndExit)
            }
            for (position, transition) in node.transitions.enumerated() {
                let internalRow = isInternal(transition, from: id)
                rows.append(
                    try row("\(id).\(position + 1)", transition, internal: internalRow, from: place, region: regionName))
            }
            if let initial = try initialTransition(of: node, at: place) { initials.append(initial) }
        }
        for (id, history) in histories.sorted(by: { $0.key < $1.key }) {
            initials.append(try historyDefault(id, history.node, owner: history.owner))
        }
        if !unbound.isEmpty {
            throw SCXMLError.unsupported(
                "conditions without a binding: \(unbound.joined(separator: ", ")) (bind each name to a closure in `conditions`)",
                at: firstUnbound)
        }

        let imported = regions.enumerated().map { index, draft in
            ImportedRegion(
                draft.name, index: index, states: draft.states, initial: regionInitial(index), final: draft.finals,
                children: draft.children, within: draft.parent, parentName: draft.parentName,
                standsForItsState: draft.standsForItsState, initialTargets: index == 0 ? topInitialTargets() : [])
        }
        do {
            return try TransitionTable(
                importing: imported, rows: rows, stateActions: actions, initials: initials, eventNames: eventNames)
        } catch {
            throw SCXMLError.unsupported("the runtime cannot hold this chart: \(error)", at: nil)
        }
    }

    // MARK: States and regions

    /// Records every state and history below `states`, in document order.
    private mutating func index(_ states: [SCXMLStateNode], parent: String?) {
        for node in states {
            if case .history = node.kind {
                if let parent { histories[node.id] = (node, parent) }
                continue
            }
            nodes[node.id] = (node, parent)
            stateIDs.append(node.id)
            index(node.children, parent: node.id)
        }
    }

    /// Lays out a region of `states` and their descendants, then the regions of each
    /// `<parallel>` among them, each child its own region, in document order.
    private mutating func addRegion(
        _ name: String, states: [SCXMLStateNode], within parent: RegionParent?, parentName: String?, standing: Bool
    ) {
        let region = regions.count
        regions.append(RegionDraft(name: name, parent: parent, parentName: parentName, standsForItsState: standing))
        var parallels: [(state: Int, node: SCXMLStateNode)] = []
        func place(_ node: SCXMLStateNode) -> Int {
            let state = regions[region].states.count
            regions[region].states.append(node.id)
            placement[node.id] = (region, state)
            switch node.kind {
            case .final: regions[region].finals.append(state)
            case .parallel: parallels.append((state, node))
            case .state:
                let children = node.children.filter { !$0.isHistory }
                if !children.isEmpty { regions[region].children.append((state, children.map(place))) }
            case .history: break
            }
            return state
        }
        for node in states where !node.isHistory { _ = place(node) }
        for (state, node) in parallels {
            for child in node.children where !child.isHistory {
                addRegion(
                    child.id, states: [child], within: RegionParent(region: region, state: state), parentName: name,
                    standing: true)
            }
        }
    }

    /// The state of region `index` it starts in: its first state, or, for the top region, the
    /// state on the way to the document's first initial target.
    private func regionInitial(_ index: Int) -> Int {
        guard index == 0, let first = document.initial.first, let state = ancestor(of: first, inRegion: 0) else { return 0 }
        return state
    }

    /// The document's initial targets when they are not one top-level state: the start enters
    /// them in place of the top region's initial state.
    private func topInitialTargets() -> [StateAddress] {
        let targets = document.initial
        if targets.count == 1, let place = placement[targets[0]], place.region == 0, nodes[targets[0]]?.parent == nil {
            return []
        }
        return targets.compactMap(address)
    }

    /// `id`, or the ancestor of it that region `region` holds, by index there.
    private func ancestor(of id: String, inRegion region: Int) -> Int? {
        var current: String? = id
        while let state = current {
            if let place = placement[state], place.region == region { return place.state }
            current = nodes[state]?.parent
        }
        return nil
    }

    private func address(_ id: String) -> StateAddress? {
        placement[id].map { StateAddress(regionName: regions[$0.region].name, state: $0.state) }
    }

    // MARK: Content

    /// State `node`'s entry and exit: its `<onentry>` and `<onexit>` blocks, and, when the chart
    /// tracks its configuration, the context marks it active before its `<onentry>` blocks run
    /// and inactive after its `<onexit>` blocks; `nil` when there is nothing to run.
    private mutating func stateActions(
        _ node: SCXMLStateNode, index: Int, region: String, state: Int
    ) throws(SCXMLError) -> StateActions<SCXMLMachine>? {
        var entries: [ExecutableContent] = []
        for block in node.onEntry where !block.isEmpty { entries.append(try compile(block)) }
        var exits: [ExecutableContent] = []
        for block in node.onExit where !block.isEmpty { exits.append(try compile(block)) }
        let (entryBlocks, exitBlocks) = (entries, exits)
        guard tracksConfiguration else {
            guard !entries.isEmpty || !exits.isEmpty else { return nil }
            return StateActions(
                imported: region, state: state, entry: Self.action(running: entryBlocks),
                exit: Self.action(running: exitBlocks))
        }
        return StateActions(
            imported: region, state: state,
            entry: { context, _, outbox in
                context.enter(index)
                for block in entryBlocks { block.run(context, into: &outbox) }
            },
            exit: { context, _, outbox in
                for block in exitBlocks { block.run(context, into: &outbox) }
                context.exit(index)
            })
    }

    /// Whether a condition of the chart (a transition's or an `<if>`'s) is or holds an `In()`.
    private func readsConfiguration() -> Bool {
        func reads(_ condition: SCXMLCondition) -> Bool {
            switch condition {
            case .inState: true
            case .named, .constant: false
            case .not(let inner): reads(inner)
            case .and(let a, let b), .or(let a, let b): reads(a) || reads(b)
            }
        }
        func reads(_ actions: [SCXMLAction]) -> Bool {
            actions.contains { action in
                guard case .if(let branches, _) = action else { return false }
                return branches.contains { branch in branch.condition.map(reads) == true || reads(branch.actions) }
            }
        }
        let nodes = stateIDs.compactMap { self.nodes[$0]?.node } + histories.values.map(\.node)
        return nodes.contains { node in
            node.onEntry.contains(where: reads) || node.onExit.contains(where: reads)
                || (node.initialTransition.map { reads($0.actions) } ?? false)
                || node.transitions.contains { transition in
                    transition.condition.map(reads) == true || reads(transition.actions)
                }
        }
    }

    /// Compiles a block of executable content.
    private mutating func compile(_ actions: [SCXMLAction]) throws(SCXMLError) -> ExecutableContent {
        var steps: [ExecutableContent.Step] = []
        for action in actions { steps.append(try compile(action)) }
        return ExecutableContent(steps: steps)
    }

    private mutating func compile(_ action: SCXMLAction) throws(SCXMLError) -> ExecutableContent.Step {
        switch action {
        case .raise(let name, _):
            return .raise(event(name))
        case .send(let send):
            return try compile(send)
        case .cancel(let id, _):
            return .cancel(id)
        case .log(let label, let text, _):
            return .log(label: label, text: text)
        case .if(let branches, _):
            var compiled: [(condition: CompiledCondition?, steps: [ExecutableContent.Step])] = []
            for branch in branches {
                var condition: CompiledCondition?
                if let written = branch.condition { condition = try compile(written, at: action.location) }
                compiled.append((condition, try compile(branch.actions).steps))
            }
            return .branches(compiled)
        }
    }

    /// The SCXML event processor's type names: what a `<send type>` may say.
    private static let eventProcessorTypes: Set<String> = ["http://www.w3.org/TR/scxml/#SCXMLEventProcessor", "scxml"]

    /// Where a `<send>` delivers its event, as SCXML's event processor does.
    private enum Delivery {
        /// The machine's external queue (no target).
        case external
        /// The internal queue (`#_internal`).
        case `internal`
        /// Nowhere this chart can reach (another session, a parent): `error.communication`.
        case unreachable
        /// Nowhere valid (an unknown target or type): `error.execution`.
        case invalid
    }

    private static func delivery(of send: SCXMLSend) -> Delivery {
        if let type = send.type, !eventProcessorTypes.contains(type) { return .invalid }
        switch send.target {
        case nil: return .external
        case "#_internal": return .internal
        // Another session, a parent or an invoked child: this chart runs alone.
        case let target? where target.hasPrefix("#_"): return .unreachable
        case _?: return .invalid
        }
    }

    private mutating func compile(_ send: SCXMLSend) throws(SCXMLError) -> ExecutableContent.Step {
        switch Self.delivery(of: send) {
        case .external:
            return .send(event(send.event), delay: send.delay, id: send.id)
        case .internal:
            guard send.delay == nil else {
                throw SCXMLError.unsupported(
                    "<send> to #_internal with a delay: the internal queue takes events at once", at: send.location)
            }
            return .raise(event(send.event))
        case .unreachable:
            return .undeliverable(error: event("error.communication"))
        case .invalid:
            return .invalid(error: event("error.execution"))
        }
    }

    /// The event named `name`, its kind among the chart's.
    private func event(_ name: String) -> SCXMLEvent {
        SCXMLEvent(kind: SCXMLEventKind(rawValue: eventIndex[name] ?? 0, name: name))
    }

    private mutating func compile(
        _ condition: SCXMLCondition, at location: SourceLocation
    ) throws(SCXMLError)
        -> CompiledCondition
    {
        switch condition {
        case .inState(let id):
            guard let index = stateIndex[id] else {
                if histories[id] != nil { return .constant(false) }
                throw SCXMLError.invalid("In('\(id)') names no state of the chart", at: location)
            }
            return .inState(index)
        case .named(let name):
            guard let bound = conditions[name] else {
                if !unbound.contains(name) { unbound.append(name) }
                if firstUnbound == nil { firstUnbound = location }
                return .constant(false)
            }
            return .named(bound)
        case .not(let inner): return .not(try compile(inner, at: location))
        case .and(let a, let b): return .and(try compile(a, at: location), try compile(b, at: location))
        case .or(let a, let b): return .or(try compile(a, at: location), try compile(b, at: location))
        case .constant(let value): return .constant(value)
        }
    }

    // MARK: Events

    /// The chart's events, in document order: every name its transitions take (a done event of a
    /// state that can be done is the runtime's own), every event it raises or sends, and
    /// `error.execution` or `error.communication` where a `<send>` raises one.
    private mutating func collectEvents() {
        func add(_ name: String) {
            guard eventIndex[name] == nil else { return }
            eventIndex[name] = eventNames.count
            eventNames.append(name)
        }
        func visit(_ actions: [SCXMLAction]) {
            for action in actions {
                switch action {
                case .raise(let name, _): add(name)
                case .send(let send):
                    switch Self.delivery(of: send) {
                    case .external, .internal: add(send.event)
                    case .unreachable: add("error.communication")
                    case .invalid: add("error.execution")
                    }
                case .if(let branches, _): for branch in branches { visit(branch.actions) }
                case .cancel, .log: break
                }
            }
        }
        for id in stateIDs {
            guard let node = nodes[id]?.node else { continue }
            node.onEntry.forEach(visit)
            node.onExit.forEach(visit)
            if let initial = node.initialTransition { visit(initial.actions) }
            for transition in node.transitions {
                for token in transition.events where token != "*" {
                    let name = token.hasSuffix(".*") ? String(token.dropLast(2)) : token
                    if name.hasPrefix("done.state."), canBeDone(String(name.dropFirst("done.state.".count))) { continue }
                    add(name)
                }
                visit(transition.actions)
            }
        }
        for (_, history) in histories.sorted(by: { $0.key < $1.key }) {
            for transition in history.node.transitions { visit(transition.actions) }
        }
    }

    /// Whether the state `id` can be done, so that the runtime raises `done.state.ID` itself:
    /// a compound state with a final child, a parallel state each of whose children can be.
    private func canBeDone(_ id: String) -> Bool {
        guard let node = nodes[id]?.node else { return false }
        let children = node.children.filter { !$0.isHistory }
        switch node.kind {
        case .state: return children.contains { $0.kind == .final }
        case .parallel: return !children.isEmpty && children.allSatisfy { canBeDone($0.id) }
        case .final, .history: return false
        }
    }

    // MARK: Transitions

    /// Whether `transition` of state `source` is internal as SCXML's `getTransitionDomain` reads
    /// it: `type="internal"`, from a compound state, every target strictly below it (a history's
    /// targets are below the state it belongs to). Any other `type="internal"` acts as external.
    private func isInternal(_ transition: SCXMLTransition, from source: String) -> Bool {
        guard transition.isInternal, !transition.targets.isEmpty, let node = nodes[source]?.node, node.kind == .state,
            node.children.contains(where: { !$0.isHistory })
        else { return false }
        return transition.targets.allSatisfy { target in
            if let history = histories[target] { return history.owner == source || isBelow(history.owner, source) }
            return isBelow(target, source)
        }
    }

    /// Whether state `id` is inside state `ancestor` (and not `ancestor` itself).
    private func isBelow(_ id: String, _ ancestor: String) -> Bool {
        var current = nodes[id]?.parent
        while let state = current {
            if state == ancestor { return true }
            current = nodes[state]?.parent
        }
        return false
    }

    /// The row of `transition`, internal when SCXML reads it so (``isInternal(_:from:)``).
    private mutating func row(
        _ id: String, _ transition: SCXMLTransition, internal: Bool, from source: (region: Int, state: Int), region: String
    ) throws(SCXMLError) -> Row<SCXMLMachine> {
        let trigger: RowTrigger<SCXMLMachine> =
            transition.events.isEmpty ? .always : .events(EventDescriptor(transition.events.joined(separator: " ")))
        var guardValue: Guard<SCXMLMachine>?
        if let condition = transition.condition {
            let compiled = try compile(condition, at: transition.location)
            guardValue = Guard(condition.text) { state, _ in compiled.holds(in: state.context) }
        }
        let content = try compile(transition.actions)
        let action = Self.action(running: content)
        var history: History?
        var targets: [StateAddress] = []
        for target in transition.targets {
            if let entry = histories[target] {
                guard transition.targets.count == 1 else {
                    throw SCXMLError.unsupported("a transition to a <history> and other targets at once", at: transition.location)
                }
                history = entry.node.kind == .history(deep: true) ? .deep : .shallow
                if let owner = address(entry.owner) { targets.append(owner) }
            } else if let address = address(target) {
                targets.append(address)
            }
        }
        if targets.count == 1, targets[0].regionName == region {
            return Row(
                imported: id, region: region, sources: [source.state], trigger: trigger, guard: guardValue,
                target: targets[0].state, history: history, internal: `internal`, action: action)
        }
        return Row(
            imported: id, region: region, sources: [source.state], trigger: trigger, guard: guardValue, target: nil,
            extraTargets: targets, history: history, internal: `internal`, action: action)
    }

    /// The action that runs `blocks` in order, or `nil` when there are none.
    static func action(running blocks: [ExecutableContent]) -> Action<SCXMLMachine>? {
        guard !blocks.isEmpty else { return nil }
        return { context, _, outbox in
            for block in blocks { block.run(context, into: &outbox) }
        }
    }

    /// The action that runs `content`, or `nil` when it is empty.
    static func action(running content: ExecutableContent) -> Action<SCXMLMachine>? {
        guard !content.steps.isEmpty else { return nil }
        return { context, _, outbox in content.run(context, into: &outbox) }
    }

    // MARK: Initial transitions and histories

    /// State `node`'s initial transition (its `initial` attribute or `<initial>` element), when
    /// it has one that is not simply its first child.
    private mutating func initialTransition(
        of node: SCXMLStateNode, at place: (region: Int, state: Int)
    ) throws(SCXMLError) -> Initial<SCXMLMachine>? {
        guard node.kind == .state, node.children.contains(where: { !$0.isHistory }) else { return nil }
        let targets = node.initialTransition?.targets ?? node.initial
        let content = try compile(node.initialTransition?.actions ?? [])
        guard !targets.isEmpty else { return nil }
        let action = Self.action(running: content)
        let region = regions[place.region].name
        guard let first = ancestor(of: targets[0], inRegion: place.region), first != place.state else {
            throw SCXMLError.invalid("the initial state of '\(node.id)' is not below it", at: node.location)
        }
        let addresses = targets.compactMap(address)
        let plain = addresses.count == 1 && addresses[0].regionName == region
        return Initial(
            imported: region, state: place.state, target: first, targets: plain ? [] : addresses, action: action)
    }

    /// The default transition of history `id` of state `owner`: to one state of the owner's
    /// region, or to several, or into the regions of a parallel owner.
    private mutating func historyDefault(
        _ id: String, _ history: SCXMLStateNode, owner: String
    ) throws(SCXMLError) -> Initial<SCXMLMachine> {
        let transition = history.transitions.first
        let targets = transition?.targets ?? []
        guard let place = placement[owner], let ownerNode = nodes[owner]?.node, !targets.isEmpty else {
            throw SCXMLError.invalid("<history> '\(id)' needs a default transition with a target", at: history.location)
        }
        let content = try compile(transition?.actions ?? [])
        let action = Self.action(running: content)
        let region = regions[place.region].name
        let kind: History = history.kind == .history(deep: true) ? .deep : .shallow
        let addresses = targets.compactMap(address)
        if ownerNode.kind == .parallel {
            return Initial(
                imported: region, state: place.state, history: kind, target: place.state, targets: addresses,
                action: action)
        }
        guard let first = ancestor(of: targets[0], inRegion: place.region), first != place.state else {
            throw SCXMLError.invalid(
                "the default of <history> '\(id)' is not below '\(owner)'", at: history.location)
        }
        let plain = addresses.count == 1 && addresses[0].regionName == region
        return Initial(
            imported: region, state: place.state, history: kind, target: first, targets: plain ? [] : addresses,
            action: action)
    }
}

extension SCXMLAction {
    /// Where the element starts.
    var location: SourceLocation {
        switch self {
        case .raise(_, let location), .cancel(_, let location), .log(_, _, let location), .if(_, let location): location
        case .send(let send): send.location
        }
    }
}
