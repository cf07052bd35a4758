// swift-tools-version: 6.1
import PackageDescription

// libFuzzer harnesses, kept apart from the library and its tests. Run:
//   Fuzz/run.sh [seconds]
let package = Package(
    name: "AdPlaybackKitFuzz",
    dependencies: [.package(name: "AdPlaybackKit", path: "..")],
    targets: [
        .executableTarget(
            name: "ScenarioFuzzer",
            dependencies: [.product(name: "AdScenario", package: "AdPlaybackKit")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
