// swift-tools-version: 6.0
import PackageDescription

// Every module is one layer (core, runtime, scripts, script files, analysis, observation, testing, diagrams, reports,
// command line, then the machines: the picker, the SCXML importer); a lower layer never imports a higher one.
// The package declares no dependencies: only the toolchain's own modules are used.
let package = Package(
    name: "swift-address-picker",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "MachineCore", targets: ["MachineCore"]),
        .library(name: "MachineRuntime", targets: ["MachineRuntime"]),
        .library(name: "EventScripts", targets: ["EventScripts"]),
        .library(name: "ScriptFiles", targets: ["ScriptFiles"]),
        .library(name: "MachineObservation", targets: ["MachineObservation"]),
        .library(name: "MachineTesting", targets: ["MachineTesting"]),
        .library(name: "MachineDiagrams", targets: ["MachineDiagrams"]),
        .library(name: "MachineAnalysis", targets: ["MachineAnalysis"]),
        .library(name: "MachineReports", targets: ["MachineReports"]),
        .library(name: "MachineCommandLine", targets: ["MachineCommandLine"]),
        .library(name: "AddressPicker", targets: ["AddressPicker"]),
        .library(name: "AddressPickerScripting", targets: ["AddressPickerScripting"]),
        .library(name: "Gazetteer", targets: ["Gazetteer"]),
        .library(name: "Geocoders", targets: ["Geocoders"]),
        .library(name: "SCXML", targets: ["SCXML"]),
        .library(name: "SCXMLScripting", targets: ["SCXMLScripting"]),
        .executable(name: "address-picker", targets: ["AddressPickerTool"]),
        .executable(name: "scxml", targets: ["SCXMLTool"]),
        .executable(name: "address-picker-bench", targets: ["AddressPickerBench"]),
    ],
    targets: [
        .target(name: "MachineCore"),
        .target(name: "MachineRuntime", dependencies: ["MachineCore"]),
        // The event-script language: syntax, checking, values, the player, transcripts, the writer.
        .target(name: "EventScripts", dependencies: ["MachineCore", "MachineRuntime"]),
        // Scripts and transcripts as files: recording a live session, updating expectations in
        // place, transcript snapshots, and the line diff and atomic writes they share.
        .target(name: "ScriptFiles", dependencies: ["MachineCore", "MachineRuntime", "EventScripts"]),
        // Coverage, mutation, covering paths, exploration and verification: each whole in this
        // one module, on the table, the runtime and sample inputs, and on scripts where it
        // replays or writes them.
        .target(name: "MachineAnalysis", dependencies: ["MachineCore", "MachineRuntime", "EventScripts"]),
        // For views: an observable store over the live runtime, and outputs as an async sequence.
        .target(name: "MachineObservation", dependencies: ["MachineCore", "MachineRuntime"]),
        .target(
            name: "MachineTesting",
            dependencies: ["MachineCore", "MachineRuntime", "EventScripts", "ScriptFiles", "MachineAnalysis"]),
        .target(name: "MachineDiagrams", dependencies: ["MachineCore"]),
        // Self-contained HTML pages of a replay and of coverage, the machine drawn by its own layout.
        .target(name: "MachineReports", dependencies: ["MachineCore", "MachineDiagrams", "EventScripts", "MachineAnalysis"]),
        // A machine's command-line tool from one call: replay, diagram, check, coverage, paths, explore.
        .target(
            name: "MachineCommandLine",
            dependencies: [
                "MachineCore", "MachineRuntime", "EventScripts", "ScriptFiles", "MachineAnalysis", "MachineDiagrams",
                "MachineReports",
            ]),
        // What an app links: values, the machine's table, providers. No tooling.
        .target(name: "AddressPicker", dependencies: ["MachineCore", "MachineRuntime"]),
        // For tools and tests: the picker's script vocabulary, input samples and invariants.
        .target(
            name: "AddressPickerScripting",
            dependencies: ["AddressPicker", "MachineCore", "MachineRuntime", "EventScripts", "MachineAnalysis"]),
        .target(name: "Gazetteer", dependencies: ["AddressPicker", "EmbeddedGazetteer"]),
        // Photon and Nominatim over HTTP (the toolchain's URLSession), each under its usage rules.
        .target(name: "Geocoders", dependencies: ["AddressPicker", "MachineRuntime"]),
        // SCXML documents with the null datamodel, read safely and imported as machines.
        .target(name: "SCXML", dependencies: ["MachineCore"]),
        // For tools and tests: an imported chart's script vocabulary and input samples.
        .target(name: "SCXMLScripting", dependencies: ["SCXML", "MachineCore", "EventScripts", "MachineAnalysis"]),
        // `scxml`: runs a document, and gives it every subcommand of a machine's tool.
        .executableTarget(
            name: "SCXMLTool",
            dependencies: ["SCXML", "SCXMLScripting", "MachineCommandLine", "MachineCore", "MachineDiagrams", "MachineRuntime"]),
        // The gazetteer file linked into the binary (an assembler .incbin), so a copied executable carries it.
        .target(name: "EmbeddedGazetteer", exclude: ["data"], cSettings: [.headerSearchPath("data")]),
        // A full-screen terminal program's plumbing: raw mode, the alternate screen, keys, signals, frames.
        .target(name: "TerminalUI"),
        // `address-picker play`: the picker in a terminal, on the live runtime and the gazetteer.
        .target(
            name: "AddressPickerPlay",
            dependencies: [
                "AddressPicker", "AddressPickerScripting", "EventScripts", "ScriptFiles", "Gazetteer", "Geocoders", "MachineCore",
                "MachineRuntime",
                "TerminalUI",
            ]),
        .executableTarget(
            name: "AddressPickerTool",
            dependencies: [
                "AddressPicker", "AddressPickerPlay", "AddressPickerScripting", "EventScripts", "ScriptFiles", "Gazetteer",
                "Geocoders",
                "MachineCommandLine",
                "MachineRuntime", "TerminalUI",
            ]),

        // Benchmarks live apart from the tests; run them in release mode.
        .executableTarget(
            name: "AddressPickerBench",
            dependencies: [
                "AddressPicker", "AddressPickerPlay", "AddressPickerScripting", "EventScripts", "ScriptFiles", "Gazetteer",
                "MachineCore",
                "MachineAnalysis", "MachineObservation", "MachineRuntime", "AllocationCounter", "TerminalUI", "SCXML",
                "Geocoders", "LoopbackServer",
            ],
            path: "Benchmarks/AddressPickerBench"),
        .target(name: "AllocationCounter", path: "Benchmarks/AllocationCounter"),

        .testTarget(name: "MachineCoreTests", dependencies: ["MachineCore", "MachineRuntime", "StatechartFixtures"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "MachineRuntimeTests", dependencies: ["MachineCore", "MachineRuntime", "MachineTesting"]),
        .testTarget(
            name: "MachineObservationTests",
            dependencies: ["MachineCore", "MachineObservation", "MachineRuntime", "MachineTesting"]),
        // Helpers for the script tests of any machine (checking, replaying, hostile scripts);
        // `TestDepth`: how much the long property tests do (`DEEP_TESTS=1` for all of it);
        // `scratchFolder`: folders for tests' files, removed when the test process exits.
        .target(
            name: "ScriptTestSupport", dependencies: ["EventScripts", "MachineAnalysis"], path: "Tests/ScriptTestSupport"),
        // A small machine with every statechart trigger (delayed, repeating, eventless, done) and
        // a raised event, with its vocabulary and samples: what the tools' tests run it through.
        .target(
            name: "StatechartFixtures", dependencies: ["MachineCore", "EventScripts", "MachineAnalysis"],
            path: "Tests/StatechartFixtures"),
        .testTarget(
            name: "EventScriptsTests",
            dependencies: [
                "EventScripts", "ScriptFiles", "MachineCore", "MachineAnalysis", "MachineRuntime", "MachineTesting",
                "ScriptTestSupport",
            ],
            exclude: ["Regressions"]),
        .testTarget(name: "AddressPickerToolTests", dependencies: ["AddressPickerTool", "ScriptTestSupport", "LoopbackServer"]),
        .testTarget(
            name: "MachineCommandLineTests",
            dependencies: [
                "MachineCommandLine", "MachineCore", "MachineRuntime", "EventScripts", "ScriptFiles", "MachineAnalysis",
                "StatechartFixtures", "ScriptTestSupport",
            ]),
        .testTarget(
            name: "MachineTestingTests",
            dependencies: [
                "MachineTesting", "EventScripts", "ScriptFiles", "MachineCore", "MachineRuntime", "MachineAnalysis",
                "ScriptTestSupport",
            ]),
        .testTarget(name: "MachineDiagramsTests", dependencies: ["MachineDiagrams", "MachineCore", "StatechartFixtures"]),
        .testTarget(
            name: "MachineReportsTests",
            dependencies: ["MachineReports", "EventScripts", "MachineCore", "MachineAnalysis", "StatechartFixtures"]),
        .testTarget(
            name: "MachineAnalysisTests",
            dependencies: [
                "MachineAnalysis", "MachineTesting", "EventScripts", "MachineCore", "MachineRuntime", "StatechartFixtures",
                "ScriptTestSupport",
            ]),
        // Regressions/: files the fuzzer found crashing the loader, read by the tests.
        .testTarget(
            name: "GazetteerTests", dependencies: ["Gazetteer", "AddressPicker", "MachineRuntime", "ScriptTestSupport"],
            exclude: ["Regressions"]),
        // An HTTP server on 127.0.0.1 that tests and benchmarks start: the geocoders' tests never
        // reach the internet.
        .target(name: "LoopbackServer", path: "Tests/LoopbackServer"),
        .testTarget(
            name: "GeocodersTests",
            dependencies: [
                "Geocoders", "AddressPicker", "AddressPickerScripting", "LoopbackServer", "MachineAnalysis", "MachineCore",
                "MachineRuntime", "MachineTesting",
            ]),
        .testTarget(
            name: "AddressPickerTests",
            dependencies: ["AddressPicker", "MachineCore", "MachineObservation", "MachineRuntime", "MachineTesting"]),
        .testTarget(
            name: "AddressPickerScriptingTests",
            dependencies: [
                "AddressPicker", "AddressPickerPlay", "AddressPickerScripting", "EventScripts", "ScriptFiles", "Gazetteer",
                "MachineCore",
                "MachineRuntime",
                "MachineTesting", "TerminalUI", "MachineAnalysis", "MachineDiagrams", "MachineReports",
                "ScriptTestSupport",
            ],
            exclude: ["Regressions"]),
        // W3C/: the W3C SCXML 1.0 implementation-report tests the importer runs, with their licence.
        .testTarget(
            name: "SCXMLTests",
            dependencies: [
                "SCXML", "SCXMLScripting", "SCXMLTool", "EventScripts", "MachineCommandLine", "MachineCore", "MachineRuntime",
                "ScriptTestSupport",
            ],
            exclude: ["W3C"]),
    ],
    swiftLanguageModes: [.v6]
)
