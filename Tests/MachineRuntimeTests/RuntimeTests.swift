import MachineCore
import MachineRuntime
import Testing

@Suite struct RuntimeTimerTests {
    @Test func timersFireInTimeOrderEachAsItsOwnStep() throws {
        var runtime = Asker.runtime()
        _ = try runtime.send(.arm(.a, milliseconds: 300))
        _ = try runtime.send(.arm(.b, milliseconds: 100))
        let steps = try runtime.advance(by: .milliseconds(1000))
        #expect(steps.map(\.time) == [.milliseconds(100), .milliseconds(300)])
        #expect(runtime.state.context.log == ["B", "A"])
        #expect(runtime.now == .milliseconds(1000))
        #expect(runtime.timers.isEmpty)
        #expect(runtime.state.work.timers.isEmpty)
    }

    @Test func tiesFireInStartOrder() throws {
        var runtime = Asker.runtime()
        _ = try runtime.send(.arm(.b, milliseconds: 50))
        _ = try runtime.send(.arm(.a, milliseconds: 50))
        _ = try runtime.advance(by: .milliseconds(50))
        #expect(runtime.state.context.log == ["B", "A"])
    }

    @Test func nothingFiresBeforeTheDeadline() throws {
        var runtime = Asker.runtime()
        _ = try runtime.send(.arm(.a, milliseconds: 300))
        #expect(try runtime.advance(by: .milliseconds(299)).isEmpty)
        #expect(try runtime.advance(by: .milliseconds(1)).count == 1)
    }

    @Test func aZeroTimerFiresOnAdvanceZero() throws {
        var runtime = Asker.runtime()
        _ = try runtime.send(.arm(.a, milliseconds: 0))
        let steps = try runtime.advance(by: .zero)
        #expect(steps.count == 1)
        #expect(runtime.state.context.log == ["A"])
    }

    @Test func restartingMovesTheDeadline() throws {
        var runtime = Asker.runtime()
        _ = try runtime.send(.arm(.a, milliseconds: 300))
        _ = try runtime.advance(by: .milliseconds(200))
        _ = try runtime.send(.arm(.a, milliseconds: 300))
        #expect(try runtime.advance(by: .milliseconds(299)).isEmpty)
        #expect(try runtime.advance(by: .milliseconds(1)).map(\.time) == [.milliseconds(500)])
    }

    @Test func timeOnlyMovesForward() throws {
        var runtime = Asker.runtime()
        #expect(throws: RuntimeError.negativeDuration(.milliseconds(-1))) {
            try runtime.advance(by: .milliseconds(-1))
        }
    }

    @Test func onlyHostEventsCanBeSent() {
        var runtime = Asker.runtime()
        #expect(throws: RuntimeError.notAHostEvent("reply")) { try runtime.send(.reply("x")) }
        #expect(throws: RuntimeError.notAHostEvent("firedA")) { try runtime.send(.fired(.a)) }
    }
}

@Suite struct RuntimeRequestTests {
    @Test func aRequestWaitsForItsAnswer() throws {
        var runtime = Asker.runtime()
        _ = try runtime.send(.ask("weather"))
        #expect(runtime.pendingRequests.map(\.reference.description) == ["lookup#1"])
        #expect(runtime.pendingRequests.first?.request == .lookup("weather"))
        let steps = try runtime.respond(.lookup, with: .reply("sunny"))
        #expect(steps.count == 1)
        #expect(runtime.state.context.log == ["sunny"])
        #expect(runtime.pendingRequests.isEmpty)
        #expect(runtime.state.work.pending.isEmpty)
    }

    @Test func aSupersededRequestsAnswerIsDroppedAndRecorded() throws {
        var runtime = Asker.runtime()
        _ = try runtime.send(.ask("first"))
        let second = try runtime.send(.ask("second"))
        #expect(second.first?.commands == [.cancel(.lookup), .request(.lookup("second"))])
        #expect(runtime.requests[0].cancellation?.supersededBy == 2)

        let late = try runtime.respond(.lookup, 1, with: .reply("stale"))
        guard case .drop(let reference, _, let cancellation) = late.first?.cause else {
            Issue.record("expected a drop, got \(String(describing: late.first?.cause))")
            return
        }
        #expect(reference.description == "lookup#1")
        #expect(cancellation.supersededBy == 2)
        #expect(late.first?.result == nil)
        #expect(runtime.state.context.log.isEmpty)
        #expect(runtime.state[Asker.line] == .waiting)

        _ = try runtime.respond(.lookup, with: .reply("fresh"))
        #expect(runtime.state.context.log == ["fresh"])
    }

    @Test func misuseOfRespondIsAnError() throws {
        var runtime = Asker.runtime()
        #expect(throws: RuntimeError.noPendingRequest(kind: "lookup")) {
            try runtime.respond(.lookup, with: .reply("x"))
        }
        #expect(throws: RuntimeError.noSuchRequest("lookup#3")) {
            try runtime.respond(.lookup, 3, with: .reply("x"))
        }
        _ = try runtime.send(.ask("q"))
        #expect(throws: RuntimeError.wrongAnswer(kind: "lookup", event: "say")) {
            try runtime.respond(.lookup, with: .say("x"))
        }
        _ = try runtime.respond(.lookup, 1, with: .reply("a"))
        #expect(throws: RuntimeError.alreadyAnswered("lookup#1")) {
            try runtime.respond(.lookup, 1, with: .reply("b"))
        }
    }

    @Test func aProviderAnswersAtTheSameInstantAsItsOwnStep() throws {
        var runtime = Asker.runtime { (request: Asker.Request) -> Asker.Event in
            switch request {
            case .lookup(let question): .reply("answer to \(question)")
            }
        }
        _ = try runtime.advance(by: .seconds(2))
        let steps = try runtime.send(.ask("life"))
        #expect(steps.count == 2)
        #expect(steps.map(\.time) == [.seconds(2), .seconds(2)])
        guard case .answer(let reference, _) = steps[1].cause else {
            Issue.record("expected an answer step")
            return
        }
        #expect(reference.description == "lookup#1")
        #expect(runtime.state.context.log == ["answer to life"])
        #expect(runtime.pendingRequests.isEmpty)
    }

    @Test func outputsAreHandedToTheHost() throws {
        var runtime = Asker.runtime()
        let steps = try runtime.send(.say("hello"))
        #expect(steps.outputs() == [Asker.Output.said("hello")])
    }

    @Test func stepsCarryTheStateBeforeAndAfter() throws {
        var runtime = Asker.runtime()
        let steps = try runtime.send(.ask("q"))
        #expect(steps[0].before[Asker.line] == .idle)
        #expect(steps[0].after[Asker.line] == .waiting)
    }
}
