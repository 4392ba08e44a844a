import AddressPicker
import Foundation
import MachineRuntime
import Testing

/// The "Providers that survive real networks" example of the MachineRuntime article "Running a
/// machine in an app" and of the AddressPicker article "Getting started", verbatim: if it stops
/// compiling, or a document's text drifts from it, this test fails.
@Suite struct ReadmeProvidersExampleTests {
    static let example = """
        let clock = ContinuousClock()
        let searches: Set<AddressPicker.Request.Kind> = [.completions, .places, .address]
        let resilient = web
            .withTimeout(.seconds(5), for: searches, clock: clock)              // each attempt
            .retrying(RetryPolicy(attempts: 3, clock: clock), for: searches)      // after transient failures
            .rateLimited(by: RateLimiter(capacity: 10, refillInterval: .seconds(2), clock: clock), for: [.completions])
            .fallingBack(to: offline, for: searches)                               // the gazetteer, say
        """

    @Test(
        "The documents show this example",
        arguments: [
            "Sources/MachineRuntime/MachineRuntime.docc/RunningInAnApp.md",
            "Sources/AddressPicker/AddressPicker.docc/GettingStarted.md",
        ])
    func theDocumentShowsThisExample(_ path: String) throws {
        let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(path)
        let text = String(decoding: try Data(contentsOf: document), as: UTF8.self)
        #expect(text.contains("```swift\n\(Self.example)\n```"), "\(path)'s providers example differs from this test's")
    }

    @Test func theExampleFallsBackWhenTheWebFails() async throws {
        let web = FakeProviders(failing: true).set
        let offline = FakeProviders().set
        // The example, as in the documents:
        let clock = ContinuousClock()
        let searches: Set<AddressPicker.Request.Kind> = [.completions, .places, .address]
        let resilient =
            web
            .withTimeout(.seconds(5), for: searches, clock: clock)  // each attempt
            .retrying(RetryPolicy(attempts: 3, clock: clock), for: searches)  // after transient failures
            .rateLimited(by: RateLimiter(capacity: 10, refillInterval: .seconds(2), clock: clock), for: [.completions])
            .fallingBack(to: offline, for: searches)  // the gazetteer, say
        // The web fails (not transiently, so at once): the offline set answers.
        #expect(
            await resilient.answer(.requestCompletions(query: "Apple"))
                == .completions([Completion(title: "Apple", subtitle: "Search Nearby")]))
        // Location is not among the kinds that fall back: its failure stands.
        #expect(await resilient.answer(.requestLocation) == .locationFailed("offline"))
    }
}
