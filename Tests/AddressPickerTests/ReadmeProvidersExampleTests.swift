import AddressPicker
import Foundation
import MachineRuntime
import Testing

/// README.md's "Providers that survive real networks" example, verbatim between the markers: if
/// it stops compiling, or the README's text drifts from it, this test fails.
@Suite struct ReadmeProvidersExampleTests {
    static let example = """
        let clock = ContinuousClock()
        let searches: Set<AddressPicker.Request.Kind> = [.completions, .places, .address]
        let providers = web
            .withTimeout(.seconds(5), for: searches, clock: clock)              // each attempt
            .retrying(RetryPolicy(attempts: 3, clock: clock), for: searches)      // after transient failures
            .rateLimited(by: RateLimiter(capacity: 10, refillInterval: .seconds(2), clock: clock), for: [.completions])
            .fallingBack(to: offline, for: searches)                               // the gazetteer, say
        """

    @Test func theReadmeShowsThisExample() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = String(decoding: try Data(contentsOf: readme), as: UTF8.self)
        #expect(text.contains("```swift\n\(Self.example)\n```"), "README.md's providers example differs from this test's")
    }

    @Test func theExampleFallsBackWhenTheWebFails() async throws {
        let web = FakeProviders(failing: true).set
        let offline = FakeProviders().set
        // The example, as in the README:
        let clock = ContinuousClock()
        let searches: Set<AddressPicker.Request.Kind> = [.completions, .places, .address]
        let providers =
            web
            .withTimeout(.seconds(5), for: searches, clock: clock)  // each attempt
            .retrying(RetryPolicy(attempts: 3, clock: clock), for: searches)  // after transient failures
            .rateLimited(by: RateLimiter(capacity: 10, refillInterval: .seconds(2), clock: clock), for: [.completions])
            .fallingBack(to: offline, for: searches)  // the gazetteer, say
        // The web fails (not transiently, so at once): the offline set answers.
        #expect(
            await providers.answer(.requestCompletions(query: "Apple"))
                == .completions([Completion(title: "Apple", subtitle: "Search Nearby")]))
        // Location is not among the kinds that fall back: its failure stands.
        #expect(await providers.answer(.requestLocation) == .locationFailed("offline"))
    }
}
