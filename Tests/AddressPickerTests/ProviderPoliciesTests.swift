import AddressPicker
import MachineRuntime
import Testing

/// A clock on which time stands still and every sleep ends at once (unless the task is
/// cancelled): backoff takes no time and a timeout fires as soon as it starts.
private struct ImmediateClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration = .zero
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }
    var now: Instant { Instant() }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws { try Task.checkCancellation() }
}

/// A clock on which time stands still and every sleep lasts until its task is cancelled; it
/// tells the test when a sleep begins.
private struct StoppedClock: Clock {
    typealias Instant = ImmediateClock.Instant
    /// One element each time a sleep begins.
    let sleeps: AsyncStream<Void>
    private let sleepBegan: AsyncStream<Void>.Continuation?

    init() {
        var continuation: AsyncStream<Void>.Continuation?
        sleeps = AsyncStream { continuation = $0 }
        sleepBegan = continuation
    }

    var now: Instant { Instant() }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        sleepBegan?.yield()
        try await waitUntilCancelled()
    }
}

/// Returns only when the task is cancelled, by throwing `CancellationError`. (A stream whose
/// continuation is dropped never ends by itself; its iteration ends when the task is cancelled.)
private func waitUntilCancelled() async throws {
    let never = AsyncStream<Never> { _ in }
    for await _ in never {}
    throw CancellationError()
}

/// Counts the calls of each request kind, and the calls cancelled while they hung.
private actor CallLog {
    private(set) var calls: [AddressPicker.Request.Kind: Int] = [:]
    private(set) var cancelled = 0

    func record(_ kind: AddressPicker.Request.Kind) { calls[kind, default: 0] += 1 }
    func recordCancellation() { cancelled += 1 }
    func count(_ kind: AddressPicker.Request.Kind) -> Int { calls[kind, default: 0] }
}

/// Providers named `name` that record each call, then answer (with their name in the answer),
/// fail or hang, as `behaviour` says.
private struct NamedProviders: CompletionProvider, PlaceSearchProvider, ReverseGeocodingProvider, LocationProvider,
    PointsOfInterestProvider
{
    enum Behaviour { case answer, failTransiently, failPermanently, hang }
    struct Busy: TransientError, CustomStringConvertible { var description: String { "busy" } }
    struct Refused: Error, CustomStringConvertible { var description: String { "refused" } }

    let name: String
    let behaviour: Behaviour
    let log = CallLog()

    private func perform(_ kind: AddressPicker.Request.Kind) async throws {
        await log.record(kind)
        switch behaviour {
        case .answer: return
        case .failTransiently: throw Busy()
        case .failPermanently: throw Refused()
        case .hang:
            do { try await waitUntilCancelled() } catch {
                await log.recordCancellation()
                throw error
            }
        }
    }

    func completions(for query: String) async throws -> [Completion] {
        try await perform(.completions)
        return [Completion(title: query, subtitle: name)]
    }
    func places(for query: AddressPicker.PlaceQuery) async throws -> PlaceSearchAnswer {
        try await perform(.places)
        return PlaceSearchAnswer(places: [Place(name: name, center: try at(1, 2), address: Address(city: name))])
    }
    func address(at coordinate: Coordinate) async throws -> Address {
        try await perform(.address)
        return Address(city: name)
    }
    func requestAuthorization() async throws -> AddressPicker.Authorization {
        try await perform(.authorization)
        return .authorizedWhenInUse
    }
    func currentLocation() async throws -> Coordinate {
        try await perform(.location)
        return try at(3, 4)
    }
    func pointsOfInterest(category: String, in region: MapRegion) async throws -> [Place] {
        try await perform(.pointsOfInterest)
        return [Place(name: name, center: try at(1, 2), address: Address(city: name))]
    }

    var set: ProviderSet {
        ProviderSet(completions: self, places: self, geocoder: self, location: self, pointsOfInterest: self)
    }
}

