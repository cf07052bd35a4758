import Foundation

/// What a signal handler may touch, set before the handlers are installed:
/// the mpv to end and the socket files to remove, as C values.
nonisolated(unsafe) private var signalledProcess: pid_t = 0
nonisolated(unsafe) private var signalledSocket: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var signalledDirectory: UnsafeMutablePointer<CChar>?

/// Ends mpv, removes its socket and directory, and exits: only calls that
/// are safe in a signal handler. A killed process takes a while to die, so
/// the handler waits for it: whoever watches this tool's exit finds no mpv.
/// If another thread reaps it first, the wait ends at once, as it is gone.
private func endOnSignal(_ number: Int32) {
    if signalledProcess > 0, kill(signalledProcess, SIGKILL) == 0 {
        while waitpid(signalledProcess, nil, 0) == -1, errno == EINTR {}
    }
    if let signalledSocket { unlink(signalledSocket) }
    if let signalledDirectory { rmdir(signalledDirectory) }
    _exit(128 + number)
}

extension MPVPlayer {
    /// For a command-line tool: when it is interrupted (SIGINT), terminated
    /// (SIGTERM) or hung up on (SIGHUP), this mpv ends and its socket
    /// directory goes before the tool exits with 128 + the signal's number.
    /// A closed output becomes a write error instead of SIGPIPE, so the
    /// tool can stop the player itself. Call it once, for one player.
    public func stopsWhenTheProcessIsSignalled() {
        signalledSocket = strdup(mpv.socketPath)
        signalledDirectory = strdup(mpv.directory.path)
        signalledProcess = mpv.process.processIdentifier
        signal(SIGPIPE, SIG_IGN)
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, endOnSignal) }
    }
}
