import Foundation
import MachineCore
import Testing

@testable import MachineRuntime

/// Saving a running machine as JSON and restoring it: the restored runtime goes on exactly as the
/// original, and a file of another version, another machine, or a broken one is refused with an
/// error that says which, never half-restored.
@Suite struct SavedStateTests {
    /// Timers tied on one deadline, requests pending, answered, cancelled, superseded and dropped.
    static func busy() throws -> Runtime<Relay> {
        var runtime = Relay.runtime()
        _ = try runtime.send(.arm(.b, .milliseconds(100)))
        _ = try runtime.send(.arm(.a, .milliseconds(100)))
        _ = try runtime.send(.ask("one"))
        _ = try runtime.send(.ask("two"))
        _ = try runtime.respond(.lookup, 1, with: .answer("late"))
        _ = try runtime.advance(by: .milliseconds(20))
        _ = try runtime.send(.ping)
        _ = try runtime.respond(.lookup, with: .answer("two!"))
        _ = try runtime.send(.ask("three"))
        _ = try runtime.send(.ping)
        return runtime
    }

    /// What a step did, comparable: its time, input, commands and states.
    static func trace(_ steps: [RuntimeStep<Relay>]) -> [String] {
        steps.map { "\($0.time) \($0.cause) \($0.commands) \($0.before) \($0.after)" }
    }

    static func text(_ runtime: Runtime<Relay>) throws -> String {
        String(decoding: try runtime.savedState.json(), as: UTF8.self)
    }

    static func restore(_ text: String, table: TransitionTable<Relay> = Relay.table) throws(SavedStateError) -> Runtime<Relay> {
        try Runtime(restoring: SavedState(json: Array(text.utf8), table: table), table: table)
    }

