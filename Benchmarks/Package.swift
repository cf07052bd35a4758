// swift-tools-version: 6.1
import PackageDescription

// A separate package so library users and `swift test` never build the
// benchmark harness. Run from this folder:
//   swift package --allow-writing-to-package-directory benchmark
let package = Package(
    name: "AdPlaybackKitBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "AdPlaybackKit", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "AdPlaybackBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "MediaTime", package: "AdPlaybackKit"),
                .product(name: "AdTimeline", package: "AdPlaybackKit"),
                .product(name: "AdPolicy", package: "AdPlaybackKit"),
                .product(name: "AdScenario", package: "AdPlaybackKit"),
            ],
            path: "Benchmarks/AdPlaybackBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)
