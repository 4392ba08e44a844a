import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 server on 127.0.0.1 that a test starts, on a port the system picks: it answers
/// every request with what `respond` returns, one thread per connection, and remembers what it
/// was asked. Tests of the HTTP geocoders talk to it, never to the internet.
///
/// Each answer closes its connection. An ``Answer`` can also be slow, cut short, or no answer
/// at all, for the failures a client must survive.
public final class LoopbackServer: @unchecked Sendable {
    /// A request as the server read it.
    public struct Request: Sendable {
        /// The path, without the query: `/search`.
        public var path: String
        /// The query's items, decoded, in order.
        public var query: [(name: String, value: String)]
        /// The headers, names lowercased.
        public var headers: [String: String]
        /// When it arrived, on the monotonic clock.
        public var arrival: ContinuousClock.Instant

        /// The first value of the query item `name`.
        public subscript(query name: String) -> String? { query.first { $0.name == name }?.value }
    }

    /// What the server sends back.
    public struct Answer: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: Data
        /// How long to wait before answering.
        public var delay: Duration = .zero
        /// Send only this many bytes of the body, though `Content-Length` announces all of it,
        /// then close the connection.
        public var cutAfter: Int?
        /// Close the connection without answering.
        public var hangUp = false
        /// Whether the head announces the body's length; without it, the body ends when the
        /// connection closes.
        public var announcesLength = true
        /// Send the body one byte at a time, this long apart, after the head: a server that
        /// answers at once and never finishes.
        public var drip: Duration?

        public init(
            status: Int = 200, contentType: String? = "application/json", headers: [(String, String)] = [], body: Data = Data()
        ) {
            self.status = status
            self.headers = (contentType.map { [("Content-Type", $0)] } ?? []) + headers
            self.body = body
        }

        /// A 200 answer of `json`'s text.
        public static func json(_ json: String, contentType: String = "application/json") -> Answer {
            Answer(contentType: contentType, body: Data(json.utf8))
        }
    }

    /// The port the server listens on.
    public let port: Int
    /// `http://127.0.0.1:PORT`.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let listener: Int32
    private let respond: @Sendable (Request) -> Answer
    private let lock = NSLock()
    private var received: [Request] = []
    private var isStopped = false

    /// Starts a server that answers with `respond`.
    public init(respond: @escaping @Sendable (Request) -> Answer) throws {
        self.respond = respond
        #if canImport(Glibc)
            let socketType = Int32(SOCK_STREAM.rawValue)
        #else
            let socketType = SOCK_STREAM
        #endif
        let listener = socket(AF_INET, socketType, 0)
        guard listener >= 0 else { throw ServerError("socket: errno \(errno)") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            close(listener)
            throw ServerError("bind or listen: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        self.port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    deinit { stop() }

    /// The requests received so far, in order of arrival.
    public var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Stops listening; connections being answered finish.
    public func stop() {
        lock.lock()
        let wasStopped = isStopped
        isStopped = true
        lock.unlock()
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                lock.lock()
                let stopped = isStopped
                lock.unlock()
                if stopped || errno == EBADF || errno == EINVAL { return }
                continue
            }
            let thread = Thread { [self] in serve(connection) }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = read(connection) else { return }
        lock.lock()
        received.append(request)
        lock.unlock()
        let answer = respond(request)
        if answer.delay > .zero { Thread.sleep(forTimeInterval: Self.seconds(answer.delay)) }
        if answer.hangUp { return }
        var head = "HTTP/1.1 \(answer.status) \(Self.phrase(answer.status))\r\n"
        for (name, value) in answer.headers { head += "\(name): \(value)\r\n" }
        if answer.announcesLength { head += "Content-Length: \(answer.body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        var bytes = Data(head.utf8)
        let body = answer.body.prefix(answer.cutAfter ?? answer.body.count)
        guard let drip = answer.drip else {
            bytes.append(body)
            write(bytes, to: connection)
            return
        }
        write(bytes, to: connection)
        for byte in body {
            Thread.sleep(forTimeInterval: Self.seconds(drip))
            // The client gone (it gave up), or the server stopped: no more drops.
            guard !isStopping, write(Data([byte]), to: connection) else { return }
        }
    }

    /// Reads a request's head (a GET has no body).
    private func read(_ connection: Int32) -> Request? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while bytes.count < 65_536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            bytes += buffer[..<count]
            if bytes.count >= 4, bytes.indices.dropLast(3).contains(where: { bytes[$0..<$0 + 4].elementsEqual(end) }) { break }
        }
        let arrival = ContinuousClock.now
        guard let text = String(bytes: bytes, encoding: .utf8) else { return nil }
        let lines = text.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        let target = URLComponents(string: String(requestLine[1]))
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(
            path: target?.path ?? "", query: (target?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
            headers: headers, arrival: arrival)
    }

    /// Whether ``stop()`` was called.
    private var isStopping: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isStopped
    }

    /// Sends `data` whole; returns whether it could.
    @discardableResult
    private func write(_ data: Data, to connection: Int32) -> Bool {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        return data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, flags)
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// The server could not start.
public struct ServerError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
