import MachineCore
import Testing

@testable import MachineRuntime

/// A request record is packed (its status in bits, its numbers in 32 bits each): what it says is
/// what was put in, and a runtime's history says how each request ended.
@Suite struct RequestRecordTests {
    @Test func aRecordSaysWhatWasPutIn() {
        var record = RequestRecord<Asker>(
            id: 7, reference: RequestReference(.lookup, 3), request: .lookup("tea"), madeAt: .milliseconds(1500))
        #expect(record.id == 7)
        #expect(record.reference == RequestReference(.lookup, 3))
        #expect(record.madeAt == .milliseconds(1500))
        #expect(record.isPending && !record.isAnswered && record.cancellation == nil)
        guard case .lookup("tea") = record.request else { Issue.record("request \(record.request)"); return }

        var cancellation = RequestRecord<Asker>.Cancellation(at: .milliseconds(2000))
        record.cancellation = cancellation
        #expect(record.cancellation == cancellation && !record.isPending)
        cancellation.supersededBy = 4
        record.cancellation = cancellation
        #expect(record.cancellation?.supersededBy == 4 && record.cancellation?.at == .milliseconds(2000))
        record.cancellation?.supersededBy = nil
        #expect(record.cancellation == RequestRecord<Asker>.Cancellation(at: .milliseconds(2000)))
        record.isAnswered = true
        record.cancellation = nil
        #expect(record.isAnswered && !record.isPending && record.cancellation == nil)
        record.isAnswered = false
        #expect(record.isPending)
        // Far fewer bytes than its fields laid out one after the other (a picker's took 128).
        #expect(MemoryLayout<RequestRecord<Asker>>.size <= MemoryLayout<Asker.Request>.size + 4 * 4 + 2 * 16 + 3)
    }

    @Test func theHistorySaysHowEachRequestEnded() throws {
        var runtime = Asker.runtime()
        _ = try runtime.send(.ask("first"))
        _ = try runtime.advance(by: .milliseconds(10))
        _ = try runtime.send(.ask("second"))
        _ = try runtime.respond(.lookup, 2, with: .reply("two"))
        let (first, second) = (runtime.requests[0], runtime.requests[1])
        #expect(first.id == 1 && first.reference == RequestReference(.lookup, 1))
        #expect(first.cancellation?.supersededBy == 2 && first.cancellation?.at == .milliseconds(10))
        #expect(!first.isAnswered && !first.isPending)
        #expect(second.id == 2 && second.reference == RequestReference(.lookup, 2) && second.madeAt == .milliseconds(10))
        #expect(second.isAnswered && second.cancellation == nil)
    }
}
