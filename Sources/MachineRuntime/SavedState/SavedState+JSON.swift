import MachineCore

/// A saved state as JSON. The context and the requests are written and read through their
/// `Codable` conformances; the rest (format, machine, control states, clock, timers, request
/// records) is laid out here, field by field, which keeps a save and a restore of a running
/// machine well under 50 µs (see ``JSONNode``).
///
/// ```json
/// {"context":{…},"controls":{"search":"typing",…},"format":2,"history":{"search.active":"typing"},"lastTimerSerial":6,
///  "machine":"10d33199a32732a1","now":{"attoseconds":700000000000000000,"seconds":1},
///  "requests":[{"id":1,"kind":"completions","madeAt":{…},"ordinal":1,"request":{…},"status":"answered"},…],
///  "timers":[{"deadline":{…},"name":"searchDebounce","serial":5}]}
/// ```
///
/// A time is `{"seconds": S, "attoseconds": A}`, exact whatever the duration; a timer that
/// never fires has a `null` deadline; `cancelledAt` and `supersededBy` appear only when set.
extension SavedState where M.Context: Codable, M.Request: Codable {
    /// The state as compact JSON, its keys sorted, so that one state always gives the same bytes.
    ///
    /// - Throws: ``SavedStateError/unencodable(_:)`` when the context holds something JSON
    ///   cannot carry (an infinite or NaN number).
    public func json() throws(SavedStateError) -> [UInt8] {
        let path = JSONPath.root
        do {
            let timers = JSONArray()
            timers.items = self.timers.map { timer in
                .object(
                    JSONObject([
                        JSONMember("deadline", timer.deadline.map(Self.node(of:)) ?? .null),
                        JSONMember("name", .string(timer.name)),
                        JSONMember("serial", .integer(Int64(timer.serial))),
                    ]))
            }
            let requests = JSONArray()
            requests.items.reserveCapacity(self.requests.count)
            let requestsPath = path.appending(JSONKey(stringValue: "requests"))
            for index in self.requests.indices {
                let entry = self.requests[index]
                var members = [
                    JSONMember("id", .integer(Int64(entry.id))), JSONMember("kind", .string(entry.kind)),
                    JSONMember("madeAt", Self.node(of: entry.madeAt)), JSONMember("ordinal", .integer(Int64(entry.ordinal))),
                    JSONMember(
                        "request",
                        try NodeEncoder.node(
                            of: entry.request, in: requestsPath.appending(JSONKey(intValue: index)),
                            key: JSONKey(stringValue: "request"))),
                    JSONMember("status", .string(entry.status.rawValue)),
                ]
                if let cancelledAt = entry.cancelledAt { members.append(JSONMember("cancelledAt", Self.node(of: cancelledAt))) }
                if let successor = entry.supersededBy { members.append(JSONMember("supersededBy", .integer(Int64(successor)))) }
                requests.items.append(.object(JSONObject(members)))
            }
            let root = JSONObject([
                JSONMember("context", try NodeEncoder.node(of: context, in: path, key: JSONKey(stringValue: "context"))),
                JSONMember("controls", .object(JSONObject(controls.map { JSONMember($0.key, .string($0.value)) }))),
                JSONMember("format", .integer(Int64(format))),
                JSONMember("history", .object(JSONObject(history.map { JSONMember($0.key, .string($0.value)) }))),
                JSONMember("lastTimerSerial", .integer(Int64(lastTimerSerial))), JSONMember("machine", .string(machine)),
                JSONMember("now", Self.node(of: now)), JSONMember("requests", .array(requests)),
                JSONMember("timers", .array(timers)),
            ])
            return try JSONWriter.bytes(of: .object(root))
        } catch {
            throw .unencodable(SavedStateFields.describe(error))
        }
    }

    /// Reads a state of `table`'s machine from `json`. Checks, in order, that it is JSON, that it
    /// is of ``formatVersion`` (or of version 1, which had no history), that it is of this machine
    /// (`TransitionTable.identity`), and
    /// that every field is there with its type. Whether the state is one a runtime can be in is
    /// checked by ``Runtime/init(restoring:table:invariants:answerer:)``.
    ///
    /// - Throws: ``SavedStateError/corrupt(_:)`` (saying where), ``SavedStateError/otherFormat(found:expected:)``
    ///   or ``SavedStateError/otherMachine(found:expected:)``.
    public init(json: some Collection<UInt8>, table: TransitionTable<M>) throws(SavedStateError) {
        let tape: JSONTape
        do {
            tape = try JSONParser.tape(of: Array(json))
        } catch {
            throw .corrupt(SavedStateFields.describe(error))
        }
        let root = try SavedStateFields(tape, 0)
        let format = try root.integer("format")
        guard format == Self.formatVersion || format == 1 else { throw .otherFormat(found: format, expected: Self.formatVersion) }
        let machine = try root.string("machine")
        guard machine == table.identity else { throw .otherMachine(found: machine, expected: table.identity) }

        let controls = try root.object("controls").stringMembers()
        let history = format >= 2 ? try root.object("history").stringMembers() : [:]
        var timers: [TimerEntry] = []
        for timer in try root.array("timers") {
            timers.append(
                TimerEntry(
                    name: try timer.string("name"), deadline: try timer.optionalTime("deadline"),
                    serial: try timer.integer("serial")))
        }
        var requests: [RequestEntry] = []
        for request in try root.array("requests") {
            let status = try request.string("status")
            guard let known = RequestStatus(rawValue: status) else {
                throw .corrupt(
                    "\(SavedStateFields.describe(request.place("status"))): '\(status)' is not pending, answered, cancelled or dropped"
                )
            }
            requests.append(
                RequestEntry(
                    id: try request.integer("id"), kind: try request.string("kind"), ordinal: try request.integer("ordinal"),
                    request: try request.decoded(M.Request.self, "request"), madeAt: try request.time("madeAt"), status: known,
                    cancelledAt: request.has("cancelledAt") ? try request.time("cancelledAt") : nil,
                    supersededBy: request.has("supersededBy") ? try request.integer("supersededBy") : nil))
        }
        // A version 1 file (no history) is read as the current version holds it, so that a
        // runtime restored from it saves the same state.
        self.init(
            format: Self.formatVersion, machine: machine, controls: controls, history: history,
            context: try root.decoded(M.Context.self, "context"),
            now: try root.time("now"), timers: timers, lastTimerSerial: try root.integer("lastTimerSerial"), requests: requests)
    }

