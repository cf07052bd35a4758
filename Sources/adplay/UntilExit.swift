import Foundation

/// What a command leaves to the end of the process instead of freeing.
///
/// A parsed 100,000-segment playlist is some 200,000 allocations, and its
/// bytes 15 MB; freeing them one by one was a tenth of `hls inspect
/// --summary` on it, just before the process exits and returns all of its
/// memory at once. (Compilers do the same with what they build.)
enum UntilExit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ value: Any) { lock.withLock { kept.append(value) } }
}
