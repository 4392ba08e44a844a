import MachineCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A saved state as JSON, through `Codable` and the toolchain's `JSONEncoder` and `JSONDecoder`.
/// The context and the requests are written and read through their own conformances; the rest
/// (format, machine, control states, clock, timers, request records) is laid out by
/// ``SavedStateLayout``:
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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(SavedStateLayout(state: self)))
        } catch {
            throw .unencodable(SavedStateLayout<M>.describe(error))
        }
    }

    /// Reads a state of `table`'s machine from `json`. Checks, in order, that it is JSON with
    /// each key once in its object (a scan before decoding), that it is of `formatVersion` (or of
    /// version 1, which had no history), that it is of this machine
    /// (`TransitionTable.identity`), and that every field is there with its type and a value
    /// its type accepts. Whether the state is one a runtime can be in is checked by
    /// ``Runtime/init(restoring:table:invariants:provider:)``.
    ///
    /// - Throws: ``SavedStateError/corrupt(_:)`` (saying where), ``SavedStateError/otherFormat(found:expected:)``
    ///   or ``SavedStateError/otherMachine(found:expected:)``.
    public init(json: some Collection<UInt8>, table: TransitionTable<M>) throws(SavedStateError) {
        let bytes = Array(json)
        try JSONScan.check(bytes)
        do {
            self = try JSONDecoder().decode(SavedStateLayout<M>.self, from: Data(bytes), configuration: table.identity).state
        } catch let error as SavedStateError {
            throw error
        } catch {
            throw .corrupt(SavedStateLayout<M>.describe(error))
        }
    }
}