/// The policies composed on `ProviderSet`, per request kind, answering with the picker's events.
@Suite(.timeLimit(.minutes(1))) struct ProviderPoliciesTests {
    let searches: Set<AddressPicker.Request.Kind> = [.completions, .places, .address]

    @Test func retryingRetriesTheKindsNamedOnly() async throws {
        let web = NamedProviders(name: "web", behaviour: .failTransiently)
        let providers = web.set.retrying(RetryPolicy(attempts: 3, clock: ImmediateClock()), for: [.address])
        #expect(await providers.answer(.reverseGeocode(center: try at(5, 6))) == .addressFailed("busy"))
        #expect(await providers.answer(.requestCompletions(query: "Apple")) == .completionsFailed("busy"))
        #expect(await web.log.count(.address) == 3)
        #expect(await web.log.count(.completions) == 1)
    }

    @Test func aPermanentFailureIsNotRetried() async throws {
        let web = NamedProviders(name: "web", behaviour: .failPermanently)
        let providers = web.set.retrying(RetryPolicy(attempts: 3, clock: ImmediateClock()), for: searches)
        #expect(await providers.answer(.reverseGeocode(center: try at(5, 6))) == .addressFailed("refused"))
        #expect(await web.log.count(.address) == 1)
    }

    @Test func aTimeoutAnswersWithTheKindsFailureAndCancelsTheProvider() async throws {
        let web = NamedProviders(name: "web", behaviour: .hang)
        let providers = web.set.withTimeout(.seconds(5), for: [.address], clock: ImmediateClock())
        #expect(await providers.answer(.reverseGeocode(center: try at(5, 6))) == .addressFailed("no answer within 5.0 seconds"))
        // The provider's task was cancelled: it hangs no more.
        while await web.log.cancelled == 0, !Task.isCancelled { await Task.yield() }
        #expect(await web.log.count(.address) == 1)
    }

    @Test func fallingBackAsksTheSecondaryOnFailureForTheKindsNamedOnly() async throws {
        let web = NamedProviders(name: "web", behaviour: .failPermanently)
        let offline = NamedProviders(name: "offline", behaviour: .answer)
        let providers = web.set.fallingBack(to: offline.set, for: searches)
        #expect(await providers.answer(.reverseGeocode(center: try at(5, 6))) == .address(Address(city: "offline")))
        #expect(
            await providers.answer(.requestCompletions(query: "Apple"))
                == .completions([Completion(title: "Apple", subtitle: "offline")]))
        #expect(await providers.answer(.requestLocation) == .locationFailed("refused"))
        #expect(await offline.log.count(.location) == 0)
    }

    @Test func fallingBackLeavesASuccessToThePrimary() async throws {
        let web = NamedProviders(name: "web", behaviour: .answer)
        let offline = NamedProviders(name: "offline", behaviour: .answer)
        let providers = web.set.fallingBack(to: offline.set, for: searches)
        #expect(await providers.answer(.reverseGeocode(center: try at(5, 6))) == .address(Address(city: "web")))
        #expect(await offline.log.calls.isEmpty)
    }

    @Test func whenBothFailTheSecondarysFailureIsTheAnswer() async throws {
        let web = NamedProviders(name: "web", behaviour: .failTransiently)
        let offline = NamedProviders(name: "offline", behaviour: .failPermanently)
        let providers = web.set.fallingBack(to: offline.set, for: searches)
        #expect(await providers.answer(.searchPlaces(.completion(appleStore))) == .placesFailed("refused"))
    }

    @Test func aRateLimitHoldsBackTheKindsNamedOnlyAndACancelledWaitPerformsNothing() async throws {
        let clock = StoppedClock()
        var sleeps = clock.sleeps.makeAsyncIterator()
        let web = NamedProviders(name: "web", behaviour: .answer)
        let limiter = RateLimiter(capacity: 1, refillInterval: .seconds(1), clock: clock)
        let providers = web.set.rateLimited(by: limiter, for: [.completions])
        #expect(
            await providers.answer(.requestCompletions(query: "A")) == .completions([Completion(title: "A", subtitle: "web")]))
        for _ in 1...3 {
            #expect(await providers.answer(.reverseGeocode(center: try at(5, 6))) == .address(Address(city: "web")))
        }

        let waiting = Task { await providers.answer(.requestCompletions(query: "Ap")) }
        await sleeps.next()
        waiting.cancel()
        #expect(await waiting.value == .completionsFailed("CancellationError()"))
        #expect(await web.log.count(.completions) == 1)
    }

    /// The documented composition: a web geocoder with a 5 s timeout per attempt and 3 attempts,
    /// falling back to the offline gazetteer. Backoff takes no time; the timeout is measured on
    /// `timeoutClock`.
    private func documentedComposition(
        web: NamedProviders, gazetteer: NamedProviders, timeoutClock: some Clock<Duration>
    ) -> ProviderSet {
        web.set
            .withTimeout(.seconds(5), for: searches, clock: timeoutClock)
            .retrying(RetryPolicy(attempts: 3, clock: ImmediateClock()), for: searches)
            .fallingBack(to: gazetteer.set, for: searches)
    }

    @Test func theDocumentedCompositionFallsBackWhenTheWebHangs() async throws {
        let web = NamedProviders(name: "web", behaviour: .hang)
        let gazetteer = NamedProviders(name: "gazetteer", behaviour: .answer)
        let providers = documentedComposition(web: web, gazetteer: gazetteer, timeoutClock: ImmediateClock())
        #expect(await providers.answer(.reverseGeocode(center: try at(5, 6))) == .address(Address(city: "gazetteer")))
        #expect(
            await providers.answer(.requestCompletions(query: "Apple"))
                == .completions([Completion(title: "Apple", subtitle: "gazetteer")]))
        #expect(await gazetteer.log.count(.address) == 1)
    }

    @Test func theDocumentedCompositionRetriesTransientFailuresThenFallsBack() async throws {
        let web = NamedProviders(name: "web", behaviour: .failTransiently)
        let gazetteer = NamedProviders(name: "gazetteer", behaviour: .answer)
        let providers = documentedComposition(web: web, gazetteer: gazetteer, timeoutClock: StoppedClock())
        #expect(await providers.answer(.reverseGeocode(center: try at(5, 6))) == .address(Address(city: "gazetteer")))
        #expect(await web.log.count(.address) == 3)
        #expect(await providers.answer(.requestLocation) == .locationFailed("busy"))
        #expect(await web.log.count(.location) == 1)
        #expect(await gazetteer.log.count(.location) == 0)
    }

    @Test func theDocumentedCompositionKeepsTheWebsAnswer() async throws {
        let web = NamedProviders(name: "web", behaviour: .answer)
        let gazetteer = NamedProviders(name: "gazetteer", behaviour: .answer)
        let providers = documentedComposition(web: web, gazetteer: gazetteer, timeoutClock: StoppedClock())
        #expect(await providers.answer(.reverseGeocode(center: try at(5, 6))) == .address(Address(city: "web")))
        #expect(await web.log.count(.address) == 1)
        #expect(await gazetteer.log.calls.isEmpty)
    }
}
