import AddressPicker

extension Gazetteer {
    /// The place nearest to `coordinate` by great-circle distance, or `nil` for an empty gazetteer.
    ///
    /// A k-d tree over the places' unit vectors finds the nearest by chord, which is the nearest
    /// by great circle, across the antimeridian and at the poles alike; every place within a
    /// hair of that chord is then compared by haversine distance, so the answer is exactly the
    /// brute-force scan's (ties go to the lower index).
    public func nearest(to coordinate: Coordinate) -> Int? {
        guard count > 0 else { return nil }
        let query = Gazetteer.unitVector(latitude: coordinate.latitude, longitude: coordinate.longitude)
        let tree = KDTree(vectors: file.vectors, axis: file.axis, query: query)
        var best = (distance: Double.infinity, place: -1)
        tree.nearest(in: 0..<count, best: &best)
        let bound = best.distance * (1 + 1e-9) + 1e-15
        var winner = (distance: Double.infinity, place: Int.max)
        tree.forEach(within: bound, in: 0..<count) { place in
            let distance = Coordinate.distance(coordinate.latitude, coordinate.longitude, latitude(place), longitude(place))
            if distance < winner.distance || (distance == winner.distance && place < winner.place) {
                winner = (distance, place)
            }
        }
        return winner.place == Int.max ? best.place : winner.place
    }

    /// ``nearest(to:)`` by computing the haversine distance to every place.
    package func bruteForceNearest(to coordinate: Coordinate) -> Int? {
        var winner = (distance: Double.infinity, place: -1)
        for place in 0..<count {
            let distance = Coordinate.distance(coordinate.latitude, coordinate.longitude, latitude(place), longitude(place))
            if distance < winner.distance { winner = (distance, place) }
        }
        return winner.place < 0 ? nil : winner.place
    }
}

/// The places as a balanced k-d tree over their unit vectors, searched for one query.
private struct KDTree {
    let vectors: GazetteerColumn<Double>
    let axis: UnsafeBufferPointer<UInt8>
    let query: SIMD3<Double>

    func squaredChord(_ place: Int) -> Double {
        let dx = vectors[place &* 3] - query.x
        let dy = vectors[place &* 3 &+ 1] - query.y
        let dz = vectors[place &* 3 &+ 2] - query.z
        return dx * dx + dy * dy + dz * dz
    }

    /// Ranges this small are scanned rather than split: fewer steps down the tree.
    static let bucket = 64

    /// The nearest place by chord in `range`, improving `best`.
    func nearest(in range: Range<Int>, best: inout (distance: Double, place: Int)) {
        var range = range
        while range.count > KDTree.bucket {
            let middle = range.lowerBound &+ range.count / 2
            let distance = squaredChord(middle)
            if distance < best.distance { best = (distance, middle) }
            let split = Int(axis[middle])
            let offset = query[split] - vectors[middle &* 3 &+ split]
            let below = range.lowerBound..<middle
            let above = (middle &+ 1)..<range.upperBound
            // The near side first; then the far side, only if the splitting plane is nearer than the best.
            let (near, far) = offset < 0 ? (below, above) : (above, below)
            nearest(in: near, best: &best)
            guard offset * offset <= best.distance else { return }
            range = far
        }
        for place in range {
            let distance = squaredChord(place)
            if distance < best.distance { best = (distance, place) }
        }
    }

    /// Calls `body` with every place whose squared chord to the query is at most `bound`.
    func forEach(within bound: Double, in range: Range<Int>, _ body: (Int) -> Void) {
        guard range.count > KDTree.bucket else {
            for place in range where squaredChord(place) <= bound { body(place) }
            return
        }
        let middle = range.lowerBound &+ range.count / 2
        if squaredChord(middle) <= bound { body(middle) }
        let split = Int(axis[middle])
        let offset = query[split] - vectors[middle &* 3 &+ split]
        if offset < 0 || offset * offset <= bound { forEach(within: bound, in: range.lowerBound..<middle, body) }
        if offset >= 0 || offset * offset <= bound { forEach(within: bound, in: (middle &+ 1)..<range.upperBound, body) }
    }
}
