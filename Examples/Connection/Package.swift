// swift-tools-version: 6.0
import PackageDescription

// A chat client's connection built on the framework's statechart rows: delayed, repeating,
// eventless and done rows and raised events; with its script vocabulary and command-line tool.
let package = Package(
    name: "Connection",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "Connection", targets: ["Connection"]),
        .executable(name: "connection", targets: ["ConnectionTool"]),
    ],
    dependencies: [.package(name: "swift-address-picker", path: "../..")],
    targets: [
        // What an app links: the machine alone.
        .target(name: "Connection", dependencies: [.product(name: "MachineCore", package: "swift-address-picker")]),
        // For the tool and the tests: the machine's script vocabulary, input samples and invariants.
        .target(
            name: "ConnectionScripting",
            dependencies: [
                "Connection",
                .product(name: "MachineCore", package: "swift-address-picker"),
                .product(name: "EventScripts", package: "swift-address-picker"),
                .product(name: "MachineRuntime", package: "swift-address-picker"),
                .product(name: "MachineAnalysis", package: "swift-address-picker"),
            ]),
        .executableTarget(
            name: "ConnectionTool",
            dependencies: [
                "Connection", "ConnectionScripting",
                .product(name: "MachineCommandLine", package: "swift-address-picker"),
            ]),
        .testTarget(
            name: "ConnectionTests",
            dependencies: [
                "Connection", "ConnectionScripting",
                .product(name: "MachineCore", package: "swift-address-picker"),
                .product(name: "MachineRuntime", package: "swift-address-picker"),
                .product(name: "EventScripts", package: "swift-address-picker"),
                .product(name: "MachineTesting", package: "swift-address-picker"),
                .product(name: "MachineDiagrams", package: "swift-address-picker"),
                .product(name: "MachineAnalysis", package: "swift-address-picker"),
                .product(name: "MachineCommandLine", package: "swift-address-picker"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
