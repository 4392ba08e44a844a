import MachineCore

extension AddressPicker.Context {
    /// Hashes the context in two parts: first its words of fixed size (the region on screen,
    /// the enumerations, the coordinates, which optional parts are present, how long each list
    /// is, the configuration) mixed into one word and combined once; then the text and the
    /// lists' elements that are present, each as its own `hash(into:)` combines it.
    ///
    /// Exhaustive verification hashes the context of two states in three it reaches. Combined
    /// one by one, the twenty-odd fixed words cost `Hasher` some thirty-five instructions each,
    /// most of a thousand a hash; mixed, a few each. Equal contexts hash alike, as `==` requires:
    /// they mix the same words (a zero counts the same whatever its sign) and combine the same
    /// parts in the same order. Contexts that differ in a fixed word differ in the mixed word;
    /// ones that differ only in text or in a list's elements, in the parts combined after it.
    public func hash(into hasher: inout Hasher) {
        var words = FingerprintHasher()
        words.combine(region)
        words.combine(query.isEmpty ? 0 : 1)
        words.combine(completions.count)
        words.combine(results.count)
        words.combine(address == nil ? 0 : 1)
        words.combine(addressSource)
        words.combine(authorization.rawValue)
        words.combine(alert)
        words.combine(error)
        words.combine(category == nil ? 0 : 1)
        words.combine(pointsOfInterest.count)
        words.combine(cachedCompletions.count)
        words.combine(referenceCenter)
        words.combine(lookupSource)
        words.combine(completionsQuery == nil ? 0 : 1)
        words.combine(searchOrigin)
        words.combine(resultsMovedMap ? 1 : 0)
        words.combine(heldRequest == nil ? 0 : 1)
        configuration.mix(into: &words)
        hasher.combine(words.finalize())
        // What the fixed words counted, when present: a list's elements, in order.
        if !query.isEmpty { hasher.combine(query) }
        for completion in completions { hasher.combine(completion) }
        for place in results { hasher.combine(place) }
        if let address { hasher.combine(address) }
        if let category { hasher.combine(category) }
        for place in pointsOfInterest { hasher.combine(place) }
        for cached in cachedCompletions { hasher.combine(cached) }
        if let completionsQuery { hasher.combine(completionsQuery) }
        if let heldRequest { hasher.combine(heldRequest) }
    }
}

extension AddressPicker.Configuration {
    /// Hashes the configuration as one word: its fields mixed, then combined once (no row
    /// changes it, and combined word by word it was 40 % of the context's hash).
    public func hash(into hasher: inout Hasher) {
        var words = FingerprintHasher()
        mix(into: &words)
        hasher.combine(words.finalize())
    }

    /// Mixes every field into `words`: the words `==` compares.
    @inline(__always) fileprivate func mix(into words: inout FingerprintHasher) {
        words.combine(searchDebounce)
        words.combine(regionDebounce)
        words.combine(duplicateDistance)
        words.combine(locationSpan.latitudeDelta)
        words.combine(locationSpan.longitudeDelta)
        words.combine(minimumQueryLength)
        words.combine(completionCache)
        words.combine(geocodeInterval)
        words.combine(requestInterval)
    }
}

extension FingerprintHasher {
    /// Mixes `number` in by its bits, a zero the same whatever its sign (`0 == -0`).
    @inline(__always) fileprivate mutating func combine(_ number: Double) { combine(number == 0 ? 0 : number.bitPattern) }

    /// Mixes `coordinate` in: its latitude, then its longitude.
    @inline(__always) fileprivate mutating func combine(_ coordinate: Coordinate) {
        combine(coordinate.latitude)
        combine(coordinate.longitude)
    }

    /// Mixes `region` in: its centre, then its span.
    @inline(__always) fileprivate mutating func combine(_ region: MapRegion) {
        combine(region.center)
        combine(region.span.latitudeDelta)
        combine(region.span.longitudeDelta)
    }

    /// Mixes in whether `coordinate` is present, then the coordinate.
    @inline(__always) fileprivate mutating func combine(_ coordinate: Coordinate?) {
        combine(coordinate == nil ? 0 : 1)
        if let coordinate { combine(coordinate) }
    }

    /// Mixes in whether `region` is present, then the region.
    @inline(__always) fileprivate mutating func combine(_ region: MapRegion?) {
        combine(region == nil ? 0 : 1)
        if let region { combine(region) }
    }

    /// Mixes in `value`'s case by its raw value, or that it is absent.
    @inline(__always) fileprivate mutating func combine<Value: RawRepresentable<Int>>(_ value: Value?) {
        combine(value.map { $0.rawValue &+ 1 } ?? 0)
    }
}
