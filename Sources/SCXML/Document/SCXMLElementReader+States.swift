/// Reading the states: `<state>`, `<parallel>`, `<final>`, `<history>`, and a state's `<initial>`.
extension SCXMLElementReader {
    /// What a state's parent is: where a `<history>` may be depends on it.
    enum Parent {
        case document, state, parallel
    }

    /// A `<state>` or `<parallel>` being read: its element, its node so far, and the next of its
    /// child elements to read.
    private struct OpenState {
        var element: XMLTreeElement
        var children: [XMLTreeElement]
        var next = 0
        var node: SCXMLStateNode
        /// Its `<initial>`, once read.
        var initialElement: XMLTreeElement?
        var isParallel: Bool { node.kind == .parallel }
    }

    /// Reads `element`, a `<state>`, `<parallel>`, `<final>` or `<history>` whose parent is
    /// `parent` (checked with ``check(_:)`` already), and the states inside it.
    ///
    /// The states are read without recursion, on a stack of open states of its own, so that a
    /// deeply nested document takes no more of the thread's stack than a flat one (a debug
    /// build gives each temporary of a function a slot of its own, kilobytes a frame).
    mutating func readStateNode(_ element: XMLTreeElement, in parent: Parent) throws(SCXMLError) -> SCXMLStateNode {
        guard Self.isCompound(element) else { return try readLeafState(element, in: parent) }
        var open = [try openState(element)]
        while let top = open.last {
            guard top.next < top.children.count else {
                let closed = open.removeLast()
                if !closed.isParallel {
                    try Self.finishState(closed.node, closed.element, initialElement: closed.initialElement)
                }
                guard !open.isEmpty else { return closed.node }
                open[open.count - 1].node.children.append(closed.node)
                continue
            }
            let child = top.children[top.next]
            open[open.count - 1].next += 1
            if !Self.isChildState(child, inParallel: top.isParallel) {
                try readContent(child, into: &open[open.count - 1])
            } else if Self.isCompound(child) {
                open.append(try openState(child))
            } else {
                let node = try readLeafState(child, in: top.isParallel ? .parallel : .state)
                open[open.count - 1].node.children.append(node)
            }
        }
        // Not reached: the loop returns when `element` is closed.
        return try readLeafState(element, in: parent)
    }

    /// Whether `element` is a `<state>` or `<parallel>`: a state that may have child states.
    private static func isCompound(_ element: XMLTreeElement) -> Bool {
        element.name.localName == "state" || element.name.localName == "parallel"
    }

    /// Reads `element`, a `<final>` or `<history>`: states without child states.
    private mutating func readLeafState(_ element: XMLTreeElement, in parent: Parent) throws(SCXMLError) -> SCXMLStateNode {
        if element.name.localName == "final" { return try readFinal(element) }
        guard parent != .document else {
            throw .invalid("a <history> belongs in a <state> or a <parallel>, not in <scxml>", at: element.location)
        }
        return try readHistory(element)
    }

    /// A `<state>` or `<parallel>` opened: its attributes read, its content still to read.
    private mutating func openState(_ element: XMLTreeElement) throws(SCXMLError) -> OpenState {
        let node = try element.name.localName == "parallel" ? beginParallel(element) : beginState(element)
        return OpenState(element: element, children: element.childElements, node: node)
    }

    /// A node of `kind` read from `element`, with its id and nothing else yet.
    private mutating func emptyNode(
        _ kind: SCXMLStateNode.Kind, of element: XMLTreeElement
    ) throws(SCXMLError)
        -> SCXMLStateNode
    {
        SCXMLStateNode(
            kind: kind, id: try stateID(of: element), initial: [], initialTransition: nil, onEntry: [], onExit: [],
            transitions: [], children: [], location: element.location)
    }

    /// Whether `child` is a child state of a `<state>` or (`inParallel`) a `<parallel>`.
    private static func isChildState(_ child: XMLTreeElement, inParallel: Bool) -> Bool {
        guard isSCXML(child) else { return false }
        switch child.name.localName {
        case "state", "parallel", "history": return true
        case "final": return !inParallel
        default: return false
        }
    }

    /// Reads `child`, an element of the open `<state>` or `<parallel>` `state` other than a
    /// child state: an `<onentry>`, `<onexit>`, `<transition>` or (in a `<state>`) `<initial>`.
    private mutating func readContent(_ child: XMLTreeElement, into state: inout OpenState) throws(SCXMLError) {
        try check(child)
        switch child.name.localName {
        case "onentry": state.node.onEntry.append(try readBlock(child))
        case "onexit": state.node.onExit.append(try readBlock(child))
        case "transition": state.node.transitions.append(try readTransition(child))
        case "initial" where state.isParallel:
            throw .invalid("a <parallel> has no <initial>: all its child states are entered", at: child.location)
        case "initial":
            if let initialElement = state.initialElement {
                throw .invalid(
                    "a state has at most one <initial> (the first at \(initialElement.location))", at: child.location)
            }
            state.initialElement = child
            state.node.initialTransition = try readDefaultTransition(of: child)
        default: throw misplaced(child, in: state.element)
        }
    }

