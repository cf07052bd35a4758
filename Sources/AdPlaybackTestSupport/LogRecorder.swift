import Foundation
public import Logging

/// Keeps what a logger logged, for tests that check a component logs what
/// it should, at the level it should, with the ids it should.
///
/// ```swift
/// let recorder = LogRecorder()
/// let registry = ResolverRegistry(resolvers, clock: clock, logger: recorder.logger)
/// #expect(recorder.entries.contains { $0.level == .warning && $0.metadata["opportunity"] == "mid" })
/// ```
public final class LogRecorder: @unchecked Sendable {
    /// One entry: its level, message and metadata (the logger's and the call's).
    public struct Entry: Sendable {
        /// Its level.
        public var level: Logger.Level
        /// Its message.
        public var message: String
        /// Its metadata, the logger's and the call's, as text.
        public var metadata: [String: String]
    }

    private let lock = NSLock()
    private var kept: [Entry] = []

    /// Creates an empty recorder.
    public init() {}

    /// Everything logged so far, in order.
    public var entries: [Entry] { lock.withLock { kept } }

    /// A logger that logs everything, down to trace, into this recorder.
    public var logger: Logger {
        var logger = Logger(label: "test") { [self] _ in Handler(recorder: self) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func keep(_ entry: Entry) { lock.withLock { kept.append(entry) } }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            recorder.keep(Entry(level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" }))
        }
    }
}
