// The address picker as a SwiftUI screen, built on `MachineStore` (iOS 17, macOS 14).
// Paste it into an app that depends on this package's `AddressPicker` and `MachineObservation`
// products. It is not compiled here (SwiftUI and MapKit are not on Linux); everything it calls
// on the store is covered by the package's tests.
import AddressPicker
import MachineObservation
import MapKit
import SwiftUI

struct AddressPickerScreen: View {
    @State private var store: MachineStore<AddressPicker, ContinuousClock>
    @State private var camera: MapCameraPosition = .automatic
    @Environment(\.dismissSearch) private var dismissSearch
    let onPicked: (Address) -> Void

    /// `providers`: your MapKit completer, place search, geocoder and location manager, wrapped
    /// in the provider protocols (or the embedded gazetteer's `GazetteerProvider`).
    init(providers: ProviderSet, onPicked: @escaping (Address) -> Void) {
        _store = State(initialValue: MachineStore(
            table: AddressPicker.table, state: AddressPicker.initialState(), clock: ContinuousClock(),
            provider: providers.answer))
        self.onPicked = onPicked
    }

    var body: some View {
        NavigationStack {
            Map(position: $camera) {
                ForEach(Array(store.results.enumerated()), id: \.offset) { _, place in
                    Marker(place.name, coordinate: CLLocationCoordinate2D(place.center))
                }
            }
            // The person's moves; the echo of the machine's own `setRegion` sends nothing.
            .onMapCameraChange(frequency: .onEnd) { context in
                guard let region = MapRegion(context.region) else { return }
                store.set(\.region, to: region) { .regionChanged($0, byUser: true) }
            }
            .overlay { Image(systemName: "plus").font(.title2) }
            .safeAreaInset(edge: .bottom) { addressBar }
            .searchable(text: Binding(
                get: { store.query },
                set: { store.set(\.query, to: $0, sending: AddressPicker.Event.queryChanged) }))
            .searchSuggestions {
                ForEach(Array(store.completions.enumerated()), id: \.offset) { index, completion in
                    Button { store.send(.completionSelected(index)) } label: {
                        VStack(alignment: .leading) {
                            Text(completion.title)
                            Text(completion.subtitle).font(.caption).foregroundStyle(.secondary)
                        }
                    }
                }
            }
            .onSubmit(of: .search) { store.send(.searchSubmitted) }
            .alert(alertTitle, isPresented: Binding(
                get: { store.alert != nil }, set: { if !$0 { store.send(.alertDismissed) } })) {}
        }
        .task {
            store.send(.appeared)
            for await output in store.outputs {
                switch output {
                case .setRegion(let region): camera = .region(MKCoordinateRegion(region))
                case .dismissSearch: dismissSearch()
                case .showAlert: break  // shown from `store.alert` above
                case .deliver(let address): onPicked(address)
                }
            }
        }
    }

    private var addressBar: some View {
        VStack(spacing: 12) {
            Text(store.address?.formatted ?? "Move the map to pick an address")
                .frame(maxWidth: .infinity, alignment: .leading)
            HStack {
                Button("Locate me", systemImage: "location") { store.send(.locateMeTapped) }
                Spacer()
                Button("Confirm") { store.send(.confirmTapped) }
                    .buttonStyle(.borderedProminent)
                    .disabled(store.address == nil)
            }
        }
        .padding()
        .background(.regularMaterial)
    }

    private var alertTitle: String {
        switch store.alert {
        case .locationServicesOff: "Location services are off"
        case .locationDenied: "Location access was denied"
        case .locationFailed: "Your location could not be found"
        case .poiSearchFailed: "The search failed"
        case nil: ""
        }
    }
}

extension CLLocationCoordinate2D {
    init(_ coordinate: Coordinate) {
        self.init(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }
}

extension MKCoordinateRegion {
    init(_ region: MapRegion) {
        self.init(center: CLLocationCoordinate2D(region.center),
                  span: MKCoordinateSpan(latitudeDelta: region.span.latitudeDelta, longitudeDelta: region.span.longitudeDelta))
    }
}

extension MapRegion {
    /// The picker's region for MapKit's, or `nil` for a centre out of range or a span that is not finite.
    init?(_ region: MKCoordinateRegion) {
        guard let center = try? Coordinate(latitude: region.center.latitude, longitude: region.center.longitude),
              let span = try? Span(latitudeDelta: region.span.latitudeDelta, longitudeDelta: region.span.longitudeDelta)
        else { return nil }
        self.init(center: center, span: span)
    }
}
