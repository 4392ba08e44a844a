// swift-tools-version: 6.0
import PackageDescription

// Forty standard statechart cases, from the W3C SCXML 1.0 implementation report and XState's
// tests, written against the framework's public API only, as an outside package sees it.
let package = Package(
    name: "StatechartCases",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [.package(name: "swift-address-picker", path: "../..")],
    targets: [
        .testTarget(
            name: "StatechartCasesTests",
            dependencies: [
                .product(name: "MachineCore", package: "swift-address-picker"),
                .product(name: "MachineRuntime", package: "swift-address-picker"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
