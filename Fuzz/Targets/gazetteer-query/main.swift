import AddressPicker
import Foundation
import FuzzChecks
import Gazetteer

/// Queries of the gazetteer, as `address-picker search` and `reverse` and the picker's providers
/// make them. The input is text: a query, then after a NUL byte `latitude,longitude` and
/// optionally `,limit`. Completions and searches give at most their limit of distinct places (the
/// provider's list one more, to search nearby); the nearest place is no farther than any place
/// they found; every place answered is on the globe.
///
/// Every query runs on the whole bundled gazetteer: a search looks country and region names up
/// in the index its first call builds, rather than normalising every name on each call.
enum GazetteerQuery {
    static let bundled = load { try Gazetteer.bundled() }

    static func load(_ make: () throws -> Gazetteer) -> Gazetteer {
        do { return try make() } catch { fatalError("the gazetteer does not load: \(error)") }
    }

    static func test(_ bytes: [UInt8]) {
        let (queryBytes, argumentBytes) = splitAtFirstNul(bytes)
        let query = String(decoding: queryBytes, as: UTF8.self)
        let numbers = String(decoding: argumentBytes, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        let latitude = numbers.first.flatMap { $0 } ?? 0
        let longitude = numbers.dropFirst().first.flatMap { $0 } ?? 0
        let limit =
            numbers.dropFirst(2).first.flatMap { $0 }.map { Int(exactly: $0.rounded(.towardZero)) ?? 0 }.map {
                max(-1, min($0, 40))
            } ?? 10
        let center = Coordinate(clampingLatitude: latitude, longitude: longitude)
        let span: Span
        do { span = try Span(latitudeDelta: 2, longitudeDelta: 2) } catch {
            return require(false, "a span of two degrees: \(error)")
        }
        let region = MapRegion(center: center, span: span)

        let completions = bundled.completions(for: query, limit: limit)
        requirePlaces(completions, of: bundled, limit: limit, "completions of \(query.debugDescription)")
        let provider = GazetteerProvider(gazetteer: bundled, completionLimit: max(1, limit))
        let completionList = provider.completionList(for: query)
        let searchNearby = completionList.first?.subtitle == GazetteerProvider.searchNearby ? 1 : 0
        require(
            completionList.count <= max(1, limit) + searchNearby
                && completionList.dropFirst(searchNearby).allSatisfy { $0.subtitle != GazetteerProvider.searchNearby },
            "the provider's completions exceed its limit \(max(1, limit)) (and one to search nearby): \(completionList)")

        let found = bundled.search(query, in: region, limit: limit)
        requirePlaces(found, of: bundled, limit: limit, "search of \(query.debugDescription)")
        let answer = provider.placeAnswer(for: .text(query, region: region))
        require(answer.places.count <= 25, "\(answer.places.count) places answered, 25 at most")
        for place in answer.places {
            require(abs(place.center.latitude) <= 90 && abs(place.center.longitude) <= 180, "a place at \(place.center)")
        }

        let point: Coordinate
        do {
            point = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            require(
                !latitude.isFinite || !longitude.isFinite || abs(latitude) > 90 || abs(longitude) > 180,
                "\(latitude),\(longitude) refused: \(error)")
            return
        }
        guard let nearest = bundled.nearest(to: point) else { return require(false, "no place nearest to \(point)") }
        require((0..<bundled.count).contains(nearest), "nearest \(nearest) of \(bundled.count)")
        let distance = point.distance(to: bundled.entry(nearest).coordinate)
        for place in completions {
            let other = point.distance(to: bundled.entry(place).coordinate)
            require(
                distance <= other + 1e-6,
                "place \(place) is \(other) m from \(point), nearer than the nearest \(nearest) at \(distance) m")
        }
        let address = GazetteerProvider(gazetteer: bundled).address(near: point)
        require(address == bundled.entry(nearest).address, "the provider's address is not the nearest place's")
    }

    /// At most `limit` distinct places of `gazetteer`.
    static func requirePlaces(_ places: [Int], of gazetteer: Gazetteer, limit: Int, _ what: @autoclosure () -> String) {
        require(
            places.count <= max(0, limit) && places.allSatisfy { (0..<gazetteer.count).contains($0) }
                && Set(places).count == places.count,
            "\(what()) (limit \(limit)): \(places) of \(gazetteer.count)")
    }
}

runFuzzer { data, size in
    GazetteerQuery.test(bytes(data, size))
    return 0
}
