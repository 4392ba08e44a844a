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

/// The members of a JSON object, sorted by key (so that one value always gives the same bytes),
/// shared by the container that fills it.
final class JSONObject {
    /// The members, sorted by key, each key once.
    private(set) var members: [JSONMember] = []

    init() {}

    /// An object of `members` (whatever their order; of a key given twice, the last value).
    init(_ members: [JSONMember]) {
        self.members.reserveCapacity(members.count)
        for member in members { set(member) }
    }

    /// Adds `member` in its key's place; a key set again keeps its last value, as with
    /// `JSONEncoder`. Most objects are small, and a type's keys are often encoded in order, so
    /// the place is looked for from the end.
    func set(_ member: JSONMember) { Self.set(member, in: &members) }

    /// Room for this many members at the first one, so that a typical object never grows.
    private static let initialCapacity = 8

    // The members are reached once, in place: each access to a class's property is checked
    // for exclusivity at run time.
    private static func set(_ member: JSONMember, in members: inout [JSONMember]) {
        if members.capacity == 0 { members.reserveCapacity(initialCapacity) }
        var index = members.count
        while index > 0, member.key < members[index - 1].key { index -= 1 }
        if index > 0, members[index - 1].key == member.key {
            members[index - 1] = member
        } else if index == members.count {
            members.append(member)
        } else {
            members.insert(member, at: index)
        }
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
/// when an error needs it.
final class JSONPath {
    let parent: JSONPath?
    let key: (any CodingKey)?

    init(parent: JSONPath?, key: (any CodingKey)?) {
        self.parent = parent
        self.key = key
    }

    /// The document itself.
    static var root: JSONPath { JSONPath(parent: nil, key: nil) }

    /// The path from the root.
    var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: JSONPath? = self
        while let current = node {
            if let key = current.key { keys.append(key) }
            node = current.parent
        }
        return keys.reversed()
    }

    /// The path one step further: into `key`.
    func appending(_ key: any CodingKey) -> JSONPath { JSONPath(parent: self, key: key) }
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
