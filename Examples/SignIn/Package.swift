// swift-tools-version: 6.0
import PackageDescription

// A second machine built on the framework as an outside user would: a sign-in with a one-time
// code, its script vocabulary, and its command-line tool.
let package = Package(
    name: "SignIn",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "SignIn", targets: ["SignIn"]),
        .executable(name: "sign-in", targets: ["SignInTool"]),
    ],
    dependencies: [.package(name: "swift-address-picker", path: "../..")],
    targets: [
        // What an app links: the machine alone.
        .target(name: "SignIn", dependencies: [.product(name: "MachineCore", package: "swift-address-picker")]),
        // For the tool and the tests: the machine's script vocabulary, input samples and invariants.
        .target(
            name: "SignInScripting",
            dependencies: [
                "SignIn",
                .product(name: "MachineCore", package: "swift-address-picker"),
                .product(name: "EventScripts", package: "swift-address-picker"),
                .product(name: "MachineRuntime", package: "swift-address-picker"),
                .product(name: "MachineAnalysis", package: "swift-address-picker"),
            ]),
        .executableTarget(
            name: "SignInTool",
            dependencies: [
                "SignIn", "SignInScripting", .product(name: "MachineCommandLine", package: "swift-address-picker"),
            ]),
        .testTarget(
            name: "SignInTests",
            dependencies: [
                "SignIn", "SignInScripting",
                .product(name: "MachineCore", package: "swift-address-picker"),
                .product(name: "MachineRuntime", package: "swift-address-picker"),
                .product(name: "EventScripts", package: "swift-address-picker"),
                .product(name: "MachineTesting", package: "swift-address-picker"),
                .product(name: "MachineDiagrams", package: "swift-address-picker"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
