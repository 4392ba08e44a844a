import AddressPicker

extension Gazetteer {
    /// The places `region` shows (across the antimeridian too), the most populous first, at most
    /// `limit`: what a map of the region draws.
    ///
    /// Every place is checked against the region; only the `limit` best are kept while scanning,
    /// so a region that shows the whole world costs no more memory than a small one.
    package func places(in region: MapRegion, limit: Int) -> [Int] {
        guard limit > 0 else { return [] }
        var best: [Int] = []
        best.reserveCapacity(limit + 1)
        for place in 0..<count where contains(region, place) {
            if best.count == limit, let last = best.last, !ranks(place, before: last) { continue }
            let position = best.firstIndex { ranks(place, before: $0) } ?? best.endIndex
            best.insert(place, at: position)
            if best.count > limit { best.removeLast() }
        }
        return best
    }
}