    /// The node of the `<state>` `element` with its id and initial ids, after checking its
    /// attributes and text.
    private mutating func beginState(_ element: XMLTreeElement) throws(SCXMLError) -> SCXMLStateNode {
        try checkAttributes(of: element, allowed: ["id", "initial"])
        var node = try emptyNode(.state, of: element)
        node.initial = try words("initial", of: element, what: "leave it out to enter the first child state") ?? []
        try checkNoText(in: element)
        return node
    }

    /// The checks of a `<state>` that need its children read: a `<history>` or an `<initial>`
    /// only in a compound state, and an `<initial>` not with an `initial` attribute.
    private static func finishState(
        _ node: SCXMLStateNode, _ element: XMLTreeElement, initialElement: XMLTreeElement?
    )
        throws(SCXMLError)
    {
        let isCompound = node.children.contains { !$0.isHistory }
        if !isCompound, let history = node.children.first(where: \.isHistory) {
            throw .invalid(
                "a <history> belongs in a compound state (one with child states) or a <parallel>; <\(element.name)> \(SCXMLError.quoted(node.id)) has no child states",
                at: history.location)
        }
        if let initialElement {
            guard isCompound else {
                throw .invalid(
                    "an <initial> belongs only in a compound state (one with child states)", at: initialElement.location)
            }
            guard element.attribute("initial") == nil else {
                throw .invalid(
                    "a state has either an initial attribute or an <initial> element, not both", at: initialElement.location)
            }
        }
    }

    /// The node of the `<parallel>` `element` with its id, after checking its attributes and text.
    private mutating func beginParallel(_ element: XMLTreeElement) throws(SCXMLError) -> SCXMLStateNode {
        if let initial = element.attribute("initial") {
            throw .invalid("a <parallel> has no initial attribute: all its child states are entered", at: initial.location)
        }
        try checkAttributes(of: element, allowed: ["id"])
        let node = try emptyNode(.parallel, of: element)
        try checkNoText(in: element)
        return node
    }

    /// Reads a `<final>`: its id, `<onentry>` and `<onexit>`; it has no transitions and no child
    /// states, since entering it ends its parent.
    private mutating func readFinal(_ element: XMLTreeElement) throws(SCXMLError) -> SCXMLStateNode {
        try checkAttributes(of: element, allowed: ["id"])
        var node = try emptyNode(.final, of: element)
        try checkNoText(in: element)
        for child in element.childElements {
            try check(child)
            switch child.name.localName {
            case "onentry": node.onEntry.append(try readBlock(child))
            case "onexit": node.onExit.append(try readBlock(child))
            case "transition":
                throw .invalid("a <final> has no transitions: entering it ends its parent", at: child.location)
            case "state", "parallel", "final", "history", "initial":
                throw .invalid("a <final> has no child states: only <onentry> and <onexit>", at: child.location)
            default: throw misplaced(child, in: element)
            }
        }
        return node
    }

    /// Reads a `<history>`: its id, its type (`shallow` unless `deep`) and its one default
    /// transition.
    private mutating func readHistory(_ element: XMLTreeElement) throws(SCXMLError) -> SCXMLStateNode {
        try checkAttributes(of: element, allowed: ["id", "type"])
        var isDeep = false
        if let type = element.attribute("type") {
            switch type.value {
            case "shallow": isDeep = false
            case "deep": isDeep = true
            default:
                throw .invalid(
                    "the type of a <history> is 'shallow' or 'deep', not \(SCXMLError.quoted(type.value))", at: type.location)
            }
        }
        var node = try emptyNode(.history(deep: isDeep), of: element)
        node.transitions = [try readDefaultTransition(of: element)]
        return node
    }

    /// Reads the one `<transition>` of an `<initial>` or a `<history>`: a target, no event, no
    /// condition, and executable content.
    private mutating func readDefaultTransition(of element: XMLTreeElement) throws(SCXMLError) -> SCXMLTransition {
        let isInitial = element.name.localName == "initial"
        let owner = isInitial ? "an <\(element.name)>" : "a <\(element.name)>"
        if isInitial {
            try checkAttributes(of: element, allowed: [])
        }
        try checkNoText(in: element)
        var transitionElement: XMLTreeElement?
        for child in element.childElements {
            try check(child)
            guard child.name.localName == "transition" else { throw misplaced(child, in: element) }
            guard transitionElement == nil else {
                throw .invalid("\(owner) has exactly one <transition>", at: child.location)
            }
            transitionElement = child
        }
        guard let transitionElement else {
            throw .invalid("\(owner) needs exactly one <transition>, with a target", at: element.location)
        }
        for name in ["event", "cond"] {
            if let attribute = transitionElement.attribute(name) {
                throw .invalid(
                    "the <transition> of \(owner) has no \(name): it is taken when its parent is entered",
                    at: attribute.location)
            }
        }
        let transition = try readTransition(transitionElement)
        guard !transition.targets.isEmpty else {
            throw .invalid("the <transition> of \(owner) needs a target", at: transitionElement.location)
        }
        return transition
    }
}

extension SCXMLStateNode {
    /// Whether it is a `<history>`.
    var isHistory: Bool {
        if case .history = kind { return true }
        return false
    }
}
