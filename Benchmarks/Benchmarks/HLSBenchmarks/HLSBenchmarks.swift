import AdPlaybackTestSupport
import Benchmark
import ProcessRunner
import Foundation
import HLS

/// The synthetic live stream: 6.006 s segments, PROGRAM-DATE-TIME on every
/// segment, a 5-segment break every 50 segments marked with DATERANGE
/// SCTE35-OUT/IN, EXT-OATCLS-SCTE35, CUE-OUT/CUE-OUT-CONT/CUE-IN and
/// DISCONTINUITY, an interstitial DATERANGE every 500 segments.
let stream = SyntheticLivePlaylist()

/// Segment lines as bytes, with offsets, so any window's text is one copy.
final class Windows: @unchecked Sendable {
    // Written once before the benchmarks run, then only read.
    let body: [UInt8]
    let offsets: [Int]

    init(segments: Int) {
        var body: [UInt8] = []
        var offsets = [0]
        for index in 0..<segments {
            body += Array(stream.lines(ofSegment: index).utf8)
            offsets.append(body.count)
        }
        self.body = body
        self.offsets = offsets
    }

    func text(_ window: Range<Int>) -> [UInt8] {
        var text = Array(stream.text(window: window.lowerBound..<window.lowerBound).utf8)
        text += body[offsets[window.lowerBound]..<offsets[window.upperBound]]
        return text
    }
}

/// `m3u8.loads` on a file, printing the segment count: the Python peer.
let m3u8Script = """
    import sys, m3u8
    with open(sys.argv[1]) as f:
        playlist = m3u8.loads(f.read())
    print(len(playlist.segments))
    """

/// Holds the live playlist across samples; each sample refreshes it once.
final class LiveBox: @unchecked Sendable {
    // Only the benchmark's own closure touches it, one sample at a time.
    var live: LivePlaylist
    var first = 1
    init(_ live: LivePlaylist) { self.live = live }
}

