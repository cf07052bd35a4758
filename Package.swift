// swift-tools-version: 6.1
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// swift-log, for the modules that talk to the world (and the runtime): each takes a `Logger`,
/// which logs nothing unless the app gives it a handler.
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")

let package = Package(
    name: "AdPlaybackKit",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17)],
    // What a user may depend on: the umbrella, the parsers a tool might use alone (SCTE35 with
    // its JSON form), the player adapters and the test support (loopback servers and scenarios).
    // Every other module is internal; Docs/Architecture.md lists these and ModuleGraphTests checks it.
    products: [
        .library(name: "AdPlaybackKit", targets: ["AdPlaybackKit"]),
        .library(name: "SCTE35", targets: ["SCTE35", "SCTE35Text"]),
        .library(name: "HLS", targets: ["HLS"]),
        .library(name: "VAST", targets: ["VAST"]),
        .library(name: "AdPlayerMPV", targets: ["AdPlayerMPV"]),
        .library(name: "AdPlayerAVFoundation", targets: ["AdPlayerAVFoundation"]),
        .library(name: "AdPlaybackTestSupport", targets: ["AdPlaybackTestSupport", "AdScenario"]),
        .executable(name: "adplay", targets: ["adplay"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation`: the catalogue (Sources/AdPlaybackKit/AdPlaybackKit.docc) and each module's reference.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "MediaTime", swiftSettings: strictSettings),
        // A clock tests advance by hand: the stand-in for the wall clock, just above time itself.
        .target(name: "VirtualTime", dependencies: ["MediaTime"], swiftSettings: strictSettings),
        .target(name: "TextEcho", swiftSettings: strictSettings),
        .target(name: "StrictJSON", dependencies: ["TextEcho"], swiftSettings: strictSettings),
        .target(name: "SCTE35", swiftSettings: strictSettings),
        .target(name: "SCTE35Text", dependencies: ["SCTE35", "StrictJSON"], swiftSettings: strictSettings),
        // Advice to the OS that large buffers be backed by huge pages; no effect on any result.
        .target(name: "HugePages", swiftSettings: strictSettings),
        .target(name: "HLS", dependencies: ["MediaTime", "SCTE35", "StrictJSON", "TextEcho", "HugePages"], swiftSettings: strictSettings),
        .target(name: "XMLTree", dependencies: ["TextEcho"], swiftSettings: strictSettings),
        .target(name: "SSAITracking", dependencies: ["MediaTime", "StrictJSON", "TextEcho"], swiftSettings: strictSettings),
        .target(name: "VAST", dependencies: ["MediaTime", "XMLTree", "TextEcho"], swiftSettings: strictSettings),
        .target(name: "AdTransport", dependencies: ["MediaTime", logging], swiftSettings: strictSettings),
        // libcurl's easy interface, loaded at run time (dlopen) by the first request.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // HTTPTransport over libcurl loaded on demand: adplay's transport on Linux, so a command
        // that reads files never loads FoundationNetworking, libcurl and what they bring.
        .target(name: "AdCurl", dependencies: ["AdTransport", "CCurl"], swiftSettings: strictSettings),
        // HTTPTransport over URLSession: the default for apps (FoundationNetworking on Linux).
        .target(name: "AdURLSession", dependencies: ["AdTransport"], swiftSettings: strictSettings),
        .target(name: "VASTResolution", dependencies: ["VAST", "AdTransport"], swiftSettings: strictSettings),
        .target(
            name: "AdResolvers",
            dependencies: ["AdSignals", "AdTimeline", "AdTransport", "HLS", "MediaTime", "VAST", "VASTResolution", logging],
            swiftSettings: strictSettings
        ),
        .target(
            name: "VASTReport", dependencies: ["VAST", "VASTResolution", "MediaTime", "SCTE35Text", "StrictJSON"],
            swiftSettings: strictSettings),
        .target(
            name: "HLSReport",
            dependencies: ["HLS", "MediaTime", "SCTE35", "SCTE35Text", "StrictJSON", "AdSignals"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "LiveReport",
            dependencies: ["AdLive", "AdSSAI", "AdSignals", "HLS", "HLSReport", "MediaTime", "SCTE35Text", "SSAITracking", "StrictJSON"],
            swiftSettings: strictSettings),
        .target(name: "AdTimeline", dependencies: ["MediaTime"], swiftSettings: strictSettings),
        .target(name: "AdPolicy", dependencies: ["MediaTime", "AdTimeline"], swiftSettings: strictSettings),
        .target(
            name: "AdSignals", dependencies: ["MediaTime", "SCTE35", "HLS", "VAST", "AdTimeline", "SSAITracking"], swiftSettings: strictSettings),
        .target(
            name: "AdPlayback",
            dependencies: ["MediaTime", "AdTimeline", "AdPolicy", "AdSignals", "VAST"],
            swiftSettings: strictSettings
        ),
        // The simulated player: the stand-in for a real one, just above the contract it keeps.
        .target(name: "AdPlayerSimulated", dependencies: ["MediaTime", "AdPlayback"], swiftSettings: strictSettings),
        .target(
            name: "AdTracking", dependencies: ["MediaTime", "AdTimeline", "AdPolicy", "AdPlayback", "VAST"], swiftSettings: strictSettings),
        .target(
            name: "AdOutbox", dependencies: ["MediaTime", "StrictJSON", "AdTracking", "AdStorage", "AdTransport", "VAST", logging], swiftSettings: strictSettings),
        .target(name: "AdLive", dependencies: ["MediaTime", "StrictJSON", "HLS", "AdSignals", "AdTransport", logging], swiftSettings: strictSettings),
        .target(
            name: "AdSSAI", dependencies: ["MediaTime", "HLS", "SSAITracking", "AdSignals", "AdTimeline", "AdTransport", "AdLive", logging],
            swiftSettings: strictSettings),
        .target(
            name: "AdStorage", dependencies: ["MediaTime", "StrictJSON", "AdPlayback"], swiftSettings: strictSettings),
        .target(
            name: "AdPlaybackRuntime",
            dependencies: [
                "AdPlayback", "AdResolvers", "AdSignals", "AdLive", "AdSSAI", "SSAITracking", "HLS", "AdTimeline", "MediaTime", "AdTracking", "VAST",
                "AdTransport", "AdPolicy", logging,
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "AdSimulation",
            dependencies: [
                "MediaTime", "VirtualTime", "AdTimeline", "AdPolicy", "AdPlayback", "AdPlayerSimulated", "AdPlaybackRuntime", "AdLive",
                "AdResolvers", "AdSignals", "AdTransport", "HLS", logging,
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "AdPlaybackTestSupport",
            dependencies: ["MediaTime", "SCTE35", "AdTransport", .product(name: "FlyingFox", package: "FlyingFox"), logging],
            swiftSettings: strictSettings
        ),
        .target(
            name: "AdPolicyExamples",
            dependencies: ["MediaTime", "AdPolicy"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "AdScenario",
            dependencies: [
                "MediaTime", "StrictJSON", "AdTimeline", "AdPolicy", "AdPlayback", "AdSimulation", "AdSignals", "AdResolvers",
                "AdPlaybackRuntime", "VAST", "AdLive", "HLS", "HLSReport", "LiveReport", "AdSSAI", "AdTracking", "AdOutbox", "AdTransport", "TextEcho", logging,
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "AdPlaybackKit",
            dependencies: [
                "MediaTime", "SCTE35", "HLS", "VAST", "VASTResolution", "AdTimeline", "AdPolicy", "AdPlayback",
                "AdResolvers", "AdSimulation", "AdSignals", "AdTransport", "AdURLSession", "AdPlaybackRuntime", "AdStorage", "AdLive",
                "SSAITracking", "AdSSAI", "AdTracking", "AdOutbox",
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "adplay",
            dependencies: [
                "AdScenario",
                "AdPlayerMPV",
                "AdLive",
                "AdSSAI",
                "AdStorage",
                "AdOutbox",
                "AdTracking",
                "AdSignals",
                "HLS",
                "HLSReport",
                "LiveReport",
                "SCTE35",
                "SCTE35Text",
                "StrictJSON",
                "VAST",
                "VASTReport",
                "VASTResolution",
                "AdResolvers",
                "AdPlayback",
                "AdTransport",
                // The transport: libcurl loaded by the first request on Linux; URLSession elsewhere.
                .byName(name: "AdCurl", condition: .when(platforms: [.linux])),
                .byName(name: "AdURLSession", condition: .when(platforms: [.macOS, .iOS, .tvOS, .visionOS, .watchOS])),
                "MediaTime",
                "HugePages",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                logging,
            ],
            swiftSettings: strictSettings
        ),
        // mpv as the session's player, over its JSON IPC socket; no link-time dependency.
        .target(
            name: "AdPlayerMPV", dependencies: ["AdPlayback", "AdPlaybackRuntime", "AdTimeline", "HLS", "MediaTime", "VAST"],
            swiftSettings: strictSettings),
        // AVPlayer as the session's player, on the main actor; the adapter is written against a
        // protocol and tested everywhere, only AVPlayer's conformance needs AVFoundation.
        .target(
            name: "AdPlayerAVFoundation", dependencies: ["AdPlayback", "AdPlaybackRuntime", "AdTimeline", "MediaTime", "VAST"],
            swiftSettings: strictSettings),
        // An app that owns its runtime on the main actor, over a main-actor player:
        // Swift 6 mode, complete concurrency checking, nothing unchecked.
        .executableTarget(
            name: "MainActorApp", dependencies: ["AdPlaybackKit"], path: "Examples/MainActorApp",
            swiftSettings: strictSettings + [.enableExperimentalFeature("StrictConcurrency=complete")]),
        .testTarget(
            name: "AdPlayerAVFoundationTests",
            dependencies: [
                "AdPlayerAVFoundation", "AdPlayback", "AdPlaybackRuntime", "AdPolicy", "AdResolvers", "VirtualTime", "AdTimeline",
                "MediaTime",
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "AdPlayerMPVTests",
            dependencies: ["AdURLSession", 
                "adplay",
                "AdPlayerMPV", "AdPlayback", "AdPlaybackRuntime", "AdPlaybackTestSupport", "AdPolicy", "AdResolvers", "AdScenario", "AdSignals",
                "AdLive", "AdTimeline", "AdTracking", "AdTransport", "HLS", "MediaTime",
            ],
            swiftSettings: strictSettings),
        // Compiles the README's examples with nothing but `import AdPlaybackKit`.
        .testTarget(name: "AdPlaybackKitTests", dependencies: ["AdPlaybackKit"], swiftSettings: strictSettings),
        .testTarget(
            name: "AdSimulationTests", dependencies: ["AdSimulation", "AdPlayback", "AdPolicy", "AdSignals", "AdTimeline", "AdPlaybackTestSupport", "MediaTime", logging],
            swiftSettings: strictSettings),
        .testTarget(
            name: "AdStorageTests", dependencies: ["AdStorage", "AdPlayback", "AdSimulation", "AdTimeline", "AdPolicy", "MediaTime"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "AdLiveTests",
            dependencies: ["AdURLSession", 
                "AdLive", "HLS", "AdTransport", "AdSimulation", "AdPlaybackTestSupport", "MediaTime", "AdPlayback", "AdPolicy",
                "AdTimeline", "AdPlaybackRuntime", "AdResolvers", "AdSignals",
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings),
        .testTarget(
            name: "SSAITrackingTests", dependencies: ["SSAITracking", "MediaTime", "HLS"], resources: [.copy("Fixtures")],
            swiftSettings: strictSettings),
        .testTarget(
            name: "AdSSAITests",
            dependencies: ["AdURLSession", 
                "AdSSAI", "SSAITracking", "AdLive", "AdTransport", "AdPlaybackTestSupport", "AdSimulation", "MediaTime",
                "AdPlayback", "AdPlaybackRuntime", "AdPolicy", "AdTimeline", "HLS", logging,
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings),
        .testTarget(
            name: "AdTrackingTests",
            dependencies: ["AdTracking", "AdPlayback", "AdPolicy", "AdTimeline", "AdSimulation", "MediaTime", "VAST"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "AdOutboxTests",
            dependencies: ["AdOutbox", "AdTracking", "AdTransport", "VirtualTime", "AdPlaybackTestSupport", "MediaTime"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "AdTransportTests", dependencies: ["AdTransport", "AdURLSession", "AdCurl", "AdPlaybackTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(name: "TextEchoTests", dependencies: ["TextEcho"], swiftSettings: strictSettings),
        .testTarget(name: "HugePagesTests", dependencies: ["HugePages"], swiftSettings: strictSettings),
        .testTarget(
            name: "StrictJSONTests",
            dependencies: ["StrictJSON", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "MediaTimeTests", dependencies: ["MediaTime"], swiftSettings: strictSettings),
        .testTarget(name: "AdSignalsTests", dependencies: ["AdSignals", "AdTimeline", "HLS", "SCTE35", "MediaTime"], swiftSettings: strictSettings),
        .testTarget(
            name: "AdTimelineTests",
            dependencies: [
                "MediaTime", "AdTimeline",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AdPolicyTests",
            dependencies: ["MediaTime", "AdTimeline", "AdPolicy", "AdPolicyExamples"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AdPlaybackTests",
            dependencies: [
                "MediaTime", "AdTimeline", "AdPolicy", "AdPlayback", "AdSimulation", "AdPolicyExamples", "AdSignals", "HLS",
                "AdResolvers", "SCTE35",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AdScenarioTests",
            dependencies: ["AdURLSession", 
                "MediaTime", "AdTimeline", "AdPolicy", "AdPlayback", "AdScenario", "AdLive", "AdSignals", "AdSSAI", "SSAITracking",
                "AdOutbox", "AdTransport", "AdResolvers", "AdPlaybackTestSupport", "VAST", "VASTResolution", "HLS", "AdSimulation",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SCTE35Tests",
            dependencies: [
                "SCTE35", "SCTE35Text",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "VASTTests",
            dependencies: ["VAST", "XMLTree", "MediaTime", "AdPlaybackTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AdResolversTests",
            dependencies: ["AdURLSession", 
                "AdResolvers", "AdSignals", "AdTimeline", "VAST", "VASTResolution", "AdTransport", "VirtualTime",
                "AdPlaybackTestSupport", "HLS", "MediaTime", "AdTracking", logging],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "VASTResolutionTests",
            dependencies: ["AdURLSession", "VAST", "VASTResolution", "AdTransport", "VirtualTime", "AdPlaybackTestSupport", "MediaTime"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "XMLTreeTests",
            dependencies: ["XMLTree", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "HLSTests",
            dependencies: [
                "HLS", "MediaTime", "SCTE35", "AdPlaybackTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AdplayTests", dependencies: ["adplay", "MainActorApp", "AdPlaybackTestSupport", "SCTE35", "AdOutbox"],
            exclude: ["Fixtures"],  // read from the source tree: scenarios and the outputs they must print
            swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
