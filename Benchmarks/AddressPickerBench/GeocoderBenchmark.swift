import AddressPicker
import Foundation
import Geocoders
import LoopbackServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP geocoders' two budgets: parsing a 50-result answer takes at most 1 ms, and a
/// geocoder adds at most 1 ms of CPU to a request over the bare HTTP round trip on loopback.
enum GeocoderBenchmark {
    /// A line of the report, measured off the main actor that holds it.
    enum Line {
        case comparison(Comparison)
        case fact(String, String)
    }

    /// 50 places in the shapes the services document: the test server's places, numbered.
    static func fiftyPlaces() -> [GeocodingServices.Place] {
        (0..<50).map { index in
            var place = GeocodingServices.places[index % GeocodingServices.places.count]
            place.name += " \(index)"
            place.latitude += Double(index) / 1000
            return place
        }
    }

    static func run(runs: Int, requests: Int) async throws -> [Line] {
        var report: [Line] = []
        let places = fiftyPlaces()
        let photonBody = Data(GeocodingServices.featureCollection(places).utf8)
        let nominatimBody = try JSONSerialization.data(withJSONObject: places.map(GeocodingServices.nominatimPlace))
        let parses = 2_000
        for (service, body, parse) in [
            ("Photon", photonBody, { (body: Data) in try PhotonGeocoder.placeAnswer(from: body).places.count }),
            ("Nominatim", nominatimBody, { (body: Data) in try NominatimGeocoder.placeAnswer(from: body).places.count }),
        ] as [(String, Data, (Data) throws -> Int)] {
            guard try parse(body) == 50 else { throw BenchmarkError.mismatch("geocoders: \(service) parsed no 50 places") }
            let (comparison, _) = compare(
                "\(service) answer of 50 places, \(body.count / 1024) KiB, read as places",
                {
                    (0..<parses).reduce(0) { total, _ in total &+ ((try? parse(body)) ?? 0) }
                }, against: "JSONSerialization of the same bytes",
                {
                    (0..<parses).reduce(0) { total, _ in
                        total &+ (((try? JSONSerialization.jsonObject(with: body)) as? [Any])?.count ?? 1)
                    }
                }, runs: runs, operations: parses, note: "\(parses) parses a run")
            report.append(.comparison(comparison))
            report.append(
                .fact(
                    "\(service) answer of 50 places read (median)",
                    String(format: "%.3f ms (budget 1 ms)", comparison.subject.median / 1e6)))
        }
        return requests == 0 ? report : report + (try await roundTrips(runs: runs, requests: requests))
    }

    /// CPU a request costs the process (client and the in-process server alike), through the
    /// geocoder and as a bare GET of the same URL, in alternating runs.
    static func roundTrips(runs: Int, requests: Int) async throws -> [Line] {
        let server = try LoopbackServer(respond: GeocodingServices.photon)
        defer { server.stop() }
        var rules = UsageRules.photon
        rules.requestInterval = .zero
        rules.cacheCapacity = 0
        let photon = try PhotonGeocoder(endpoint: server.url, rules: rules, limit: 10)
        let query = AddressPicker.PlaceQuery.completion(Completion(title: "Ber", subtitle: ""))
        guard try await photon.places(for: query).places.count == 3 else {
            throw BenchmarkError.mismatch("geocoders: the server's Photon did not answer 3 places")
        }
        guard let url = server.requests.last?.url(base: server.url) else {
            throw BenchmarkError.mismatch("geocoders: the server saw no request")
        }
        let session = URLSession(configuration: .ephemeral)
        var geocoderCPU: [Double] = []
        var bareCPU: [Double] = []
        var geocoderWall: [Double] = []
        var bareWall: [Double] = []
        for _ in 0..<runs {
            var (cpu, wall) = (processCPUNanoseconds(), ContinuousClock.now)
            for _ in 0..<requests { _ = try await photon.places(for: query) }
            geocoderCPU.append((processCPUNanoseconds() - cpu) / Double(requests))
            geocoderWall.append(nanoseconds(ContinuousClock.now - wall) / Double(requests))
            (cpu, wall) = (processCPUNanoseconds(), ContinuousClock.now)
            for _ in 0..<requests { _ = try await bareGet(url, session: session) }
            bareCPU.append((processCPUNanoseconds() - cpu) / Double(requests))
            bareWall.append(nanoseconds(ContinuousClock.now - wall) / Double(requests))
        }
        let cpu = Comparison(
            subject: Measurement(name: "a Photon search through PhotonGeocoder, CPU", nanosecondsPerOperation: geocoderCPU),
            baseline: Measurement(name: "a bare GET of the same URL, CPU", nanosecondsPerOperation: bareCPU),
            note: "\(requests) requests a run over loopback, the server in the process")
        let wall = Comparison(
            subject: Measurement(name: "a Photon search through PhotonGeocoder, wall", nanosecondsPerOperation: geocoderWall),
            baseline: Measurement(name: "a bare GET of the same URL, wall", nanosecondsPerOperation: bareWall),
            note: "the same runs")
        return [
            .comparison(cpu), .comparison(wall),
            .fact(
                "CPU a geocoder adds to a request (median difference)",
                String(format: "%.3f ms (budget 1 ms)", (cpu.subject.median - cpu.baseline.median) / 1e6)),
        ]
    }

    static func bareGet(_ url: URL, session: URLSession) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: url) { data, _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: data?.count ?? 0) }
            }.resume()
        }
    }

    /// User and system CPU time of the process so far.
    static func processCPUNanoseconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        let user = Double(usage.ru_utime.tv_sec) * 1e9 + Double(usage.ru_utime.tv_usec) * 1e3
        let system = Double(usage.ru_stime.tv_sec) * 1e9 + Double(usage.ru_stime.tv_usec) * 1e3
        return user + system
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }
}

extension LoopbackServer.Request {
    /// The URL this request was made for, on `base`.
    func url(base: URL) -> URL {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        components.path = path
        components.queryItems = query.map { URLQueryItem(name: $0.name, value: $0.value) }
        return components.url!
    }
}
