/// Every state of a table as one tree, in document order, as SCXML reads a document: the machine
/// at the root, a parallel state over the regions at the top; each region a compound state over
/// its own states; a state that regions are declared within, a parallel state over them.
///
/// Nodes are numbered in document order (pre-order), so the descendants of a node are the nodes
/// after it up to its ``ends`` entry: entry order is ascending, exit order descending, and a
/// descendant test is two comparisons. The step of a table with nested regions walks this tree
/// (see ``TransitionTable``'s statechart step); the tools read it to draw and check such tables.
struct StateTree: Sendable {
    /// The root: the machine itself.
    static let root = 0

    /// The region of each node, or -1 for the root.
    let regionOf: [Int32]
    /// The state of each node in its region, or -1 for a region's own node and the root.
    let stateOf: [Int32]
    /// The parent of each node, or -1 for the root.
    let parents: [Int32]
    /// The end of each node's subtree: its descendants are the nodes after it and before this.
    let ends: [Int32]
    /// The node of each region.
    let regionNodes: [Int32]
    /// The node of each state, by region, then state.
    let stateNodes: [[Int32]]
    /// The regions declared within each state, by region, then state, in table order.
    let nestedRegions: [[[Int]]]

    var count: Int { parents.count }

    /// Builds the tree of `regions`, checking that each nested region lies within a leaf of an
    /// earlier region that is not final, and that the table lists the regions in document order.
    init(regions: [RegionDescription]) throws(TableError) {
        var nested = regions.map { Array(repeating: [Int](), count: $0.states.count) }
        for (index, region) in regions.enumerated() {
            guard let parent = region.parent else { continue }
            guard parent.region < index, parent.region >= 0, regions[parent.region].name == region.parentName else {
                throw .invalidNesting(
                    region: region.name,
                    problem: "the region it is within, '\(region.parentName ?? "?")', is not listed before it")
            }
            let holder = regions[parent.region]
            guard holder.states.indices.contains(parent.state) else {
                throw .invalidNesting(region: region.name, problem: "'\(holder.name)' has no state #\(parent.state)")
            }
            let name = "\(holder.name).\(holder.states[parent.state])"
            guard !holder.isCompound(parent.state) else {
                throw .invalidNesting(
                    region: region.name, problem: "'\(name)' has child states; regions nest only in a leaf")
            }
            guard !holder.finalStates.contains(parent.state) else {
                throw .invalidNesting(
                    region: region.name, problem: "'\(name)' is final; regions nest only in a state that is not")
            }
            nested[parent.region][parent.state].append(index)
        }

        var regionOf: [Int32] = [-1]
        var stateOf: [Int32] = [-1]
        var parents: [Int32] = [-1]
        var ends: [Int32] = [0]
        var regionNodes = [Int32](repeating: -1, count: regions.count)
        var stateNodes = regions.map { [Int32](repeating: -1, count: $0.states.count) }

        func add(region: Int, state: Int, parent: Int) -> Int {
            regionOf.append(Int32(region))
            stateOf.append(Int32(state))
            parents.append(Int32(parent))
            ends.append(0)
            return regionOf.count - 1
        }
        func addState(_ state: Int, of region: Int, under parent: Int) {
            let node = add(region: region, state: state, parent: parent)
            stateNodes[region][state] = Int32(node)
            for child in regions[region].children[state] { addState(child, of: region, under: node) }
            for inner in nested[region][state] { addRegion(inner, under: node) }
            ends[node] = Int32(regionOf.count)
        }
        func addRegion(_ region: Int, under parent: Int) {
            let node = add(region: region, state: -1, parent: parent)
            regionNodes[region] = Int32(node)
            let description = regions[region]
            for state in description.states.indices where description.parents[state] == nil {
                addState(state, of: region, under: node)
            }
            ends[node] = Int32(regionOf.count)
        }
        for (index, region) in regions.enumerated() where region.parent == nil { addRegion(index, under: Self.root) }
        ends[Self.root] = Int32(regionOf.count)

        // The table's order must be the document's: each region after the ones before it in the tree.
        for index in regions.indices.dropFirst() where regionNodes[index] < regionNodes[index - 1] {
            throw .invalidNesting(
                region: regions[index].name,
                problem:
                    "it is listed after '\(regions[index - 1].name)' but comes before it in the machine; list regions in document order, each nested region right after the regions before it in its parent"
            )
        }
        self.regionOf = regionOf
        self.stateOf = stateOf
        self.parents = parents
        self.ends = ends
        self.regionNodes = regionNodes
        self.stateNodes = stateNodes
        self.nestedRegions = nested
    }

    /// Whether `node` is `ancestor` or below it.
    @inline(__always)
    func isDescendant(_ node: Int, orSelfOf ancestor: Int) -> Bool {
        node >= ancestor && node < Int(ends[ancestor])
    }

    /// Whether `node` is strictly below `ancestor`.
    @inline(__always)
    func isDescendant(_ node: Int, of ancestor: Int) -> Bool {
        node > ancestor && node < Int(ends[ancestor])
    }

    /// Whether `node` is a region's own node.
    @inline(__always)
    func isRegion(_ node: Int) -> Bool { node != Self.root && stateOf[node] < 0 }

    /// The node of `state` in `region`.
    @inline(__always)
    func node(region: Int, state: Int) -> Int { Int(stateNodes[region][state]) }
}