/// The layout of a saved state's JSON, field by field. Decoding it checks the format and the
/// machine (its configuration is the table's identity) before anything else, so that a file
/// of another version or machine is refused as such rather than as corrupt.
struct SavedStateLayout<M: MachineDefinition>: Encodable, DecodableWithConfiguration
where M.Context: Codable, M.Request: Codable {
    let state: SavedState<M>

    private enum Keys: String, CodingKey {
        case context, controls, format, history, lastTimerSerial, machine, now, requests, scheduled, timers
    }

    init(state: SavedState<M>) { self.state = state }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(state.context, forKey: .context)
        try container.encode(state.controls, forKey: .controls)
        try container.encode(state.format, forKey: .format)
        try container.encode(state.history, forKey: .history)
        try container.encode(state.lastTimerSerial, forKey: .lastTimerSerial)
        try container.encode(state.machine, forKey: .machine)
        try container.encode(Time(state.now), forKey: .now)
        try container.encode(state.requests.map(Request.init), forKey: .requests)
        try container.encode(state.scheduled.map(Scheduled.init), forKey: .scheduled)
        try container.encode(state.timers.map(Timer.init), forKey: .timers)
    }

    init(from decoder: any Decoder, configuration identity: String) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let format: Int = try container.field(.format)
        guard (1...SavedState<M>.formatVersion).contains(format) else {
            throw SavedStateError.otherFormat(found: format, expected: SavedState<M>.formatVersion)
        }
        let machine: String = try container.field(.machine)
        guard machine == identity else { throw SavedStateError.otherMachine(found: machine, expected: identity) }
        // A version 1 file (no history) is read as the current version holds it, so that a
        // runtime restored from it saves the same state.
        state = SavedState(
            format: SavedState<M>.formatVersion, machine: machine, controls: try container.field(.controls),
            history: format >= 2 ? try container.field(.history) : [:], context: try container.field(.context),
            now: try container.field(.now, as: Time.self).duration,
            timers: try container.field(.timers, as: [Timer].self).map(\.entry),
            lastTimerSerial: try container.field(.lastTimerSerial),
            requests: try container.field(.requests, as: [Request].self).map(\.entry),
            scheduled: format >= 3 ? try container.field(.scheduled, as: [Scheduled].self).map(\.entry) : [])
    }

    /// A time: `{"seconds": S, "attoseconds": A}`.
    private struct Time: Codable {
        let duration: Duration

        private enum Keys: String, CodingKey { case seconds, attoseconds }

        init(_ duration: Duration) { self.duration = duration }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(duration.components.seconds, forKey: .seconds)
            try container.encode(duration.components.attoseconds, forKey: .attoseconds)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            duration = Duration(
                secondsComponent: try container.field(.seconds), attosecondsComponent: try container.field(.attoseconds))
        }
    }

    /// A running timer; its deadline is written, as `null` for one that never fires.
    private struct Timer: Codable {
        let entry: SavedState<M>.TimerEntry

        private enum Keys: String, CodingKey { case deadline, name, serial }

        init(_ entry: SavedState<M>.TimerEntry) { self.entry = entry }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(entry.deadline.map(Time.init), forKey: .deadline)
            try container.encode(entry.name, forKey: .name)
            try container.encode(entry.serial, forKey: .serial)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            entry = SavedState<M>.TimerEntry(
                name: try container.field(.name), deadline: try container.field(.deadline, as: Time?.self)?.duration,
                serial: try container.field(.serial))
        }
    }

    /// A delayed send (`event`, and `id` when set) or a delay (`delay`, its row's id), with its
    /// deadline (`null` for one that never falls due) and serial. A sent event is written and
    /// read through the machine's events' own `Codable` conformance, which a machine that sends
    /// itself events with a delay needs for its saved states.
    private struct Scheduled: Codable {
        let entry: SavedState<M>.ScheduledEntry

        private enum Keys: String, CodingKey { case deadline, delay, event, id, serial }

        init(_ entry: SavedState<M>.ScheduledEntry) { self.entry = entry }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(entry.deadline.map(Time.init), forKey: .deadline)
            try container.encodeIfPresent(entry.delay, forKey: .delay)
            if let event = entry.event {
                guard let encodable = event as? any Encodable else {
                    throw EncodingError.invalidValue(
                        event,
                        EncodingError.Context(
                            codingPath: container.codingPath + [Keys.event],
                            debugDescription: "the event of a pending send is not Encodable (\(M.Event.self))"))
                }
                try container.encode(encodable, forKey: .event)
            }
            try container.encodeIfPresent(entry.id, forKey: .id)
            try container.encode(entry.serial, forKey: .serial)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let delay: String? = try container.optionalField(.delay)
            var event: M.Event?
            if container.contains(.event) {
                guard let type = M.Event.self as? any Decodable.Type else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .event, in: container, debugDescription: "\(M.Event.self) is not Decodable")
                }
                event = try container.field(.event, as: type) as? M.Event
            }
            guard (delay == nil) != (event == nil) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .delay, in: container, debugDescription: "a scheduled entry has either a delay or an event")
            }
            entry = SavedState<M>.ScheduledEntry(
                delay: delay, event: event, id: try container.optionalField(.id),
                deadline: try container.field(.deadline, as: Time?.self)?.duration, serial: try container.field(.serial))
        }
    }

    /// A request the runtime made; `cancelledAt` and `supersededBy` only when set.
    private struct Request: Codable {
        let entry: SavedState<M>.RequestEntry

        private enum Keys: String, CodingKey { case cancelledAt, id, kind, madeAt, ordinal, request, status, supersededBy }

        init(_ entry: SavedState<M>.RequestEntry) { self.entry = entry }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(entry.cancelledAt.map(Time.init), forKey: .cancelledAt)
            try container.encode(entry.id, forKey: .id)
            try container.encode(entry.kind, forKey: .kind)
            try container.encode(Time(entry.madeAt), forKey: .madeAt)
            try container.encode(entry.ordinal, forKey: .ordinal)
            try container.encode(entry.request, forKey: .request)
            try container.encode(entry.status.rawValue, forKey: .status)
            try container.encodeIfPresent(entry.supersededBy, forKey: .supersededBy)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let status: String = try container.field(.status)
            guard let known = SavedState<M>.RequestStatus(rawValue: status) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .status, in: container, debugDescription: "'\(status)' is not pending, answered, cancelled or dropped"
                )
            }
            entry = SavedState<M>.RequestEntry(
                id: try container.field(.id), kind: try container.field(.kind), ordinal: try container.field(.ordinal),
                request: try container.field(.request), madeAt: try container.field(.madeAt, as: Time.self).duration,
                status: known, cancelledAt: try container.optionalField(.cancelledAt, as: Time.self)?.duration,
                supersededBy: try container.optionalField(.supersededBy))
        }
    }

    /// What a decoding or encoding error says, with the path of the field (`at region.center: …`),
    /// in JSON's words rather than Swift's (`expected an object, found an array`).
    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "\(place(context.codingPath + [key])): missing"
        case DecodingError.typeMismatch(let type, let context):
            "\(place(context.codingPath)): expected \(jsonKind(type))\(found(in: context.debugDescription))"
        case DecodingError.dataCorrupted(let context), DecodingError.valueNotFound(_, let context):
            "\(place(context.codingPath)): \(plain(context.debugDescription))"
        case EncodingError.invalidValue(_, let context):
            "\(place(context.codingPath)): \(context.debugDescription)"
        default:
            "\(error)"
        }
    }

    /// What JSON calls a value of `type`.
    static func jsonKind(_ type: Any.Type) -> String {
        switch type {
        case is [String: Any].Type: "an object"
        case is [Any].Type: "an array"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt64.Type, is UInt32.Type, is Double.Type: "a number"
        default: "\(type)"
        }
    }

    /// `, found a string` from Foundation's "Expected to decode Int but found a string instead.".
    static func found(in description: String) -> String {
        guard let match = description.firstMatch(of: #/but found (.+?)( instead\.)?$/#) else { return "" }
        return ", found \(match.1)"
    }

    /// Foundation's descriptions of a number out of range and of an unknown enumeration value,
    /// said plainly; any other as it is.
    static func plain(_ description: String) -> String {
        if let match = description.firstMatch(of: #/numberIsNotRepresentableInSwift\(parsed: "([^"]*)"\)/#) {
            return "the number \(match.1) is out of range"
        }
        if let match = description.firstMatch(of: #/Cannot initialize (\w+) from invalid \w+ value (.+)/#) {
            return "\(match.2) is none of \(match.1)'s values"
        }
        return description
    }

    /// Where `keys` lead: `at requests[2].madeAt`, or `at the top level`.
    static func place(_ keys: [any CodingKey]) -> String {
        let path = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return path.isEmpty ? "at the top level" : "at " + (path.hasPrefix(".") ? String(path.dropFirst()) : path)
    }
}

extension KeyedDecodingContainer {
    /// The value of `key`. `JSONDecoder` reports a number that does not fit its type (1.5 for
    /// an `Int`) as text that is not JSON, without saying where: any error that is not a
    /// `DecodingError` (or a ``SavedStateError``) is reported here, at the innermost field the
    /// layout decodes (a value of the machine's own types, such as its context, as a whole).
    fileprivate func field<T: Decodable>(_ key: Key, as type: T.Type = T.self) throws -> T {
        do {
            return try decode(type, forKey: key)
        } catch let error as DecodingError {
            throw error
        } catch let error as SavedStateError {
            throw error
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\(error)")
        }
    }

    /// The value of `key`, or `nil` when the key is absent.
    fileprivate func optionalField<T: Decodable>(_ key: Key, as type: T.Type = T.self) throws -> T? {
        contains(key) ? try field(key, as: type) : nil
    }
}
