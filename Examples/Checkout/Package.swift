// swift-tools-version: 6.0
import PackageDescription

// A delivery checkout built on the framework's parallel states at two depths: the address and the
// payment side by side while paying, the card's 3-D Secure challenge and fraud check side by side
// while verifying; with its script vocabulary and command-line tool.
let package = Package(
    name: "Checkout",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "Checkout", targets: ["Checkout"]),
        .executable(name: "checkout", targets: ["CheckoutTool"]),
    ],
    dependencies: [.package(name: "swift-address-picker", path: "../..")],
    targets: [
        // What an app links: the machine alone.
        .target(name: "Checkout", dependencies: [.product(name: "MachineCore", package: "swift-address-picker")]),
        // For the tool and the tests: the machine's script vocabulary, input samples and invariants.
        .target(
            name: "CheckoutScripting",
            dependencies: [
                "Checkout",
                .product(name: "MachineCore", package: "swift-address-picker"),
                .product(name: "EventScripts", package: "swift-address-picker"),
                .product(name: "MachineRuntime", package: "swift-address-picker"),
                .product(name: "MachineAnalysis", package: "swift-address-picker"),
            ]),
        .executableTarget(
            name: "CheckoutTool",
            dependencies: [
                "Checkout", "CheckoutScripting",
                .product(name: "MachineCommandLine", package: "swift-address-picker"),
            ]),
        .testTarget(
            name: "CheckoutTests",
            dependencies: [
                "Checkout", "CheckoutScripting",
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
