/// One parallel region of a machine: it is in exactly one of its control states `S` at a time.
///
/// Declare each region once, as a static constant, and name it in the rows that belong to it:
///
/// ```swift
/// static let search = Region<SearchState>("search", index: 3, initial: .inactive)
/// ```
///
/// The index is the region's position in the table (the table checks it); it lets a guard read a
/// region's state in constant time with ``MachineState/subscript(_:)``.
///
/// A region may nest its states, as statecharts do: a *compound* state holds child states, the
/// first of which is its initial child. The region is then always in exactly one *leaf* (a state
/// without children); its *active configuration* is that leaf and its ancestors. Compound states
/// are cases of the same enumeration, so rows name them as sources and targets:
///
/// ```swift
/// static let search = Region<SearchState>("search", index: 3, initial: .inactive,
///                                         children: [.active: [.editing, .debouncing, .searching]])
/// ```
///
/// Here `search` is in `inactive` or in one of `active`'s three children; entering `active`
/// enters `editing`, its first child.
///
/// A region may also be declared *within* a state of another region: it is active exactly while
/// that state is, and the state is then a *parallel state* (SCXML's `<parallel>`), whose regions
/// run side by side. Parallel states nest at any depth, each region keeping its own state type:
///
/// ```swift
/// static let player = Region<Player>("player", index: 0, initial: .stopped)
/// static let video = Region<Video>("video", index: 1, within: player, .playing, initial: .buffering)
/// static let audio = Region<Audio>("audio", index: 2, within: player, .playing, initial: .muted)
/// ```
///
/// Entering `playing` enters `video` and `audio` in their initial states; leaving it leaves both.
/// A parallel state is a leaf of its own region (its children are regions, not states), and the
/// table lists regions in document order: a region's nested regions come right after it, before
/// the next region that is not nested in it.
public struct Region<S: ControlState>: AnyRegion {
    /// The region's name in listings, diagrams, scripts and transcripts.
    public let name: String
    /// The region's position in the table: rows of different regions fire in this order.
    public let index: Int
    /// The control state the region starts in.
    public let initial: S
    /// Final states. A final state at the top of the region ends the whole machine: once a
    /// region enters one, every event is ignored. A final child of a compound state makes its
    /// parent *done* instead: entering it raises the parent's done event, which done rows
    /// handle (``Row/init(_:in:done:when:to:history:action:)``).
    ///
    /// The step that enters a final state also cancels the work still running, after its rows'
    /// own commands: every running timer (in the order of their last start), then every request
    /// in flight (in request order). Its commands say so, and nothing runs once the machine is
    /// finished; a row that cancels its work itself (``Outbox/cancelEverything()``) leaves
    /// nothing for the step to cancel.
    public let finalStates: [S]
    /// The compound states and their children, in declaration order; the first child of each is
    /// its initial child. Empty for a flat region.
    public let children: KeyValuePairs<S, [S]>
    /// The region's ancestry when it is declared within a state of another region: that state,
    /// then the state its region is within, and so on up; empty for a region at the top.
    @usableFromInline package let ancestry: [RegionParent]
    /// The name of the region it is within, if any.
    let parentName: String?

    /// Declares a region.
    ///
    /// - Parameters:
    ///   - name: The region's name.
    ///   - index: Its position in the table.
    ///   - initial: The state it starts in; a compound state starts in its initial leaf.
    ///   - finalStates: Leaves that end the whole machine, or at the top of the region, or make
    ///     their parent done, inside a compound state.
    ///   - children: Each compound state with its children, the initial child first.
    public init(_ name: String, index: Int, initial: S, final finalStates: [S] = [], children: KeyValuePairs<S, [S]> = [:]) {
        self.name = name
        self.index = index
        self.initial = initial
        self.finalStates = finalStates
        self.children = children
        self.ancestry = []
        self.parentName = nil
    }

