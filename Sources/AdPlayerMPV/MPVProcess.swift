import Foundation

/// An mpv process with a JSON IPC socket in a private temporary directory,
/// which goes with it: mpv 0.35 leaves its socket file behind when it quits.
final class MPVProcess: @unchecked Sendable {
    let process: Process
    let directory: URL
    let socketPath: String

    /// Starts mpv, idle, headless unless `window`.
    init(executable: String?, window: Bool, extraArguments: [String]) throws(MPVError) {
        let path = try Self.locate(executable)
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("mpv-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .launchFailed("no private directory for the socket: \(error)")
        }
        directory = base
        socketPath = base.appendingPathComponent("ipc").path
        process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [
            "--idle=yes", "--input-ipc-server=\(socketPath)", "--no-config", "--terminal=no", "--ytdl=no",
            "--load-scripts=no", "--keep-open=yes", "--force-window=\(window ? "yes" : "no")",
            // A playlist's segment and key URLs go through libavformat: web protocols only.
            "--demuxer-lavf-o=protocol_whitelist=[http,https,tcp,tls,crypto]",
        ] + (window ? [] : ["--vo=null", "--ao=null"]) + extraArguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try Self.withSignalsUnblocked { try process.run() }
        } catch {
            try? FileManager.default.removeItem(at: base)
            throw .launchFailed("\(error)")
        }
    }

    /// `executable`, or `mpv` found on PATH.
    static func locate(_ executable: String?) throws(MPVError) -> String {
        if let executable {
            guard FileManager.default.isExecutableFile(atPath: executable) else { throw .notFound(executable) }
            return executable
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/mpv"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw .notFound("not on PATH")
    }

    /// Ends mpv and removes its directory: mpv has a second to quit as it
    /// was asked, then is terminated, then killed; stopping never hangs on it.
    func stop() {
        for signal in [SIGTERM, SIGKILL] {
            let deadline = ContinuousClock.now + .seconds(1)
            while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
            guard process.isRunning else { break }
            kill(process.processIdentifier, signal)
        }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `body` with no signal blocked on this thread, so that a process
    /// it starts begins with none blocked: a child inherits the mask, and
    /// the threads Swift concurrency runs on block most signals, which would
    /// leave mpv deaf to SIGTERM.
    private static func withSignalsUnblocked<T>(_ body: () throws -> T) rethrows -> T {
        var all = sigset_t()
        var saved = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_UNBLOCK, &all, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        return try body()
    }
}
