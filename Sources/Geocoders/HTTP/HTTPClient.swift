import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP GET of a JSON answer over the toolchain's URLSession: the User-Agent set, a timeout
/// for the whole answer, and every way it can fail turned into a ``GeocoderError``.
///
/// The timeout is the client's own deadline, from the request's start to its answer's last
/// byte: URLSession's resource timeout is not enforced on Linux, and its request timeout
/// restarts with every byte, so a server that drips its answer a byte at a time would hold a
/// request for as long as it likes.
struct HTTPClient: Sendable {
    /// A successful answer's body, or a throttling answer's wait.
    enum Answer: Sendable {
        /// A 2xx answer with a JSON content type.
        case body(Data)
        /// HTTP 429 or 503, with the wait its `Retry-After` asks for, if any.
        case throttled(status: Int, retryAfter: Duration?)
    }

    /// The service's name, for errors.
    let service: String
    /// The User-Agent header sent with every request, when there is one.
    let userAgent: String?
    /// How long a whole answer may take.
    let timeout: Duration
    private let owner: SessionOwner

    /// The most bytes an answer may have: 8 MiB, hundreds of times a geocoder's answer.
    static let largestAnswer = 8 << 20

    init(service: String, userAgent: String?, timeout: Duration) {
        self.service = service
        self.userAgent = userAgent
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.timeoutIntervalForRequest = Self.seconds(timeout)
        configuration.timeoutIntervalForResource = Self.seconds(timeout)
        owner = SessionOwner(configuration: configuration, collector: AnswerCollector(limit: Self.largestAnswer))
    }

    /// GETs `url`. A cancelled task cancels the request and throws `CancellationError`.
    func get(_ url: URL) async throws -> Answer {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let userAgent { request.setValue(userAgent, forHTTPHeaderField: "User-Agent") }
        let (data, response) = try await perform(request)
        guard let response = response as? HTTPURLResponse else {
            throw GeocoderError(service: service, reason: .unreachable("the answer is not HTTP"))
        }
        let status = response.statusCode
        if status == 429 || status == 503 {
            return .throttled(
                status: status, retryAfter: RetryAfter.parse(response.value(forHTTPHeaderField: "Retry-After")))
        }
        guard (200..<300).contains(status) else { throw GeocoderError(service: service, reason: .httpStatus(status)) }
        let type = response.value(forHTTPHeaderField: "Content-Type")
        guard let type, Self.isJSON(type) else { throw GeocoderError(service: service, reason: .wrongContentType(type)) }
        return .body(data)
    }

    /// Whether a Content-Type names JSON: `application/json`, or any `+json` type such as
    /// Photon's `application/geo+json`, with or without parameters.
    static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let type = mediaType.trimmingCharacters(in: .whitespaces).lowercased()
        return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }

    /// Sends `request` with a data task, cancelled when the calling task is, or when the whole
    /// answer has not come within ``timeout``.
    private func perform(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = owner.session.dataTask(with: request)
                owner.collector.collect(task) { [service, timeout] result in
                    let timedOut = box.finish()
                    continuation.resume(
                        with: result.mapError { error in
                            timedOut
                                ? GeocoderError(service: service, reason: .timedOut(timeout))
                                : Self.failure(error, service: service, timeout: timeout)
                        })
                }
                box.start(task)
                DispatchQueue.global().asyncAfter(deadline: .now() + Self.seconds(timeout)) { box.timeOut() }
            }
        } onCancel: {
            box.cancel()
        }
    }

    /// `duration` in seconds, at least a millisecond.
    static func seconds(_ duration: Duration) -> Double {
        max(0.001, Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    /// A URLSession error as a geocoder's error; a cancellation stays a `CancellationError`.
    static func failure(_ error: any Error, service: String, timeout: Duration) -> any Error {
        if error is AnswerCollector.TooLarge {
            return GeocoderError(service: service, reason: .tooLarge(limit: largestAnswer))
        }
        guard let error = error as? URLError else {
            return GeocoderError(service: service, reason: .unreachable(error.localizedDescription))
        }
        let reason: GeocoderError.Reason
        switch error.code {
        case .cancelled: return CancellationError()
        case .timedOut: reason = .timedOut(timeout)
        case .cannotConnectToHost: reason = .unreachable("the connection was refused")
        case .cannotFindHost, .dnsLookupFailed: reason = .unreachable("the host was not found")
        case .notConnectedToInternet: reason = .unreachable("the network is down")
        case .networkConnectionLost: reason = .cutShort
        case .badServerResponse: reason = .unreachable("the connection closed without an HTTP answer")
        // curl, under Linux's URLSession, reports a body shorter than its Content-Length so.
        case .unknown where error.localizedDescription.hasPrefix("transfer closed"): reason = .cutShort
        default: reason = .unreachable(error.localizedDescription)
        }
        return GeocoderError(service: service, reason: reason)
    }
}

/// The data task of one request, cancelled even when the cancellation comes before it starts,
/// and cancelled at its deadline when it has not finished by then.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false
    private var isFinished = false
    private var didTimeOut = false

    /// Cancels the task at its deadline, unless it finished.
    func timeOut() {
        lock.lock()
        let task = isFinished ? nil : task
        if task != nil { didTimeOut = true }
        lock.unlock()
        task?.cancel()
    }

    /// Marks the task finished; returns whether its deadline cancelled it.
    func finish() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        isFinished = true
        return didTimeOut
    }

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = isCancelled
        lock.unlock()
        if cancelled { task.cancel() }
        task.resume()
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let task = task
        lock.unlock()
        task?.cancel()
    }
}
