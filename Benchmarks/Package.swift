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
                .product(name: "AdPlaybackKit", package: "AdPlaybackKit"),
                .product(name: "AdPlaybackTestSupport", package: "AdPlaybackKit"),
            ],
            path: "Benchmarks/AdPlaybackBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // The process comparison runs the release adplay; build it first:
        //   (cd .. && bash Scripts/release.sh)
        .executableTarget(
            name: "SCTE35Benchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                "ProcessRunner",
                .product(name: "SCTE35", package: "AdPlaybackKit"),
            ],
            path: "Benchmarks/SCTE35Benchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // How the process benchmarks run a process (posix_spawn, the interposer left out).
        .target(name: "ProcessRunner", path: "Benchmarks/ProcessRunner"),
        // Process start-up of the release adplay (bash Scripts/release.sh), beside /bin/true.
        .executableTarget(
            name: "StartupBenchmarks",
            dependencies: [.product(name: "Benchmark", package: "package-benchmark"), "ProcessRunner"],
            path: "Benchmarks/StartupBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // The process comparison runs the release adplay (as above) and python3 with m3u8.
        .executableTarget(
            name: "HLSBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                "ProcessRunner",
                .product(name: "HLS", package: "AdPlaybackKit"),
                .product(name: "AdPlaybackTestSupport", package: "AdPlaybackKit"),
            ],
            path: "Benchmarks/HLSBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // The live stream and the interstitial refreshes the live benchmarks
        // time and RefreshFootprint counts.
        .target(
            name: "LiveWorkload",
            dependencies: [.product(name: "AdPlaybackKit", package: "AdPlaybackKit")],
            path: "Benchmarks/LiveWorkload"
        ),
        .executableTarget(
            name: "LiveBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "AdPlaybackKit", package: "AdPlaybackKit"),
                "LiveWorkload",
            ],
            path: "Benchmarks/LiveBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Not a benchmark: what a refresh adding an interstitial touches, counted
        // by valgrind's cache simulator. Run Scripts/refresh_footprint.sh.
        .executableTarget(
            name: "RefreshFootprint",
            dependencies: ["LiveWorkload"],
            path: "Benchmarks/RefreshFootprint"
        ),
        .executableTarget(
            name: "SSAIBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "AdPlaybackKit", package: "AdPlaybackKit"),
            ],
            path: "Benchmarks/SSAIBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Runs the release adplay (as above) on a real mpv: needs mpv, ffmpeg and
        // python3 (its http.server is the origin).
        .executableTarget(
            name: "MPVBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/MPVBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // The collector is Scripts/beacon_collector.py, run with python3.
        .executableTarget(
            name: "OutboxBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "AdPlaybackKit", package: "AdPlaybackKit"),
            ],
            path: "Benchmarks/OutboxBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "VASTBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "AdPlaybackKit", package: "AdPlaybackKit"),
                .product(name: "AdPlaybackTestSupport", package: "AdPlaybackKit"),
            ],
            path: "Benchmarks/VASTBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)
