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
/// enters `editing`, its first child. Parallel regions stay at the top level: a region does not
/// nest another region.
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
            children: children.map { (parent: $0.key.rawValue, children: $0.value.map(\.rawValue)) })
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
    package let parents: [Int?]
    /// The compound states in declaration order, each as often as it was declared.
    let declaredParents: [Int]

    /// A description; `children` lists each compound state's children, the initial child first.
    ///
    /// A declaration that lists a state under two parents, or under itself, is kept as declared
    /// (the first parent wins); the table rejects it (``TableError/invalidHierarchy(region:problem:)``).
    init(
        name: String, index: Int, stateType: ObjectIdentifier, states: [String], initial: Int, finalStates: [Int],
        children declared: [(parent: Int, children: [Int])]
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
    package func defaultLeaf(of state: Int) -> Int {
        var leaf = state
        var steps = 0
        while let first = children[leaf].first, steps < states.count {
            leaf = first
            steps += 1
        }
        return leaf
    }

    /// Whether entering `state` ends the machine: a final state at the top of the region. A
    /// final state inside a compound state only makes its parent done (see ``RowTrigger/done(_:)``).
    package func endsMachine(_ state: Int) -> Bool { finalStates.contains(state) && parents[state] == nil }

    /// The leaf the region starts in: ``initial``, or its default leaf when it is compound.
    package var initialLeaf: Int { defaultLeaf(of: initial) }
}