    /// Declares a region within state `parentState` of `parent`: the region is active exactly
    /// while `parent` is in `parentState`, which becomes a parallel state.
    ///
    /// - Parameters:
    ///   - name: The region's name.
    ///   - index: Its position in the table, after `parent`'s.
    ///   - parent: The region whose state it lives in.
    ///   - parentState: That state: a leaf of `parent`, not final.
    ///   - initial: The state it starts in whenever `parentState` is entered.
    ///   - finalStates: Leaves; a final state at the top of the region makes it *done*, and
    ///     `parentState` is done when every region within it is (see ``RowTrigger/done(_:)``).
    ///   - children: Each compound state with its children, the initial child first.
    public init<P: ControlState>(
        _ name: String, index: Int, within parent: Region<P>, _ parentState: P, initial: S, final finalStates: [S] = [],
        children: KeyValuePairs<S, [S]> = [:]
    ) {
        self.name = name
        self.index = index
        self.initial = initial
        self.finalStates = finalStates
        self.children = children
        self.ancestry = [RegionParent(region: parent.index, state: parentState.rawValue)] + parent.ancestry
        self.parentName = parent.name
    }

    /// Whether the region is active in `controls`: it is at the top, or the state it is within is
    /// active (and so on up).
    @inlinable
    public func isActive(in controls: ControlStates) -> Bool {
        for parent in ancestry where controls[parent.region] != parent.state { return false }
        return true
    }

    /// Whether `ancestor` is `state` or one of its ancestors: whether the region is "in"
    /// `ancestor` when its leaf is `state`.
    @inlinable
    public func isIn(_ ancestor: S, whenIn state: S) -> Bool {
        var current: S? = state
        var steps = 0
        while let state = current, steps <= S.allCases.count {
            if state == ancestor { return true }
            current = children.first { $0.value.contains(state) }?.key
            steps += 1
        }
        return false
    }

    /// The leaf the region is in when it enters `state`: `state` itself for a leaf, else its
    /// initial child's, down to a leaf.
    public func initialLeaf(of state: S) -> S {
        var leaf = state
        var steps = 0
        while let child = children.first(where: { $0.key == leaf })?.value.first, steps < S.allCases.count {
            leaf = child
            steps += 1
        }
        return leaf
    }

    /// The region as plain data: its name, states, initial and final states.
    public var listing: RegionDescription {
        RegionDescription(
            name: name,
            index: index,
            stateType: ObjectIdentifier(S.self),
            states: S.allCases.map(\.name),
            initial: initial.rawValue,
            finalStates: finalStates.map(\.rawValue),
            children: children.map { (parent: $0.key.rawValue, children: $0.value.map(\.rawValue)) },
            parent: ancestry.first, parentName: parentName)
    }
}

/// The state a nested region is within: its region's index and its index there.
@usableFromInline package struct RegionParent: Hashable, Sendable {
    /// The index of the region that holds the state.
    @usableFromInline package let region: Int
    /// The state's index in that region.
    @usableFromInline package let state: Int

    /// The state at `state` of the region at `region`.
    @inlinable
    package init(region: Int, state: Int) {
        self.region = region
        self.state = state
    }
}

/// A region of any state type, as a ``TransitionTable`` takes it.
public protocol AnyRegion: Sendable {
    /// The region as the table lists it.
    var listing: RegionDescription { get }
}

/// A region without its state type: what a ``TransitionTable`` stores and lists.
///
/// It carries the region's hierarchy (see ``Region``): ``children`` of each compound state,
/// `parents` of each state. A flat region has no children and every state is a leaf.
public struct RegionDescription: Hashable, Sendable {
    /// The region's name.
    public let name: String
    let index: Int
    let stateType: ObjectIdentifier
    /// The names of its control states (leaves and compound states), by index.
    public let states: [String]
    /// The index of the initial state, as declared: a compound state starts in `initialLeaf`.
    public let initial: Int
    /// The indexes of the final states.
    public let finalStates: [Int]
    /// The children of each state, by index, the initial child first; empty for a leaf.
    public let children: [[Int]]
    /// The parent of each state, by index; `nil` for a state at the top of the region.
    @usableFromInline package let parents: [Int?]
    /// The compound states in declaration order, each as often as it was declared.
    let declaredParents: [Int]
    /// The state the region is within, or `nil` for a region at the top of the machine.
    @usableFromInline package let parent: RegionParent?
    /// The name of the region `parent` belongs to, as declared (the table checks it).
    let parentName: String?
    /// For each compound state, the descendant its ``Initial`` enters by default, or -1 for its
    /// first child; empty when the table declares no initial transition in the region.
    package private(set) var initialTargets: [Int] = []
    /// Whether the region stands for its one top state, as an imported SCXML `<parallel>`'s
    /// child does (see ``ImportedRegion``): it is done when that state is in a final state as
    /// SCXML says, not only when it is in a final state at its top.
    package internal(set) var standsForItsState = false
    /// The states entering the region enters in place of ``initial`` when not empty (see
    /// ``ImportedRegion``).
    var importedInitialTargets: [StateAddress] = []
    /// The states an imported initial transition of several targets enters, by the compound state
    /// it belongs to (see ``Initial``'s imported targets); empty for every region declared in
    /// Swift.
    var importedStateInitials: [Int: [StateAddress]] = [:]

