/// The rules of SCXML that need the whole document: state ids are unique, every id a document
/// refers to (a target, an initial state, a state in `In('id')`) names a state where SCXML
/// allows it, and several targets (or initial states) can be active together. Nothing here
/// recurses: states, nested `<if>`s and conditions are walked on stacks of their own.
extension SCXMLDocument {
    /// Refuses, as ``SCXMLError/Kind/invalid``, a duplicate id or a reference to no state.
    func validate() throws(SCXMLError) {
        var index = SCXMLStateIndex()
        let all = allStates()
        for (node, parent) in all { try index.add(node, parent: parent) }
        for id in initial where index.entries[id] == nil {
            throw .invalid("the initial state \(SCXMLError.quoted(id)) of <scxml> names no state", at: location)
        }
        try index.checkTogether(initial, as: "the initial states of <scxml>", at: location)
        for (node, _) in all { try index.checkReferences(of: node) }
    }

    /// Every state of the document in document order, each with the id of its parent state.
    func allStates() -> [(node: SCXMLStateNode, parent: String?)] {
        var all: [(node: SCXMLStateNode, parent: String?)] = []
        var pending: [(node: SCXMLStateNode, parent: String?)] = states.reversed().map { ($0, nil) }
        while let next = pending.popLast() {
            all.append(next)
            pending.append(contentsOf: next.node.children.reversed().map { ($0, next.node.id) })
        }
        return all
    }
}

/// Every state of a document by id, with where it is and its parent, for checking references.
struct SCXMLStateIndex {
    /// Where a state is and the id of its parent state (`nil` at the top).
    struct Entry {
        var location: SourceLocation
        var parent: String?
        var kind: SCXMLStateNode.Kind
    }

    /// The states by id.
    private(set) var entries: [String: Entry] = [:]

    /// Adds `node` (not its children); throws for an id already taken.
    mutating func add(_ node: SCXMLStateNode, parent: String?) throws(SCXMLError) {
        if let earlier = entries[node.id] {
            throw .invalid(
                "the id \(SCXMLError.quoted(node.id)) is used twice: at \(earlier.location) and at \(node.location)",
                at: node.location)
        }
        entries[node.id] = Entry(location: node.location, parent: parent, kind: node.kind)
    }

    /// Whether the state `id` is inside the state `ancestor` (and not `ancestor` itself).
    func isProperDescendant(_ id: String, of ancestor: String) -> Bool {
        var current = entries[id]?.parent
        while let parent = current {
            if parent == ancestor { return true }
            current = entries[parent]?.parent
        }
        return false
    }

    /// Checks the references of `node` (not its children): the initial states inside it, the
    /// targets of its transitions, and the states its conditions name.
    func checkReferences(of node: SCXMLStateNode) throws(SCXMLError) {
        for id in node.initial {
            guard entries[id] != nil else {
                throw .invalid(
                    "the initial state \(SCXMLError.quoted(id)) of \(SCXMLError.quoted(node.id)) names no state",
                    at: node.location)
            }
            guard isProperDescendant(id, of: node.id) else {
                throw .invalid(
                    "the initial state \(SCXMLError.quoted(id)) of \(SCXMLError.quoted(node.id)) is not inside it",
                    at: node.location)
            }
        }
        try checkTogether(node.initial, as: "the initial states of \(SCXMLError.quoted(node.id))", at: node.location)
        if let transition = node.initialTransition {
            try checkReferences(of: transition)
            for id in transition.targets where !isProperDescendant(id, of: node.id) {
                throw .invalid(
                    "the <initial> of \(SCXMLError.quoted(node.id)) targets \(SCXMLError.quoted(id)), which is not inside it",
                    at: transition.location)
            }
        }
        for transition in node.transitions { try checkReferences(of: transition) }
        for block in node.onEntry + node.onExit { try checkReferences(of: block) }
    }

    /// Checks that the targets of `transition` and the states its conditions name exist.
    private func checkReferences(of transition: SCXMLTransition) throws(SCXMLError) {
        for id in transition.targets where entries[id] == nil {
            throw .invalid("the target \(SCXMLError.quoted(id)) names no state", at: transition.location)
        }
        try checkTogether(transition.targets, as: "the targets", at: transition.location)
        if let condition = transition.condition { try checkReferences(of: condition, at: transition.location) }
        try checkReferences(of: transition.actions)
    }

    /// Checks that the states `ids` (all of them known) can be active at once, as SCXML asks of
    /// several targets or initial states (a legal state configuration): none is inside another,
    /// and any two are in different children of a `<parallel>`, the nearest state holding both.
    /// A `<history>` among them is left to the importer, which takes it only alone.
    func checkTogether(_ ids: [String], as what: String, at location: SourceLocation) throws(SCXMLError) {
        guard ids.count > 1 else { return }
        for (position, first) in ids.enumerated() {
            for second in ids[(position + 1)...] where first != second {
                guard !isHistory(first), !isHistory(second) else { continue }
                let pair = "\(SCXMLError.quoted(first)) and \(SCXMLError.quoted(second))"
                if isProperDescendant(first, of: second) || isProperDescendant(second, of: first) {
                    throw .invalid("\(what) \(pair) cannot be active at once: one is inside the other", at: location)
                }
                let common = nearestCommonAncestor(first, second)
                guard let common, entries[common]?.kind == .parallel else {
                    let holder = common.map { "\(SCXMLError.quoted($0)), which is not a <parallel>" } ?? "<scxml>"
                    throw .invalid(
                        "\(what) \(pair) cannot be active at once: the nearest state holding both is \(holder)",
                        at: location)
                }
            }
        }
    }

    /// Whether `id` names a `<history>`.
    private func isHistory(_ id: String) -> Bool {
        if case .history = entries[id]?.kind { return true }
        return false
    }

    /// The nearest state that holds both `first` and `second` (neither inside the other), or
    /// `nil` when only `<scxml>` does.
    private func nearestCommonAncestor(_ first: String, _ second: String) -> String? {
        var current = entries[first]?.parent
        while let ancestor = current {
            if isProperDescendant(second, of: ancestor) { return ancestor }
            current = entries[ancestor]?.parent
        }
        return nil
    }

    /// Checks that the states the conditions of `actions` (and of the `<if>`s inside them) name
    /// exist.
    private func checkReferences(of actions: [SCXMLAction]) throws(SCXMLError) {
        var pending = [actions]
        while let next = pending.popLast() {
            for case .if(let branches, let location) in next {
                for branch in branches {
                    if let condition = branch.condition { try checkReferences(of: condition, at: location) }
                    pending.append(branch.actions)
                }
            }
        }
    }

    /// Checks that the states `condition` names (`In('id')`) exist.
    private func checkReferences(of condition: SCXMLCondition, at location: SourceLocation) throws(SCXMLError) {
        var pending = [condition]
        while let next = pending.popLast() {
            switch next {
            case .inState(let id):
                guard entries[id] != nil else {
                    throw .invalid("In(\(SCXMLError.quoted(id))) names no state", at: location)
                }
            case .named, .constant:
                break
            case .not(let operand):
                pending.append(operand)
            case .and(let left, let right), .or(let left, let right):
                pending.append(right)
                pending.append(left)
            }
        }
    }
}
