import AddressPicker
import Foundation

extension Gazetteer {
    /// The places a free query names: those inside `region` first when one is given, each group
    /// the most populous first.
    ///
    /// A query can name many places: every place of that name ("Springfield"), every place of a
    /// country ("France", "fr") or of a first-level region ("Bavaria"), the most populous first
    /// and at most `limit`. When it names none of those, it is read as a completion query
    /// ("paris fr", "new yo").
    ///
    /// The normalised names of the countries and regions are computed at the first search and
    /// kept, so that a search looks its query up rather than normalising every name again.
    public func search(_ query: String, in region: MapRegion? = nil, limit: Int = 25) -> [Int] {
        guard let normalized = normalizedQuery(query), limit > 0 else { return [] }
        var top = SearchTop(gazetteer: self, region: region, limit: limit)
        let index = searchIndex.index(of: self)
        let areas = index.areasNamed[normalized] ?? []
        // Each place is in one area and each area listed once, so these places are distinct.
        var found = false
        for area in areas {
            for place in index.places(ofArea: Int(area)) {
                top.consider(Int(place))
                found = true
            }
        }
        let listed = areas.isEmpty ? [] : Set(areas)
        forEachPlace(named: normalized) { place in
            found = true
            if !listed.contains(file.area[place]) { top.consider(place) }
        }
        if !found {
            for place in completions(for: query, limit: limit) { top.consider(place) }
        }
        return top.places
    }

    /// ``search(_:in:limit:)`` without its index of names: at every call it normalises the name
    /// of every country and region, scans every place for those of a country or region named,
    /// and sorts every place found. Slow, for checking the index (it is the search as it was
    /// before it had one); places of the query's own name are found the same way in both.
    public func bruteForceSearch(_ query: String, in region: MapRegion? = nil, limit: Int = 25) -> [Int] {
        guard let normalized = normalizedQuery(query), limit > 0 else { return [] }
        var found = Set<Int>()
        forEachPlace(named: normalized) { found.insert($0) }
        let countries = Set(
            file.countryCode.indices.filter { country in
                normalizedString(file.countryName[country]) == normalized
                    || normalizedString(file.countryCode[country]) == normalized
            })
        let regions = Set(file.areaRegion.map { Int($0) }.filter { $0 != 0 && normalizedString(UInt32($0)) == normalized })
        if !countries.isEmpty || !regions.isEmpty {
            for place in 0..<count {
                let area = Int(file.area[place])
                if countries.contains(Int(file.areaCountry[area])) || regions.contains(Int(file.areaRegion[area])) {
                    found.insert(place)
                }
            }
        }
        if found.isEmpty { found.formUnion(completions(for: query, limit: limit)) }
        let inside = { (place: Int) in region.map { self.contains($0, place) } ?? false }
        return Array(
            found.sorted { a, b in
                let (ia, ib) = (inside(a), inside(b))
                return ia != ib ? ia : ranks(a, before: b)
            }.prefix(limit))
    }

    /// Whether `region` shows the place (across the antimeridian too).
    func contains(_ region: MapRegion, _ place: Int) -> Bool {
        guard abs(latitude(place) - region.center.latitude) <= region.span.latitudeDelta / 2 else { return false }
        let offset = abs(longitude(place) - region.center.longitude).truncatingRemainder(dividingBy: 360)
        return min(offset, 360 - offset) <= region.span.longitudeDelta / 2
    }

    /// The places of `query` that are called exactly that: how many places a completion of that
    /// title stands for.
    func placesNamed(_ query: String) -> [Int] {
        guard let normalized = normalizedQuery(query) else { return [] }
        var places: [Int] = []
        forEachPlace(named: normalized) { places.append($0) }
        return places.sorted { ranks($0, before: $1) }
    }

    fileprivate func normalizedString(_ index: UInt32) -> [UInt8] {
        Array(SearchText.normalize(string(index)).utf8)
    }
}

/// The best places a search has found so far, at most `limit`, in the search's order: inside
/// `region` first, then by rank. The order is total (ranks end with the index), so keeping the
/// best few as they come gives the same places as sorting every place found.
struct SearchTop {
    let gazetteer: Gazetteer
    let region: MapRegion?
    let limit: Int
    private var best: [(inside: Bool, place: Int)] = []