    /// A description; `children` lists each compound state's children, the initial child first.
    ///
    /// A declaration that lists a state under two parents, or under itself, is kept as declared
    /// (the first parent wins); the table rejects it (``TableError/invalidHierarchy(region:problem:)``).
    init(
        name: String, index: Int, stateType: ObjectIdentifier, states: [String], initial: Int, finalStates: [Int],
        children declared: [(parent: Int, children: [Int])], parent: RegionParent? = nil, parentName: String? = nil
    ) {
        self.name = name
        self.index = index
        self.stateType = stateType
        self.states = states
        self.initial = initial
        self.finalStates = finalStates
        var children = [[Int]](repeating: [], count: states.count)
        var parents = [Int?](repeating: nil, count: states.count)
        for entry in declared where children.indices.contains(entry.parent) {
            children[entry.parent] += entry.children
            for child in entry.children where parents.indices.contains(child) && parents[child] == nil {
                parents[child] = entry.parent
            }
        }
        self.children = children
        self.parents = parents
        self.declaredParents = declared.map(\.parent)
        self.parent = parent
        self.parentName = parentName
    }

    /// Whether the region nests states.
    package var isHierarchical: Bool { children.contains { !$0.isEmpty } }

    /// Whether `state` has children.
    @usableFromInline package func isCompound(_ state: Int) -> Bool { !children[state].isEmpty }

    /// The states without children, in index order: the values the region's control state takes.
    public var leaves: [Int] { states.indices.filter { children[$0].isEmpty } }

    /// `state`'s ancestors, its parent first.
    package func ancestors(of state: Int) -> [Int] {
        var chain: [Int] = []
        var current = parents[state]
        while let parent = current, chain.count < states.count {
            chain.append(parent)
            current = parents[parent]
        }
        return chain
    }

    /// Whether `ancestor` is `state` or one of its ancestors.
    public func contains(_ ancestor: Int, _ state: Int) -> Bool { ancestor == state || ancestors(of: state).contains(ancestor) }

    /// The leaf entered by default when `state` is entered: following initial children down.
    func defaultLeaf(of state: Int) -> Int {
        var leaf = state
        var steps = 0
        while let next = defaultTarget(of: leaf), steps < states.count {
            leaf = next
            steps += 1
        }
        return leaf
    }

    /// The state entering compound `state` by default enters: the target of its ``Initial``, or
    /// its first child; `nil` for a leaf.
    package func defaultTarget(of state: Int) -> Int? {
        if initialTargets.indices.contains(state), initialTargets[state] >= 0 { return initialTargets[state] }
        return children[state].first
    }

    /// The states entered by default below compound `state`, top down, to its default leaf.
    func defaultDescent(below state: Int) -> [Int] {
        guard let target = defaultTarget(of: state) else { return [] }
        let path = Array(([target] + ancestors(of: target)).prefix { $0 != state }.reversed())
        return path + defaultDescent(below: target)
    }

    /// The region with the initial targets `targets` (by compound state, -1 for the first child),
    /// as the table's ``Initial``s declare them.
    func withInitialTargets(_ targets: [Int]) -> RegionDescription {
        var copy = self
        copy.initialTargets = targets
        return copy
    }

    /// Whether entering `state` ends the machine: a final state at the top of a region at the top
    /// of the machine. A final state inside a compound state only makes its parent done, and one
    /// at the top of a nested region makes the region done (see ``RowTrigger/done(_:)``).
    func endsMachine(_ state: Int) -> Bool { parent == nil && isTopFinal(state) }

    /// Whether `state` is a final state at the top of the region: in it, the region is done.
    func isTopFinal(_ state: Int) -> Bool { finalStates.contains(state) && parents[state] == nil }

    /// The leaf the region starts in: ``initial``, or its default leaf when it is compound.
    var initialLeaf: Int { defaultLeaf(of: initial) }
}
