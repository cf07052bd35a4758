import Benchmark
import Foundation
import ProcessRunner

/// How long `adplay` takes to start, run a command on a tiny input and
/// exit: what a script that runs it over every cue or every playlist of a
/// channel line-up waits for each time. `/bin/true` beside it is the cost of
/// any process here.
///
/// Measure the release build (`bash Scripts/release.sh`, which links the
/// Swift runtime and Foundation in); `ADPLAY` names another build.
let adplayPath = ProcessInfo.processInfo.environment["ADPLAY"] ?? "../.build/release/adplay"

/// SCTE 35 2020 §14.1: a time_signal with one segmentation descriptor.
let payload = "/DA0AAAAAAAA///wBQb+cr0AUAAeAhxDVUVJSAAAjn/PAAGlmbAICAAAAAAsoKGKNAIAmsnRfg=="

/// A four-segment VOD playlist with one CUE-OUT/CUE-IN break.
let tinyPlaylist = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:6
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXTINF:6.0,
    s0.ts
    #EXT-X-CUE-OUT:12
    #EXTINF:6.0,
    s1.ts
    #EXTINF:6.0,
    s2.ts
    #EXT-X-CUE-IN
    #EXTINF:6.0,
    s3.ts
    #EXT-X-ENDLIST

    """

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(10), maxIterations: 300)
    Benchmark("Process start: /bin/true, the floor", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { precondition(runProcess("/bin/true", []), "/bin/true failed") }
    }
    guard FileManager.default.isExecutableFile(atPath: adplayPath) else {
        print("Skipping adplay's start-up: build it first (bash Scripts/release.sh) or set ADPLAY.")
        return
    }
    let playlist = FileManager.default.temporaryDirectory.appendingPathComponent("startup-tiny.m3u8")
    try? Data(tinyPlaylist.utf8).write(to: playlist)
    Benchmark("Process start: adplay --help", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { precondition(runProcess(adplayPath, ["--help"]), "adplay failed") }
    }
    Benchmark("Process start: adplay scte35 decode, one payload, --format json", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            precondition(runProcess(adplayPath, ["scte35", "decode", payload, "--format", "json"]), "adplay failed")
        }
    }
    Benchmark("Process start: adplay hls inspect --summary, a 4-segment playlist", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            precondition(runProcess(adplayPath, ["hls", "inspect", playlist.path, "--summary"]), "adplay failed")
        }
    }
}
