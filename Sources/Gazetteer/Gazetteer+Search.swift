import AddressPicker

extension Gazetteer {
    /// The places a free query names: those inside `region` first when one is given, each group
    /// the most populous first.
    ///
    /// A query can name many places: every place of that name ("Springfield"), every place of a
    /// country ("France", "fr") or of a first-level region ("Bavaria"), the most populous first
    /// and at most `limit`. When it names none of those, it is read as a completion query
    /// ("paris fr", "new yo").
    public func search(_ query: String, in region: MapRegion? = nil, limit: Int = 25) -> [Int] {
        guard let normalized = normalizedQuery(query), limit > 0 else { return [] }
        var found = Set<Int>()
        forEachPlace(withKeyPrefix: normalized[...]) { place in
            if key(place).elementsEqual(normalized) { found.insert(place) }
        }
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
    public func placesNamed(_ query: String) -> [Int] {
        guard let normalized = normalizedQuery(query) else { return [] }
        var places: [Int] = []
        forEachPlace(withKeyPrefix: normalized[...]) { place in
            if key(place).elementsEqual(normalized) { places.append(place) }
        }
        return places.sorted { ranks($0, before: $1) }
    }

    private func normalizedString(_ index: UInt32) -> [UInt8] {
        Array(SearchText.normalize(string(index)).utf8)
    }
}
