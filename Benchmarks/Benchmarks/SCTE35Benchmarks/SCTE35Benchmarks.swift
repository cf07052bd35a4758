import Benchmark
import ProcessRunner
import Foundation
import SCTE35
import SCTE35Text

/// SCTE 35 2020 §14.1 (time_signal, placement opportunity start) and §14.8
/// (three segmentation descriptors).
let sample141 = "/DA0AAAAAAAA///wBQb+cr0AUAAeAhxDVUVJSAAAjn/PAAGlmbAICAAAAAAsoKGKNAIAmsnRfg=="
let sample148 = "/DBhAAAAAAAA///wBQb+qM1E7QBLAhdDVUVJSAAArX+fCAgAAAAALLLXnTUCAAIXQ1VFSUgAACZ/nwgIAAAAACyy150RAAACF0NVRUlIAAAnf58ICAAAAAAsstezEAAAihiGnw=="

/// The eight §14 samples, cycled to `count` lines: the input of the
/// whole-process comparison.
func payloadFile(count: Int) -> URL {
    let samples = [
        sample141,
        "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo=",
        "/DAvAAAAAAAA///wBQb+dGKQoAAZAhdDVUVJSAAAjn+fCAgAAAAALKChijUCAKnMZ1g=",
        "/DBIAAAAAAAA///wBQb+ek2ItgAyAhdDVUVJSAAAGH+fCAgAAAAALMvDRBEAAAIXQ1VFSUgAABl/nwgIAAAAACyk26AQAACZcuND",
        "/DAvAAAAAAAA///wBQb+rr//ZAAZAhdDVUVJSAAACH+fCAgAAAAALKVs9RcAAJUdsKg=",
        "/DBIAAAAAAAA///wBQb+ky44CwAyAhdDVUVJSAAACn+fCAgAAAAALKCh4xgAAAIXQ1VFSUgAAAl/nwgIAAAAACygoYoRAAC0IX6w",
        "/DAvAAAAAAAA///wBQb+rvF8TAAZAhdDVUVJSAAAB3+fCAgAAAAALKVslxEAAMSHai4=",
        sample148,
    ]
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("scte35-payloads-\(count).txt")
    let text = (0..<count).map { samples[$0 % samples.count] }.joined(separator: "\n") + "\n"
    try? Data(text.utf8).write(to: url)
    return url
}

/// The same job as `adplay scte35 decode - --json`, with threefive.
let threefiveScript = """
    import sys, json
    from threefive import Cue
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            cue = Cue(line)
            cue.decode()
            print(json.dumps(cue.get()))
        except Exception as error:
            print(json.dumps({"error": str(error)}))
    """

/// The release `adplay`: `ADPLAY` if set, else the root package's release build.
let adplayPath = ProcessInfo.processInfo.environment["ADPLAY"] ?? "../.build/release/adplay"

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))

    Benchmark("SCTE-35 decode §14.1 from base64, CRC checked") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try SpliceInfoDecoder().decode(text: sample141))
        }
    }

    Benchmark("SCTE-35 decode §14.8 (3 descriptors) from base64, CRC checked") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try SpliceInfoDecoder().decode(text: sample148))
        }
    }

    let decoded = try! SpliceInfoDecoder().decode(text: sample148)
    Benchmark("SCTE-35 §14.8 to JSON") { benchmark in
        var output: [UInt8] = []
        for _ in benchmark.scaledIterations {
            output.removeAll(keepingCapacity: true)
            SpliceInfoJSON.write(decoded, appendingTo: &output)
            output.append(UInt8(ascii: "\n"))
            blackHole(output.count)
        }
    }

    Benchmark("SCTE-35 encode §14.8 with CRC") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try SpliceInfoEncoder.encode(decoded.section))
        }
    }

    // Whole process against whole process, 100,000 payloads each, output discarded.
    let process = Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(120), maxIterations: 5)
    let payloads = payloadFile(count: 100_000)
    guard FileManager.default.isExecutableFile(atPath: adplayPath) else {
        print("Skipping the process comparison: build adplay first (bash Scripts/release.sh) or set ADPLAY.")
        return
    }
    Benchmark("Process: adplay scte35 decode - --json, 100,000 payloads", configuration: process) { benchmark in
        for _ in benchmark.scaledIterations {
            precondition(runProcess(adplayPath, ["scte35", "decode", "-", "--json"], input: payloads.path), "adplay failed")
        }
    }
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("threefive-decode.py")
    try? Data(threefiveScript.utf8).write(to: script)
    guard runProcess("/usr/bin/env", ["python3", "-c", "import threefive"], input: payloads.path) else {
        print("Skipping threefive: pip install threefive to compare.")
        return
    }
    Benchmark("Process: python3 + threefive, decode and json.dumps, 100,000 payloads", configuration: process) { benchmark in
        for _ in benchmark.scaledIterations {
            precondition(runProcess("/usr/bin/env", ["python3", script.path], input: payloads.path), "threefive failed")
        }
    }
}
