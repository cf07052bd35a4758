public import Foundation
public import Logging

extension Logger {
    /// A logger that logs nothing: what every component logs to unless the
    /// app hands it one of its own.
    public static var silent: Logger { Logger(label: "AdPlaybackKit", factory: { _ in SwiftLogNoOpLogHandler() }) }
}

extension URL {
    /// The URL as logs show it: its query and fragment, which may carry
    /// tokens and viewer data, replaced by `…`.
    public var redactedForLog: String {
        guard var parts = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return "(a URL)" }
        let hadQuery = parts.query != nil || parts.fragment != nil
        parts.query = nil
        parts.fragment = nil
        parts.user = nil
        parts.password = nil
        return (parts.string ?? "(a URL)") + (hadQuery ? "?…" : "")
    }
}
