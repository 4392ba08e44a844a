extension Gazetteer {
    /// The places whose name starts with `query`, best first: more people first, then by name.
    ///
    /// Insensitive to case and diacritics ("sao" finds "São Paulo"). When the query has several
    /// words, the last one may also narrow the others: "paris fr" finds the Paris whose region or
    /// country has a word starting with "fr"; "springfield illinois" the Springfield of Illinois.
    /// An empty or overlong query finds nothing.
    public func completions(for query: String, limit: Int = 10) -> [Int] {
        guard let query = normalizedQuery(query), limit > 0 else { return [] }
        var top = TopList(gazetteer: self, limit: limit)
        if limit <= GazetteerFormat.topCount, let list = prefixList(query[...]) {
            for place in list { top.consider(place) }
        } else {
            forEachPlace(withKeyPrefix: query[...]) { top.consider($0) }
        }
        if let (head, tail) = narrowing(query) {
            let bit = Gazetteer.letterBit(tail.first)
            forEachPlace(withKeyPrefix: head) { place in
                let area = Int(file.area[place])
                // The rank is checked before the words of the area, which cost more.
                if file.areaMask[area] & bit != 0, top.mightKeep(place), hasContextWord(area: area, startingWith: tail) {
                    top.consider(place)
                }
            }
        }
        return top.places
    }

    /// ``completions(for:limit:)`` by scanning every place: slow, for checking the index.
    package func bruteForceCompletions(for query: String, limit: Int = 10) -> [Int] {
        guard let query = normalizedQuery(query), limit > 0 else { return [] }
        let narrow = narrowing(query)
        let matches = (0..<count).filter { place in
            if key(place).starts(with: query) { return true }
            guard let (head, tail) = narrow else { return false }
            return key(place).starts(with: head) && hasContextWord(area: Int(file.area[place]), startingWith: tail)
        }
        return Array(matches.sorted { ranks($0, before: $1) }.prefix(limit))
    }

    /// The normalised query's bytes, or `nil` when it is empty or longer than any name.
    func normalizedQuery(_ query: String) -> [UInt8]? {
        guard query.utf8.count <= 4 * SearchText.maximumLength else { return nil }
        let normalized = Array(SearchText.normalize(query).utf8)
        guard !normalized.isEmpty, normalized.count <= SearchText.maximumLength else { return nil }
        return normalized
    }

    /// For a query of several words: all but the last, and the last.
    func narrowing(_ query: [UInt8]) -> (head: ArraySlice<UInt8>, tail: ArraySlice<UInt8>)? {
        guard let space = query.lastIndex(of: UInt8(ascii: " ")) else { return nil }
        return (query[..<space], query[(space + 1)...])
    }

    /// Whether a word of the area's region, subregion, country or country code starts with `prefix`.
    func hasContextWord(area: Int, startingWith prefix: ArraySlice<UInt8>) -> Bool {
        let context = stringSlice(Int(file.areaContext[area]))
        var wordStart = context.startIndex
        while wordStart < context.endIndex {
            let wordEnd = context[wordStart...].firstIndex(of: UInt8(ascii: " ")) ?? context.endIndex
            if context[wordStart..<wordEnd].starts(with: prefix) { return true }
            wordStart = wordEnd + 1
        }
        return false
    }

    /// The precomputed best places of a busy prefix, if it has a list.
    func prefixList(_ prefix: ArraySlice<UInt8>) -> Slice<GazetteerColumn<UInt32>>? {
        guard prefix.count <= 8 else { return nil }
        let key = Gazetteer.packedPrefix(prefix)
        var low = 0
        var high = file.prefixKey.count
        while low < high {
            let middle = (low + high) / 2
            if file.prefixKey[middle] < key { low = middle + 1 } else { high = middle }
        }
        guard low < file.prefixKey.count, file.prefixKey[low] == key, Int(file.prefixLength[low]) == prefix.count else {
            return nil
        }
        let start = Int(file.prefixStart[low])
        return file.prefixLists[start..<(start + Int(file.prefixCount[low]))]
    }

    /// Calls `body` with every place whose normalised name starts with `prefix`: the places
    /// between two binary searches of the name order, so that a short prefix's thousands of
    /// places are not each compared with it. (In a forged file whose names are out of order,
    /// which the loader does not check, they may be other places: never out of bounds.)
    func forEachPlace(withKeyPrefix prefix: ArraySlice<UInt8>, _ body: (Int) -> Void) {
        let start = firstSorted(notBefore: prefix)
        var low = start
        var high = file.sorted.count
        while low < high {
            let middle = (low + high) / 2
            if key(Int(file.sorted[middle])).starts(with: prefix) { low = middle + 1 } else { high = middle }
        }
        for index in start..<low { body(Int(file.sorted[index])) }
    }

    /// Calls `body` with every place whose normalised name is `name`: the first places of the
    /// names starting with it, in name order, so the walk stops at the first other name rather
    /// than going through every name it begins ("paris" is not walked past "parish").
    func forEachPlace(named name: [UInt8], _ body: (Int) -> Void) {
        var low = firstSorted(notBefore: name[...])
        while low < file.sorted.count {
            let place = Int(file.sorted[low])
            guard key(place).elementsEqual(name) else { return }
            body(place)
            low += 1
        }
    }

    /// Where the first place whose normalised name does not sort before `prefix` is in the name
    /// order (the end when there is none).
    private func firstSorted(notBefore prefix: ArraySlice<UInt8>) -> Int {
        var low = 0
        var high = file.sorted.count
        while low < high {
            let middle = (low + high) / 2
            if key(Int(file.sorted[middle])).lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// The best few places seen so far, in rank order.
struct TopList {
    let gazetteer: Gazetteer
    let limit: Int
    private(set) var places: [Int] = []

    init(gazetteer: Gazetteer, limit: Int) {
        self.gazetteer = gazetteer
        self.limit = limit
        // A limit beyond the number of places (Int.max included) reserves no more than they need.
        places.reserveCapacity(min(limit, gazetteer.count) + 1)
    }

    /// Whether ``consider(_:)`` could keep `place`: false when the list is full of places that
    /// rank before it.
    func mightKeep(_ place: Int) -> Bool {
        guard places.count == limit, let last = places.last else { return true }
        return gazetteer.ranks(place, before: last)
    }

    mutating func consider<I: BinaryInteger>(_ candidate: I) {
        let place = Int(candidate)
        if places.count == limit, let last = places.last, !gazetteer.ranks(place, before: last) { return }
        if places.contains(place) { return }
        let position = places.firstIndex { gazetteer.ranks(place, before: $0) } ?? places.count
        places.insert(place, at: position)
        if places.count > limit { places.removeLast() }
    }
}
