/// A JSON value to be written: what a save builds from a state's Swift values.
///
/// A machine's context and requests are written and read through `Codable`, but not through
/// Foundation's `JSONEncoder` and `JSONDecoder`, which take several times the 50 µs a save or a
/// restore of a running picker may take: ``NodeEncoder`` builds the nodes with less work per
/// value (no strategies; coding paths built only for an error message) and ``JSONWriter`` turns
/// them into bytes. Reading goes through a flat ``JSONTape`` rather than a tree of nodes
/// (``JSONParser``, ``NodeDecoder``).
enum JSONNode {
    case null
    case bool(Bool)
    /// A number written without a fraction or exponent that fits in 64 signed bits.
    case integer(Int64)
    /// A number written without a fraction or exponent, above `Int64.max`.
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case array(JSONArray)
    case object(JSONObject)
}

/// The items of a JSON array, shared by the container that fills it.
final class JSONArray {
    var items: [JSONNode] = []
}

/// The members of a JSON object, shared by the container that fills it, given out sorted by
/// key (so that one value always gives the same bytes), each key once with its last value (as
/// `JSONEncoder` does).
final class JSONObject {
    /// The members as set; sorted and each key once while ``inOrder``.
    private var stored: [JSONMember] = []
    /// Whether every key set so far came after the one before: a type's keys often do, and then
    /// nothing is sorted.
    private var inOrder = true

    /// Room for this many members at the first one, so that a typical object never grows.
    private static let initialCapacity = 8

    init() {}

    /// An object of `members` (whatever their order; of a key given twice, the last value).
    init(_ members: [JSONMember]) {
        for member in members { set(member) }
    }

    /// Adds `member`; a key set again keeps its last value.
    func set(_ member: JSONMember) { Self.append(member, to: &stored, inOrder: &inOrder) }

    // `stored` is reached once, in place: each access to a class's property is checked for
    // exclusivity at run time.
    private static func append(_ member: JSONMember, to stored: inout [JSONMember], inOrder: inout Bool) {
        if stored.isEmpty { stored.reserveCapacity(initialCapacity) }
        if inOrder, let last = stored.last, !(last.key < member.key) { inOrder = false }
        stored.append(member)
    }

    /// The members sorted by key, each key once with its last value: sorted once (stably, so
    /// that the last of equal keys is the last set) when they were not set in order.
    var members: [JSONMember] {
        if !inOrder {
            stored = Self.sortedLastWins(stored)
            inOrder = true
        }
        return stored
    }

    private static func sortedLastWins(_ members: [JSONMember]) -> [JSONMember] {
        let order = members.indices.sorted { a, b in
            members[a].key < members[b].key || (!(members[b].key < members[a].key) && a < b)
        }
        var result: [JSONMember] = []
        result.reserveCapacity(members.count)
        for position in order.indices {
            let next = position + 1
            if next < order.count, members[order[next]].key == members[order[position]].key { continue }
            result.append(members[order[position]])
        }
        return result
    }
}

/// One member of a JSON object. (A struct rather than a tuple: an array of tuples looks its
/// type up at run time on every allocation.)
struct JSONMember {
    let key: String
    let value: JSONNode

    init(_ key: String, _ value: JSONNode) {
        self.key = key
        self.value = value
    }
}

/// Where a value is in the document, as a chain to the root: its coding path is built only
/// when asked for. ``NodeEncoder`` is one, so that encoding a nested value makes one object
/// for both its encoder and its place.
class JSONPath {
    let parent: JSONPath?
    let key: (any CodingKey)?

    init(parent: JSONPath?, key: (any CodingKey)?) {
        self.parent = parent
        self.key = key
    }

    /// The document itself.
    static var root: JSONPath { JSONPath(parent: nil, key: nil) }

    /// The path from the root.
    final var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: JSONPath? = self
        while let current = node {
            if let key = current.key { keys.append(key) }
            node = current.parent
        }
        return keys.reversed()
    }

    /// The path one step further: into `key`.
    final func appending(_ key: any CodingKey) -> JSONPath { JSONPath(parent: self, key: key) }
}

/// A key of an array position (`[3]`) or of a name no `CodingKeys` declares (`super`).
struct JSONKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