    /// Both runtimes take `inputs`; every step and the end must be the same.
    static func expectSameFuture(_ original: Runtime<Relay>, _ restored: Runtime<Relay>, _ inputs: [Input<Relay>]) {
        var original = original
        var restored = restored
        for input in inputs {
            let expected = Result { try original.apply(input) }
            let actual = Result { try restored.apply(input) }
            switch (expected, actual) {
            case (.success(let a), .success(let b)): #expect(trace(a) == trace(b), "\(input)")
            case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)", "\(input)")
            default: Issue.record("\(input): \(expected) vs \(actual)")
            }
        }
        #expect(original.state == restored.state)
        #expect(original.now == restored.now)
        #expect(original.timers == restored.timers)
        #expect(original.requests.map(\.id) == restored.requests.map(\.id))
        #expect(original.savedState == restored.savedState)
    }

    @Test func aRestoredRuntimeGoesOnExactlyAsTheOriginal() throws {
        let original = try Self.busy()
        let restored = try Self.restore(try Self.text(original))
        #expect(restored.state == original.state)
        #expect(restored.timers == original.timers)
        #expect(restored.pendingRequests.map(\.reference) == [RequestReference(.lookup, 3), RequestReference(.ping, 2)])
        #expect(restored.request(.lookup, 1)?.isAnswered == true)
        #expect(restored.request(.lookup, 1)?.cancellation?.supersededBy == 2)
        #expect(restored.request(.ping, 1)?.cancellation?.supersededBy == 2)
        #expect(restored.request(.ping, 1)?.isAnswered == false)
        Self.expectSameFuture(
            original, restored,
            [
                .advance(.milliseconds(80)),  // b then a: the tie keeps its order
                .respond(.ping, ordinal: 1, .pong(1)),  // superseded: dropped
                .respond(.ping, ordinal: nil, .pong(2)),
                .respond(.lookup, ordinal: nil, .answer("three!")),
                .respond(.lookup, ordinal: 3, .answer("again")),  // refused: already answered
                .send(.ask("four")),
                .send(.arm(.a, .milliseconds(5))),
                .send(.hangUp),  // final: cancels everything
                .advance(.seconds(1)),
            ])
    }

    @Test func tiedTimersFireInTheirStartOrderAfterARestore() throws {
        var restored = try Self.restore(try Self.text(try Self.busy()))
        let steps = try restored.advance(by: .milliseconds(80))
        #expect(
            steps.map { "\($0.cause)" } == [
                "timer(MachineRuntimeTests.Relay.Timer.b)", "timer(MachineRuntimeTests.Relay.Timer.a)",
            ])
    }

    @Test func aTimerThatNeverFiresStaysThatWay() throws {
        var original = Relay.runtime()
        _ = try original.send(.arm(.a, .seconds(5_000_000_000)))
        let text = try Self.text(original)
        #expect(text.contains(#"{"deadline":null,"name":"a","serial":1}"#))
        let restored = try Self.restore(text)
        #expect(restored.timers.first?.canFire == false)
        Self.expectSameFuture(original, restored, [.advance(.seconds(4_000_000_000)), .send(.arm(.b, .zero)), .advance(.zero)])
    }

    @Test func theJSONIsReadableAndItsKeysSorted() throws {
        let text = try Self.text(try Self.busy())
        let keys = [
            "\"context\"", "\"controls\"", "\"format\"", "\"history\"", "\"lastTimerSerial\"", "\"machine\"", "\"now\"",
            "\"requests\"", "\"timers\"",
        ]
        let positions = keys.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted())
        #expect(text.contains(#""controls":{"lamp":"on","line":"waiting"}"#))
        #expect(text.contains(#""kind":"lookup","madeAt":{"attoseconds":0,"seconds":0},"ordinal":1,"#))
        #expect(text.contains(#""status":"dropped","supersededBy":2"#))
        #expect(text.contains(#""format":3,"history":{},"#))
        #expect(text.contains(#""machine":"\#(Relay.table.identity)""#))
    }

    @Test func twoRuntimesInTheSameStateSaveTheSameBytes() throws {
        #expect(try Self.busy().savedState.json() == (try Self.busy().savedState.json()))
        var other = try Self.busy()
        _ = try other.advance(by: .zero)
        #expect(
            try other.savedState.json() == (try Self.busy().savedState.json()),
            "an advance by zero that fires nothing changes nothing")
    }

    @Test func theIdentityFollowsTheTablesShapeNotItsBuild() {
        let again = TransitionTable(regions: [Relay.line, Relay.lamp], rows: Relay.rows())
        let renamed = TransitionTable(regions: [Relay.line, Relay.lamp], rows: Relay.rows(renaming: "question"))
        #expect(again.identity == Relay.table.identity)
        #expect(renamed.identity != Relay.table.identity)
        #expect(Relay.table.identity.count == 16 && Relay.table.identity.allSatisfy(\.isHexDigit))
    }

    @Test func aProviderAnswersTheRequestsStillPendingAfterTheNextStep() throws {
        let saved = try Self.busy().savedState
        var restored = try Runtime(
            restoring: saved, table: Relay.table,
            provider: { request in
                switch request {
                case .lookup(let question): .answer("auto \(question)")
                case .ping(let count): .pong(count)
                }
            })
        let steps = try restored.send(.arm(.b, .seconds(1)))
        #expect(steps.count == 3)
        #expect(restored.pendingRequests.isEmpty)
        #expect(
            restored.state.context.log.suffix(2) == ["auto three", "pong 4"],
            "oldest first: lookup#3, then ping#2, asked with four lines logged")
    }

    // MARK: refusals

    @Test func anotherFormatVersionIsRefused() throws {
        let text = try Self.text(try Self.busy()).replacingOccurrences(of: #""format":3,"#, with: #""format":4,"#)
        #expect(throws: SavedStateError.otherFormat(found: 4, expected: 3)) { try Self.restore(text) }
        #expect(SavedStateError.otherFormat(found: 4, expected: 3).description.contains("format version 4"))
    }

    @Test func aFileOfVersionOneWhichHadNoHistoryIsStillRead() throws {
        let original = try Self.busy()
        let text = try Self.text(original)
        #expect(text.contains(#""history":{}"#))
        let old = text.replacingOccurrences(of: #""format":3,"#, with: #""format":1,"#)
            .replacingOccurrences(of: #""history":{},"#, with: "").replacingOccurrences(of: #""scheduled":[],"#, with: "")
        #expect(old != text)
        Self.expectSameFuture(original, try Self.restore(old), [.send(.ping)])
    }

    @Test func aFileOfVersionTwoWhichHadNothingScheduledIsStillRead() throws {
        let original = try Self.busy()
        let text = try Self.text(original)
        let old = text.replacingOccurrences(of: #""format":3,"#, with: #""format":2,"#)
            .replacingOccurrences(of: #""scheduled":[],"#, with: "")
        #expect(old != text && !old.contains("scheduled"))
        Self.expectSameFuture(original, try Self.restore(old), [.send(.ping)])
    }

    @Test func anotherMachinesStateIsRefused() throws {
        let other = TransitionTable(regions: [Relay.line, Relay.lamp], rows: Relay.rows(renaming: "question"))
        let expected = SavedStateError.otherMachine(found: Relay.table.identity, expected: other.identity)
        #expect(throws: expected) { try Self.restore(try Self.text(try Self.busy()), table: other) }
        #expect(throws: expected) { try Runtime(restoring: try Self.busy().savedState, table: other) }
    }

    /// A file cut anywhere says it ends inside a string, an object or an array, and where; an
    /// empty one is not JSON.
    @Test func everyTruncationIsRefusedAsCorrupt() throws {
        let bytes = try Self.busy().savedState.json()
        for cut in 0..<bytes.count {
            do {
                _ = try SavedState(json: bytes[..<cut], table: Relay.table)
                Issue.record("a file cut at \(cut) of \(bytes.count) bytes was read")
            } catch {
                guard case .corrupt(let problem) = error else { Issue.record("cut at \(cut): \(error)"); continue }
                if cut == 0 {
                    #expect(problem == "at the top level: The given data was not valid JSON.")
                } else {
                    #expect(problem.hasPrefix("not valid JSON: the text ends inside "), "\(problem)")
                    #expect(problem.hasSuffix("at line 1, column \(cut + 1)"), "\(problem)")
                }
            }
        }
    }

    @Test func randomByteFlipsNeverCrashNorHalfRestore() throws {
        let bytes = try Self.busy().savedState.json()
        var random = SplitMix64(seed: 2026)
        var refused = 0
        for _ in 0..<3_000 {
            var damaged = bytes
            for _ in 0...random.below(3) {
                damaged[random.below(damaged.count)] ^= UInt8(truncatingIfNeeded: 1 &+ random.below(255))
            }
            do {
                let restored = try Runtime(restoring: SavedState(json: damaged, table: Relay.table), table: Relay.table)
                // Whatever was read is a state the runtime can go on from.
                var runtime = restored
                _ = try? runtime.advance(by: .seconds(1))
                _ = try? runtime.send(.ping)
            } catch {
                refused += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(refused > 2_000)
    }

    @Test func notJSONSaysWhere() throws {
        #expect(throws: SavedStateError.corrupt("not valid JSON: unexpected character at line 2, column 3")) {
            try SavedState(json: Array("{\n  x".utf8), table: Relay.table)
        }
        let text = try Self.text(try Self.busy())
        #expect(throws: SavedStateError.corrupt("not valid JSON: unexpected character at line 1, column 1")) {
            try Self.restore("\u{FEFF}" + text)
        }
        #expect(throws: SavedStateError.corrupt("at the top level: The given data was not valid JSON.")) {
            try Self.restore(text.replacingOccurrences(of: #""format":3,"#, with: #""format":3 "#))
        }
        #expect(
            throws: SavedStateError.corrupt("at requests[0].madeAt.seconds: expected a number, found a string")
        ) {
            try Self.restore(
                text.replacingOccurrences(
                    of: #""madeAt":{"attoseconds":0,"seconds":0}"#, with: #""madeAt":{"attoseconds":0,"seconds":"0"}"#))
        }
        #expect(throws: SavedStateError.corrupt("at context.level: expected a number, found a string")) {
            try Self.restore(text.replacingOccurrences(of: #""level":1,"#, with: #""level":"high","#))
        }
        #expect(throws: SavedStateError.corrupt("at controls.x: expected a string, found number")) {
            try Self.restore(text.replacingOccurrences(of: #""controls":{"#, with: #""controls":{"x":1,"#))
        }
        // A value none of an enumeration's cases has, said plainly (the machine's own types
        // decode through Foundation, whose description names Swift's initializer).
        #expect(
            SavedStateLayout<Relay>.plain("Cannot initialize Failure from invalid Int value 99")
                == "99 is none of Failure's values")
        // In JSON's words, not Swift's: an object, a number out of range.
        #expect(throws: SavedStateError.corrupt("at the top level: expected an object, found an array")) {
            try Self.restore("[\(text)]")
        }
        #expect(
            throws: SavedStateError.corrupt("at requests[0].madeAt.seconds: the number 1000000000000000000000000 is out of range")
        ) {
            try Self.restore(
                text.replacingOccurrences(
                    of: #""madeAt":{"attoseconds":0,"seconds":0}"#,
                    with: #""madeAt":{"attoseconds":0,"seconds":1000000000000000000000000}"#))
        }
        #expect(throws: SavedStateError.corrupt("at timers[1].serial: missing")) {
            try Self.restore(text.replacingOccurrences(of: #""name":"a","serial":2"#, with: #""name":"a""#))
        }
        #expect(throws: SavedStateError.corrupt("at requests[0].status: 'lost' is not pending, answered, cancelled or dropped")) {
            try Self.restore(text.replacingOccurrences(of: #""status":"dropped""#, with: #""status":"lost""#))
        }
    }

    /// `JSONDecoder` reports a number that does not fit its type as text that is not JSON,
    /// without saying where: the refusal names the field of the saved state's own layout, or
    /// the context as a whole.
    @Test func aNumberThatDoesNotFitItsFieldSaysWhere() throws {
        let text = try Self.text(try Self.busy())
        for (from, to, place) in [
            (#""lastTimerSerial":2"#, #""lastTimerSerial":2.5"#, "at lastTimerSerial: "),
            (#""id":2,"#, #""id":1e30,"#, "at requests[1].id: "),
            (#""level":1,"#, #""level":1e999,"#, "at context: "),
        ] {
            #expect(text.contains(from))
            #expect {
                try Self.restore(text.replacingOccurrences(of: from, with: to))
            } throws: { error in
                guard case SavedStateError.corrupt(let problem) = error else { return false }
                return problem.hasPrefix(place)
            }
        }
    }

    /// A key written twice in one object is refused where the second is, however the two are
    /// spelled (escaped, or canonically equivalent: the Angstrom sign is "Å"), in a small object
    /// or a large one.
    @Test func aKeyWrittenTwiceIsRefusedWhereverItIs() throws {
        var runtime = Relay.runtime()
        _ = try runtime.send(.arm(.a, .seconds(1)))
        let text = try Self.text(runtime)
        for (from, to, key) in [
            (#""controls":{"#, #""controls":{"lamp":"off","#, "lamp"),
            (#""controls":{"#, #""controls":{"\u006camp":"off","#, "lamp"),
            (#""format":3,"#, #""format":3,"format":3,"#, "format"),
            (#""tally":{"#, #""tally":{"\u00C5":1,"\u212B":2,"#, "\u{212B}"),
            (#""name":"a","#, #""name":"a","name":"b","#, "name"),
            // Past the keys an object's are searched in order: through its set of keys.
            (#""tally":{"#, #""tally":{"# + (0..<20).map { "\"k\($0)\":0," }.joined() + #""k3":1,"#, "k3"),
        ] {
            #expect(text.contains(from), "\(from)")
            #expect {
                try SavedState(json: Array(text.replacingOccurrences(of: from, with: to).utf8), table: Relay.table)
            } throws: { error in
                guard case SavedStateError.corrupt(let problem) = error else { return false }
                return problem.hasPrefix("not valid JSON: the key \"\(key)\" is written twice in one object at line 1, column ")
            }
        }
    }

    /// Arrays and objects nested deeper than the bound are refused where the first too deep
    /// opens, even in a member no type reads.
    @Test func nestingDeeperThanTheBoundIsRefused() throws {
        let text = try Self.text(try Self.busy())
        func nested(_ depth: Int) -> String {
            let brackets = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            return text.replacingOccurrences(of: #""format":3,"#, with: #""deep":\#(brackets),"format":3,"#)
        }
        // The object holding the member counts: 255 arrays in it are 256 levels.
        _ = try Self.restore(nested(JSONScan.maximumDepth - 1))
        let tooDeep = nested(JSONScan.maximumDepth)
        let member = try #require(tooDeep.range(of: #""deep":"#))
        let column = tooDeep.utf8.distance(from: tooDeep.startIndex, to: member.upperBound) + JSONScan.maximumDepth
        #expect(throws: SavedStateError.corrupt("not valid JSON: nesting deeper than 256 at line 1, column \(column)")) {
            try Self.restore(tooDeep)
        }
    }

    /// Text in any script survives the round trip, and bytes that are not UTF-8 are refused.
    @Test func stringsBeyondASCIIRoundTripAndBrokenUTF8IsRefused() throws {
        var runtime = Relay.runtime()
        _ = try runtime.send(.ask("Zürich, 東京 🙂 \u{7}"))
        let bytes = try runtime.savedState.json()
        let restored = try Runtime(restoring: SavedState(json: bytes, table: Relay.table), table: Relay.table)
        #expect(restored.savedState == runtime.savedState)
        #expect(try restored.savedState.json() == bytes)

        let umlaut = Array("ü".utf8)
        let at = try #require(bytes.indices.first { Array(bytes[$0...].prefix(2)) == umlaut })
        var broken = bytes
        broken[at + 1] = UInt8(ascii: "(")
        do {
            _ = try SavedState(json: broken, table: Relay.table)
            Issue.record("a string that is not UTF-8 was read")
        } catch {
            guard case .corrupt(let problem) = error else { Issue.record("\(error)"); return }
            #expect(
                problem
                    == "not valid JSON: a byte that is not UTF-8 at line 1, column \(String(decoding: bytes[..<at], as: UTF8.self).unicodeScalars.count + 1)"
            )
        }
    }

    /// Numbers come back bit for bit (negative zero, the smallest subnormal, the largest finite
    /// number, random bit patterns), and a dictionary of 50,000 of them, under keys in several
    /// scripts, reads whole.
    @Test func numbersAndKeysComeBackExactly() throws {
        var random = SplitMix64(seed: 11)
        var tally: [String: Double] = [:]
        let special: [Double] = [
            -0.0, 0.1, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.leastNormalMagnitude, 1e-5, 5e20, 0.30000000000000004,
            123456789012345.6, 9_007_199_254_740_994,
        ]
        for (index, value) in special.enumerated() { tally["special \(index)"] = value }
        while tally.count < 50_000 {
            let value = Double(bitPattern: random.next())
            if value.isFinite { tally["\(tally.count) Zürich 東京 🙂"] = value }
        }
        let context = Relay.Context(log: ["Ελλάδα"], level: -0.0, tally: tally)
        let runtime = Runtime(table: Relay.table, state: Relay.table.initialState(context: context))
        let restored = try Self.restore(try Self.text(runtime)).state.context
        #expect(restored.level.bitPattern == (-0.0).bitPattern)
        #expect(restored.tally.count == tally.count)
        #expect(tally.allSatisfy { key, value in restored.tally[key]?.bitPattern == value.bitPattern })
        #expect(restored == context)
    }

    /// Each edit of a good file and the field the refusal names.
    static let inconsistencies: [(from: String, to: String, field: String)] = [
        (#""line":"waiting""#, #""line":"ringing""#, "controls.line"),
        // A finished machine has ended its work; this one has timers running.
        (#""line":"waiting""#, #""line":"closed""#, "timers"),
        (#""lamp":"on","#, "", "controls"),
        (#""line":"waiting""#, #""line":"waiting","porch":"lit""#, "controls"),
        (#""name":"a","serial":2"#, #""name":"c","serial":2"#, "timers[1].name"),
        (#""name":"a","serial":2"#, #""name":"b","serial":2"#, "timers[1].name"),
        (#""name":"a","serial":2"#, #""name":"a","serial":1"#, "timers[1].serial"),
        (#""lastTimerSerial":2"#, #""lastTimerSerial":1"#, "timers[1].serial"),
        (#""lastTimerSerial":2"#, #""lastTimerSerial":4611686018427387905"#, "lastTimerSerial"),
        (#""lastTimerSerial":2"#, #""lastTimerSerial":9223372036854775807"#, "lastTimerSerial"),
        (
            #""deadline":{"attoseconds":100000000000000000,"seconds":0},"name":"a""#,
            #""deadline":{"attoseconds":10000000000000000,"seconds":0},"name":"a""#, "timers[1].deadline"
        ),
        (#""now":{"attoseconds":20000000000000000,"seconds":0}"#, #""now":{"attoseconds":0,"seconds":-1}"#, "now"),
        (#""now":{"attoseconds":20000000000000000,"seconds":0}"#, #""now":{"attoseconds":0,"seconds":9223372036}"#, "now"),
        (#""id":2,"#, #""id":3,"#, "requests[1].id"),
        (
            #""kind":"ping","madeAt":{"attoseconds":20000000000000000,"seconds":0},"ordinal":1"#,
            #""kind":"ping","madeAt":{"attoseconds":20000000000000000,"seconds":0},"ordinal":2"#, "requests[2].ordinal"
        ),
        (
            #""kind":"ping","madeAt":{"attoseconds":20000000000000000,"seconds":0},"ordinal":1"#,
            #""kind":"lookup","madeAt":{"attoseconds":20000000000000000,"seconds":0},"ordinal":1"#, "requests[2].request"
        ),
        (
            #""kind":"ping","madeAt":{"attoseconds":20000000000000000,"seconds":0},"ordinal":1"#,
            #""kind":"pager","madeAt":{"attoseconds":20000000000000000,"seconds":0},"ordinal":1"#, "requests[2].kind"
        ),
        (#""status":"dropped","supersededBy":2"#, #""status":"pending""#, "requests[0]"),
        (
            #""ordinal":2,"request":{"lookup":{"_0":"two"}},"status":"answered""#,
            #""ordinal":2,"request":{"lookup":{"_0":"two"}},"status":"pending""#, "requests[1].status"
        ),
        (#""status":"dropped","supersededBy":2"#, #""status":"dropped","supersededBy":1"#, "requests[0].supersededBy"),
        (#""status":"dropped","supersededBy":2"#, #""status":"dropped","supersededBy":9"#, "requests[0].supersededBy"),
        (
            #""madeAt":{"attoseconds":0,"seconds":0},"ordinal":1"#, #""madeAt":{"attoseconds":0,"seconds":5},"ordinal":1"#,
            "requests[0].madeAt"
        ),
    ]

    /// The largest serial restoring accepts still leaves room to count on: timers start after it
    /// (a serial near `Int.max` used to be accepted, then trap at the next start).
    @Test func aRestoredRuntimeAtTheLargestSerialStillStartsTimers() throws {
        let good = try Self.text(try Self.busy())
        let largest = good.replacingOccurrences(
            of: #""lastTimerSerial":2"#, with: "\"lastTimerSerial\":\(SavedState<Relay>.largestTimerSerial)")
        var restored = try Self.restore(largest)
        _ = try restored.send(.arm(.a, .milliseconds(5)))
        _ = try restored.send(.arm(.b, .milliseconds(5)))
        #expect(restored.savedState.lastTimerSerial == SavedState<Relay>.largestTimerSerial + 2)
        let steps = try restored.advance(by: .milliseconds(5))
        #expect(steps.count == 2, "both timers fire, in the order they were started")
    }

    @Test(arguments: 0..<inconsistencies.count)
    func anInconsistentStateIsRefusedNamingTheField(_ index: Int) throws {
        let edit = Self.inconsistencies[index]
        let good = try Self.text(try Self.busy())
        #expect(good.contains(edit.from), "the edit applies to the file: \(edit.from)")
        let bad = good.replacingOccurrences(of: edit.from, with: edit.to)
        do {
            _ = try Self.restore(bad)
            Issue.record("restored after \(edit.from) → \(edit.to)")
        } catch {
            guard case .inconsistent(let field, let problem) = error else { Issue.record("\(error)"); return }
            #expect(field == edit.field, "\(problem)")
            #expect(error.description.hasPrefix("the saved state is inconsistent: \(edit.field): "))
        }
    }

    @Test func aCancelledRequestNeedsItsTime() throws {
        let bad = try Self.text(try Self.busy()).replacingOccurrences(
            of: #""cancelledAt":{"attoseconds":0,"seconds":0},"id":1"#, with: #""id":1"#)
        #expect(
            throws: SavedStateError.inconsistent(
                field: "requests[0].cancelledAt", problem: "a dropped request needs the time it was cancelled")
        ) {
            try Self.restore(bad)
        }
    }

    @Test func aContextJSONCannotCarryIsUnencodable() throws {
        var runtime = Runtime(
            table: Relay.table, state: Relay.table.initialState(context: Relay.Context(log: [], level: .infinity)))
        _ = try runtime.send(.arm(.a, .seconds(1)))
        #expect(throws: SavedStateError.unencodable("at context.level: Unable to encode Double.inf directly in JSON.")) {
            try runtime.savedState.json()
        }
    }

    /// Random inputs, saved and restored through JSON at random points: the rest of each run is
    /// the same in the restored runtime as in the original.
    @Test func randomRunsGoOnTheSameAfterARestore() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<40 {
            var original = Relay.runtime()
            for _ in 0..<60 { _ = try? original.apply(Self.randomInput(for: original, &random)) }
            let restored = try Self.restore(try Self.text(original))
            var future: [Input<Relay>] = []
            var probe = original
            for _ in 0..<60 {
                let input = Self.randomInput(for: probe, &random)
                future.append(input)
                _ = try? probe.apply(input)
            }
            Self.expectSameFuture(original, restored, future)
        }
    }

    static func randomInput(for runtime: Runtime<Relay>, _ random: inout SplitMix64) -> Input<Relay> {
        switch random.below(9) {
        case 0: .send(.ask(["a", "b", "c"][random.below(3)]))
        case 1: .send(.ping)
        case 2: .send(.arm(random.below(2) == 0 ? .a : .b, .milliseconds(random.below(3) * 50)))
        case 3: .send(.hangUp)
        case 4, 5: .advance(.milliseconds(random.below(4) * 25))
        case 6: .respond(.lookup, ordinal: nil, .answer("x"))
        case 7: .respond(.ping, ordinal: nil, .pong(random.below(5)))
        default:
            runtime.requests.isEmpty
                ? .send(.ping)
                : .respond(
                    runtime.requests[random.below(runtime.requests.count)].reference.kind, ordinal: random.below(3) + 1,
                    random.below(2) == 0 ? .answer("late") : .pong(0))
        }
    }
}
