// swift-tools-version: 6.0
import PackageDescription

/// The root package's products a target links.
func products(_ names: String...) -> [Target.Dependency] {
    names.map { .product(name: $0, package: "swift-address-picker") }
}

// Coverage-guided fuzz targets (libFuzzer) for every reader of outside input. A package of its own,
// beside the root one, so that `swift build` and `swift test` of the root never see them: build and
// run them with `Scripts/fuzz TARGET [SECONDS]`, which passes `-sanitize=fuzzer,address` to every
// Swift module, so that the root's modules are instrumented for coverage too. Each target's main.swift
// hands its test to libFuzzer's driver (LibFuzzerDriver), since a Swift executable has its own `main`.
let package = Package(
    name: "Fuzz",
    dependencies: [.package(name: "swift-address-picker", path: "..")],
    targets: [
        .target(name: "LibFuzzerDriver", path: "Targets/LibFuzzerDriver"),
        .target(name: "FuzzChecks", dependencies: ["LibFuzzerDriver"], path: "Targets/FuzzChecks"),
        .executableTarget(
            name: "script-replay",
            dependencies: ["FuzzChecks"] + products("AddressPicker", "AddressPickerScripting", "EventScripts"),
            path: "Targets/script-replay"),
        .executableTarget(
            name: "gazetteer-file", dependencies: ["FuzzChecks"] + products("AddressPicker", "Gazetteer"),
            path: "Targets/gazetteer-file"),
        .executableTarget(
            name: "gazetteer-source", dependencies: ["FuzzChecks"] + products("Gazetteer"), path: "Targets/gazetteer-source"),
        .executableTarget(
            name: "gazetteer-query", dependencies: ["FuzzChecks"] + products("AddressPicker", "Gazetteer"),
            path: "Targets/gazetteer-query"),
        .executableTarget(
            name: "saved-state",
            dependencies: ["FuzzChecks"]
                + products("AddressPicker", "AddressPickerScripting", "MachineCore", "MachineAnalysis", "MachineRuntime"),
            path: "Targets/saved-state"),
        .executableTarget(
            name: "scxml-import", dependencies: ["FuzzChecks"] + products("SCXML", "MachineCore", "MachineRuntime"),
            path: "Targets/scxml-import"),
        .executableTarget(
            name: "snapshot-diff", dependencies: ["FuzzChecks"] + products("ScriptFiles"), path: "Targets/snapshot-diff"),
    ],
    swiftLanguageModes: [.v6]
)