    init(gazetteer: Gazetteer, region: MapRegion?, limit: Int) {
        self.gazetteer = gazetteer
        self.region = region
        self.limit = limit
        best.reserveCapacity(min(limit, gazetteer.count) + 1)
    }

    var places: [Int] { best.map(\.place) }

    /// Keeps `place` if it is among the best; each place must be considered once at most.
    mutating func consider(_ place: Int) {
        let candidate = (inside: region.map { gazetteer.contains($0, place) } ?? false, place: place)
        if best.count == limit, let last = best.last, !before(candidate, last) { return }
        var low = 0
        var high = best.count
        while low < high {
            let middle = (low + high) / 2
            if before(best[middle], candidate) { low = middle + 1 } else { high = middle }
        }
        best.insert(candidate, at: low)
        if best.count > limit { best.removeLast() }
    }

    private func before(_ a: (inside: Bool, place: Int), _ b: (inside: Bool, place: Int)) -> Bool {
        a.inside != b.inside ? a.inside : gazetteer.ranks(a.place, before: b.place)
    }
}

/// What a search looks a query up in: the areas of each normalised country name, country code and
/// region name, and the places of each area. Built at a gazetteer's first search, not at its
/// load, which stays a check of the file.
struct SearchIndex: Sendable {
    /// The areas whose country's name or code, or whose region's name, normalises to the key,
    /// each once.
    let areasNamed: [[UInt8]: [UInt32]]
    /// Where each area's places start in ``areaPlaces``, and one more entry for the end.
    let areaStarts: [Int]
    /// The places, grouped by area.
    let areaPlaces: [UInt32]

    init(_ gazetteer: Gazetteer) {
        let file = gazetteer.file
        let areaCount = file.areaRegion.count
        var areasOfCountry = [[UInt32]](repeating: [], count: file.countryCode.count)
        var areasOfRegion: [UInt32: [UInt32]] = [:]
        for area in 0..<areaCount {
            areasOfCountry[Int(file.areaCountry[area])].append(UInt32(area))
            let region = file.areaRegion[area]
            if region != 0 { areasOfRegion[region, default: []].append(UInt32(area)) }
        }
        // Each distinct name normalised once; a name that several sources share (a region named
        // as its country) lists their areas once each.
        var named: [[UInt8]: [UInt32]] = [:]
        var shared: Set<[UInt8]> = []
        func add(_ name: [UInt8], _ areas: [UInt32]) {
            if named[name] == nil {
                named[name] = areas
            } else {
                named[name, default: []] += areas
                shared.insert(name)
            }
        }
        for (region, areas) in areasOfRegion { add(gazetteer.normalizedString(region), areas) }
        for country in areasOfCountry.indices where !areasOfCountry[country].isEmpty {
            let name = gazetteer.normalizedString(file.countryName[country])
            let code = gazetteer.normalizedString(file.countryCode[country])
            add(name, areasOfCountry[country])
            if code != name { add(code, areasOfCountry[country]) }
        }
        for name in shared {
            named[name] = named[name].map { Array(Set($0)) }
        }
        areasNamed = named

        var starts = [Int](repeating: 0, count: areaCount + 1)
        for place in 0..<gazetteer.count { starts[Int(file.area[place]) + 1] += 1 }
        for area in 0..<areaCount { starts[area + 1] += starts[area] }
        var next = starts
        var places = [UInt32](repeating: 0, count: gazetteer.count)
        for place in 0..<gazetteer.count {
            let area = Int(file.area[place])
            places[next[area]] = UInt32(place)
            next[area] += 1
        }
        areaStarts = starts
        areaPlaces = places
    }

    func places(ofArea area: Int) -> ArraySlice<UInt32> {
        areaPlaces[areaStarts[area]..<areaStarts[area + 1]]
    }
}

/// A gazetteer's ``SearchIndex``, built once, at the first search that needs it.
///
/// Unchecked `Sendable`: the index is written once, under the lock, and only read after.
final class LazySearchIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var built: SearchIndex?

    init() {}

    func index(of gazetteer: Gazetteer) -> SearchIndex {
        lock.withLock {
            if let built { return built }
            let index = SearchIndex(gazetteer)
            built = index
            return index
        }
    }
}
