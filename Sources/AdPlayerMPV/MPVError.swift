import MediaTime

/// Why mpv could not be started or reached.
public enum MPVError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No `mpv` on PATH, or not at the path given.
    case notFound(String)
    /// The process could not be started.
    case launchFailed(String)
    /// mpv did not open its IPC socket in time.
    case noSocket(path: String, waited: Duration)

    /// What to do about it, in one line.
    public var description: String {
        switch self {
        case .notFound(let where_):
            "mpv was not found (\(where_)); install it: apt-get install -y --no-install-recommends mpv (Debian, Ubuntu) or brew install mpv (macOS)"
        case .launchFailed(let why): "mpv could not be started: \(why)"
        case .noSocket(let path, let waited): "mpv did not open its IPC socket \(path) within \(waited)"
        }
    }
}
