import MachineCore

/// The actions of the points-of-interest region.
extension AddressPicker {
    /// P1: tapping the selected category turns the points of interest off.
    static func deselectCategory(_ context: inout Context, _ event: Event, _ out: inout Out) {
        out.cancel(.pointsOfInterest)
        context.category = nil
        context.pointsOfInterest = []
    }

    /// P1, P2: search the tapped category in the region on screen (replacing a search in flight).
    static func selectCategory(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard case .categoryTapped(let category) = event else { return }
        context.category = category
        out.request(.searchPointsOfInterest(category: category, region: context.region))
    }

    /// P3: the map moved; search the selected category again in the new region.
    static func searchCategoryAgain(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard let category = context.category else { return }
        out.request(.searchPointsOfInterest(category: category, region: context.region))
    }

    /// P2: the points of interest arrived; the map is not moved.
    static func showPointsOfInterest(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard case .pointsOfInterest(let places) = event else { return }
        context.pointsOfInterest = places
    }

    /// P2: the search failed; the category is dropped.
    static func failPointsOfInterest(_ context: inout Context, _ event: Event, _ out: inout Out) {
        context.category = nil
        context.pointsOfInterest = []
        show(.poiSearchFailed, &context, &out)
    }
}
