public import AdTimeline

/// Why a session refused an input.
public struct SessionError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case notRunning
        case alreadyRunning
        case interrupted
        case notInterrupted
        case paused
        case notPaused
        case outOfRange(String)
        case neverEnds
        case noBookmark
        case timeline(TimelineError)
    }

    private let reason: Reason

    /// A bookmark was asked for where none was saved.
    public static let noBookmark = Self(reason: .noBookmark)
    /// No session is running.
    public static let notRunning = Self(reason: .notRunning)
    /// A session is already running.
    public static let alreadyRunning = Self(reason: .alreadyRunning)
    static let interrupted = Self(reason: .interrupted)
    static let notInterrupted = Self(reason: .notInterrupted)
    static let paused = Self(reason: .paused)
    static let notPaused = Self(reason: .notPaused)
    /// The session has no end to play to (a live stream, or nothing plays).
    public static let neverEnds = Self(reason: .neverEnds)
    /// A target outside what may be played (the content, a live window's seekable range).
    public static func outOfRange(_ what: String) -> Self { Self(reason: .outOfRange(what)) }
    /// A timeline change that does not fit the timeline.
    public static func timeline(_ error: TimelineError) -> Self { Self(reason: .timeline(error)) }

    /// The timeline's refusal, when that is why.
    public var timelineError: TimelineError? {
        if case .timeline(let error) = reason { return error }
        return nil
    }

    public var description: String {
        switch reason {
        case .notRunning: "no session is running"
        case .alreadyRunning: "a session is already running"
        case .interrupted: "the session is interrupted; only the interruption's end, stop or fail-over apply"
        case .notInterrupted: "the session is not interrupted"
        case .paused: "the session is already paused"
        case .notPaused: "the session is not paused"
        case .outOfRange(let what): what
        case .neverEnds: "the session has no end to play to"
        case .noBookmark: "no bookmark has been saved"
        case .timeline(let error): error.description
        }
    }
}
