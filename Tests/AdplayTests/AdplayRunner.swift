import Foundation
import Testing

/// Runs the built `adplay` executable, the way a user does.
struct AdplayRunner {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String

        /// The JSON lines of stdout as dictionaries.
        var events: [[String: Any]] {
            stdout.split(separator: "\n").compactMap { line in
                try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            }
        }

        /// `event` plus `break`, `reason` where present: "adBreakSkip mid watched".
        var summary: [String] {
            events.map { event in
                [event["event"], event["break"], event["reason"]].compactMap { $0 as? String }.joined(separator: " ")
            }
        }
    }

    static var executable: URL {
        get throws { try executable(named: "adplay") }
    }

    /// A product of the package, beside the test bundle.
    static func executable(named name: String) throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw NotBuilt(name: name, looked: candidates.map(\.path))
    }

    /// The product is not where the tests look for it.
    struct NotBuilt: Error, CustomStringConvertible {
        var name: String
        var looked: [String]
        var description: String {
            "\(name) is not built beside the tests (looked in \(looked.joined(separator: ", "))); `swift build` builds it"
        }
    }

    static func run(_ arguments: [String], input: String? = nil, in directory: URL? = nil) throws -> Output {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var inputFile: URL?
        if let input {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("stdin-\(UUID().uuidString)")
            try Data(input.utf8).write(to: file)
            process.standardInput = try FileHandle(forReadingFrom: file)
            inputFile = file
        }
        defer { if let inputFile { try? FileManager.default.removeItem(at: inputFile) } }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The same, on a thread outside Swift's cooperative pool, so a server in
    /// this process (the loopback ad server) keeps answering while it waits.
    /// Tests use this one: a test blocked in ``run(_:input:)`` holds one of
    /// the pool's few threads for the whole run of the process.
    /// One process runs at a time. A process waiting on a request spins a
    /// core inside URLSession on Linux (its dispatch event loop polls); two
    /// of them would leave nothing for the loopback server in this process
    /// that they wait on, and each would run out its wall-clock limits.
    static func runInBackground(_ arguments: [String], input: String? = nil, in directory: URL? = nil) async throws -> Output {
        // A thread of its own: a dispatch global queue's threads are Swift's
        // cooperative pool on Linux, and a wait there would stall every task.
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                processSlots.wait()
                defer { processSlots.signal() }
                continuation.resume(with: Result { try run(arguments, input: input, in: directory) })
            }.start()
        }
    }

    /// Starts `adplay` and kills it (SIGKILL, as `kill -9`) at a moment the
    /// test observes: as soon as `reached` says the run got there (the
    /// journal holds N beacons, the bookmark file the Nth save), checked
    /// every millisecond on a thread of its own. Its output is discarded.
    /// The kill lands where the run is, however fast or slow the machine.
    /// - Returns: whether the kill ended it (false: it had finished first).
    static func runKilled(_ arguments: [String], when reached: @escaping @Sendable () -> Bool) async throws -> Bool {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                processSlots.wait()
                defer { processSlots.signal() }
                continuation.resume(with: Result {
                    let process = Process()
                    process.executableURL = try executable
                    process.arguments = arguments
                    process.standardOutput = FileHandle.nullDevice
                    process.standardError = FileHandle.nullDevice
                    try process.run()
                    while process.isRunning, !reached() { usleep(1_000) }
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                    return process.terminationReason == .uncaughtSignal
                })
            }.start()
        }
    }

    private static let processSlots = DispatchSemaphore(value: 1)

    /// Writes `json` to a temporary file and simulates it as JSON lines.
    static func simulate(_ json: String, extra: [String] = []) async throws -> Output {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await runInBackground(["simulate", file.path, "--format", "jsonl"] + extra)
    }
}