    private static func node(of time: Duration) -> JSONNode {
        .object(
            JSONObject([
                JSONMember("attoseconds", .integer(time.components.attoseconds)),
                JSONMember("seconds", .integer(time.components.seconds)),
            ]))
    }
}

/// One JSON object of a saved state, read field by field; every failure says where.
struct SavedStateFields {
    let tape: JSONTape
    /// The object's entry in the tape.
    let index: Int

    init(_ tape: JSONTape, _ index: Int) throws(SavedStateError) {
        self.tape = tape
        self.index = index
        guard tape.entries[index].kind == .object else {
            throw .corrupt("\(Self.describe(tape.codingPath(to: index))): expected an object")
        }
    }

    /// Where the member `key` is (written out only for an error).
    func place(_ key: String) -> [any CodingKey] { tape.codingPath(to: index) + [JSONKey(stringValue: key)] }

    private func failure(_ key: String, _ problem: String) -> SavedStateError {
        .corrupt("\(Self.describe(place(key))): \(problem)")
    }

    /// The object's members, each a string, each key once (of a key written twice, the
    /// first, as a lookup reads it), read in one pass.
    func stringMembers() throws(SavedStateError) -> [String: String] {
        var members: [String: String] = [:]
        for key in tape.keys(of: index) {
            let name = tape.string(at: key)
            guard members[name] == nil else { continue }
            guard tape.entries[key + 1].kind == .string else { throw failure(name, "expected a string") }
            members[name] = tape.string(at: key + 1)
        }
        return members
    }

    func has(_ key: String) -> Bool { tape.member(key, of: index) != nil }

    private func member(_ key: String) throws(SavedStateError) -> Int {
        guard let value = tape.member(key, of: index) else { throw failure(key, "missing") }
        return value
    }

    func integer(_ key: String) throws(SavedStateError) -> Int {
        let entry = tape.entries[try member(key)]
        guard entry.kind == .integer, let integer = Int(exactly: entry.first) else {
            throw failure(key, "expected a whole number")
        }
        return integer
    }

    func string(_ key: String) throws(SavedStateError) -> String {
        let value = try member(key)
        guard tape.entries[value].kind == .string else { throw failure(key, "expected a string") }
        return tape.string(at: value)
    }

    func object(_ key: String) throws(SavedStateError) -> SavedStateFields { try SavedStateFields(tape, try member(key)) }

    func array(_ key: String) throws(SavedStateError) -> [SavedStateFields] {
        let value = try member(key)
        guard tape.entries[value].kind == .array else { throw failure(key, "expected an array") }
        var items: [SavedStateFields] = []
        for item in tape.items(of: value) { items.append(try SavedStateFields(tape, item)) }
        return items
    }

    /// A time: `{"seconds": S, "attoseconds": A}`.
    func time(_ key: String) throws(SavedStateError) -> Duration {
        let time = try object(key)
        return Duration(
            secondsComponent: Int64(try time.integer("seconds")), attosecondsComponent: Int64(try time.integer("attoseconds")))
    }

    /// A time, or `null`.
    func optionalTime(_ key: String) throws(SavedStateError) -> Duration? {
        if tape.entries[try member(key)].kind == .null { return nil }
        return try time(key)
    }

    /// A value read through its `Decodable` conformance.
    func decoded<T: Decodable>(_ type: T.Type, _ key: String) throws(SavedStateError) -> T {
        let value = try member(key)
        do {
            return try NodeDecoder.value(type, tape, value)
        } catch {
            throw .corrupt(Self.describe(error))
        }
    }

    /// Where `keys` lead: `at requests[2].madeAt`, or `at the top level`.
    static func describe(_ keys: [any CodingKey]) -> String {
        let path = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return path.isEmpty ? "at the top level" : "at " + (path.hasPrefix(".") ? String(path.dropFirst()) : path)
    }

    /// What a decoding or encoding error says, with the path of the field (`at region.center: …`).
    static func describe(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String { describe(keys) }
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? context.debugDescription : "\(path(context.codingPath)): \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case DecodingError.typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(type), \(context.debugDescription)"
        case DecodingError.valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(type), found null"
        case EncodingError.invalidValue(_, let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
