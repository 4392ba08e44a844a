import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of a geocoder's URLSession: it gathers each data task's answer as it comes and
/// stops one that grows past the limit, so that a hostile or broken server cannot fill memory.
final class AnswerCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// What a task ends with: its body and response, or why not.
    typealias Completion = @Sendable (Result<(Data, URLResponse), any Error>) -> Void

    /// An answer stopped at the limit.
    struct TooLarge: Error {}

    private struct Transfer {
        var body = Data()
        var response: URLResponse?
        var isTooLarge = false
        let completion: Completion
    }

    /// The most bytes an answer may have.
    let limit: Int
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    /// Gathers `task`'s answer for `completion`; call it before the task is resumed.
    func collect(_ task: URLSessionDataTask, completion: @escaping Completion) {
        lock.lock()
        transfers[task.taskIdentifier] = Transfer(completion: completion)
        lock.unlock()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let isTooLarge = response.expectedContentLength > Int64(limit)
        update(dataTask) { transfer in
            transfer.response = response
            transfer.isTooLarge = isTooLarge
        }
        completionHandler(isTooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var stop = false
        update(dataTask) { transfer in
            guard !transfer.isTooLarge else { return }
            if transfer.body.count + data.count > limit {
                transfer.isTooLarge = true
                transfer.body = Data()
                stop = true
            } else {
                transfer.body.append(data)
            }
        }
        if stop { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let transfer = transfers.removeValue(forKey: task.taskIdentifier)
        lock.unlock()
        guard let transfer else { return }
        if transfer.isTooLarge {
            transfer.completion(.failure(TooLarge()))
        } else if let error {
            transfer.completion(.failure(error))
        } else if let response = transfer.response {
            transfer.completion(.success((transfer.body, response)))
        } else {
            transfer.completion(.failure(URLError(.badServerResponse)))
        }
    }

    private func update(_ task: URLSessionTask, _ change: (inout Transfer) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard var transfer = transfers[task.taskIdentifier] else { return }
        change(&transfer)
        transfers[task.taskIdentifier] = transfer
    }
}

/// Owns a session whose delegate it keeps: releasing it lets the session finish and go.
final class SessionOwner: Sendable {
    let session: URLSession
    let collector: AnswerCollector

    init(configuration: URLSessionConfiguration, collector: AnswerCollector) {
        self.collector = collector
        session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }
}
