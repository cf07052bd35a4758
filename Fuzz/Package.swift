// swift-tools-version: 6.1
import PackageDescription

// libFuzzer harnesses, kept apart from the library and its tests. Run:
//   Fuzz/run.sh scenario|scte35|hls|live|vast|ssai [seconds]
let package = Package(
    name: "AdPlaybackKitFuzz",
    dependencies: [.package(name: "AdPlaybackKit", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "ScenarioFuzzer",
            dependencies: ["FuzzDriver", .product(name: "AdPlaybackTestSupport", package: "AdPlaybackKit")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "SCTE35Fuzzer",
            dependencies: [
                "FuzzDriver",
                .product(name: "SCTE35", package: "AdPlaybackKit"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "HLSFuzzer",
            dependencies: [
                "FuzzDriver",
                .product(name: "AdPlaybackKit", package: "AdPlaybackKit"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "LiveFuzzer",
            dependencies: [
                "FuzzDriver",
                .product(name: "AdPlaybackKit", package: "AdPlaybackKit"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "VASTFuzzer",
            dependencies: [
                "FuzzDriver",
                .product(name: "VAST", package: "AdPlaybackKit"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "SSAIFuzzer",
            dependencies: [
                "FuzzDriver",
                .product(name: "AdPlaybackKit", package: "AdPlaybackKit"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