let adplayPath = ProcessInfo.processInfo.environment["ADPLAY"] ?? "../.build/release/adplay"

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5))
    let windows = Windows(segments: 12_000)
    let playlist = windows.text(0..<10_000)
    let megabytes = String(format: "%.2f", Double(playlist.count) / 1_000_000)
    print("Synthetic playlist: 10,000 segments, \(playlist.count) bytes")

    Benchmark("HLS full typed parse with signals, 10,000 segments (\(megabytes) MB)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try PlaylistParser().parseMedia(playlist))
        }
    }

    // A 3-hour live window (1,798 segments of 6.006 s, 36 breaks), with 36 interstitials and without.
    var withInterstitials = SyntheticLivePlaylist()
    withInterstitials.interstitialEvery = 50
    var without = SyntheticLivePlaylist()
    without.interstitialEvery = 0
    let threeHours = 0..<1_798
    let interstitialText = Array(withInterstitials.text(window: threeHours).utf8)
    let plainText = Array(without.text(window: threeHours).utf8)
    let counted = try! PlaylistParser().parseMedia(interstitialText).opportunities.filter { if case .interstitial = $0.kind { true } else { false } }.count
    precondition(counted == 36, "the 3-hour window has \(counted) interstitials, not 36")
    Benchmark("HLS parse, 3 h live window, 36 breaks, no interstitials") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try PlaylistParser().parseMedia(plainText)) }
    }
    Benchmark("HLS parse, 3 h live window, 36 breaks and 36 interstitials") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try PlaylistParser().parseMedia(interstitialText)) }
    }
    // The share the interstitials add, from the two windows parsed alternately:
    // the two benchmarks above run one after the other, and a machine that
    // speeds up or slows down between them moves their ratio by points.
    let added = BenchmarkMetric.custom("‰ the interstitials add (10 pairs parsed alternately)", useScalingFactor: false)
    Benchmark("HLS parse, 3 h live window: what 36 interstitials add, the windows parsed alternately",
              configuration: .init(metrics: [added], maxDuration: .seconds(10), maxIterations: 300)) { benchmark in
        let clock = ContinuousClock()
        for _ in benchmark.scaledIterations {
            var plain = Duration.zero
            var withThem = Duration.zero
            for _ in 0..<10 {
                let start = clock.now
                blackHole(try PlaylistParser().parseMedia(plainText))
                let middle = clock.now
                blackHole(try PlaylistParser().parseMedia(interstitialText))
                withThem += clock.now - middle
                plain += middle - start
            }
            benchmark.measurement(added, Int(((withThem / plain) - 1) * 1_000))
        }
    }

    // A 24-hour playlist (14,386 segments of 6.006 s) with 288 interstitials, as
    // spread through the segments and as a VOD playlist may list them: all at
    // the top. A date range is placed by searching the dates of its run, so the
    // two cost the same; a walk from the tag to its date made the second 64 %
    // slower.
    var day = SyntheticLivePlaylist()
    day.interstitialEvery = 50
    let daySpread = day.text(window: 0..<14_386)
    let dayLines = daySpread.split(separator: "\n", omittingEmptySubsequences: false)
    let isInterstitial = { (line: Substring) in line.hasPrefix("#EXT-X-DATERANGE:ID=\"interstitial") }
    var dayTop = dayLines.filter { !isInterstitial($0) }
    let firstDate = dayTop.firstIndex { $0.hasPrefix("#EXT-X-PROGRAM-DATE-TIME") }!
    dayTop.insert(contentsOf: dayLines.filter(isInterstitial), at: firstDate + 1)
    let spreadText = Array(daySpread.utf8)
    let topText = Array(dayTop.joined(separator: "\n").utf8)
    let placed = { (text: [UInt8]) in Set(try! PlaylistParser().parseMedia(text).opportunities.map { "\($0.id) \($0.start)" }) }
    precondition(placed(spreadText) == placed(topText), "listed at the top, the interstitials are placed elsewhere")
    Benchmark("HLS parse, 24 h, 288 interstitials spread through the segments") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try PlaylistParser().parseMedia(spreadText)) }
    }
    Benchmark("HLS parse, 24 h, the same 288 interstitials listed at the top") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try PlaylistParser().parseMedia(topText)) }
    }

    let box = LiveBox(try! LivePlaylist(playlist))
    Benchmark("HLS live refresh adding one segment to the 10,000-segment window",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 1_500)) { benchmark in
        let text = windows.text(box.first..<box.first + 10_000)
        benchmark.startMeasurement()
        let delta = try box.live.refresh(with: text)
        benchmark.stopMeasurement()
        precondition(!delta.readWholeText && delta.addedSegments.count == 1, "the refresh did not take the fast path")
        box.first += 1
    }

    // Whole process against whole process on the same 100,000-segment playlist.
    let big = FileManager.default.temporaryDirectory.appendingPathComponent("synthetic-100000.m3u8")
    var bigText = Array(stream.text(window: 0..<0).utf8)
    for index in 0..<100_000 { bigText += Array(stream.lines(ofSegment: index).utf8) }
    try? Data(bigText).write(to: big)
    print("Synthetic playlist: 100,000 segments, \(bigText.count) bytes at \(big.path)")
    // The same playlist in process: the whole job `hls inspect` does (every tag typed, every cue
    // decoded, the opportunities formed), without the process around it. Its bytes over the
    // median time are the throughput.
    let bigMegabytes = String(format: "%.1f", Double(bigText.count) / 1_000_000)
    Benchmark("HLS full job in process, 100,000 segments (\(bigMegabytes) MB)",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 30)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try PlaylistParser().parseMedia(bigText)) }
    }
    let process = Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(120), maxIterations: 7)
    // adplay's runs are short, and this machine's tail is long (a run in
    // four takes half as long again): more of them keep the median steady.
    let shortProcess = Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(60), maxIterations: 31)
    guard FileManager.default.isExecutableFile(atPath: adplayPath) else {
        print("Skipping the process comparison: build adplay first (bash Scripts/release.sh) or set ADPLAY.")
        return
    }
    Benchmark("Process: adplay hls inspect --summary, 100,000 segments", configuration: shortProcess) { benchmark in
        for _ in benchmark.scaledIterations {
            precondition(runProcess(adplayPath, ["hls", "inspect", "--summary", big.path]), "adplay failed")
        }
    }
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("m3u8-count.py")
    try? Data(m3u8Script.utf8).write(to: script)
    guard runProcess("/usr/bin/env", ["python3", "-c", "import m3u8"]) else {
        print("Skipping m3u8: pip install m3u8 to compare.")
        return
    }
    Benchmark("Process: python3 + m3u8.loads, segment count, 100,000 segments", configuration: process) { benchmark in
        for _ in benchmark.scaledIterations {
            precondition(runProcess("/usr/bin/env", ["python3", script.path, big.path]), "m3u8 failed")
        }
    }
}
