public import AdPlayback
public import AdPlaybackRuntime
import AdTimeline
import Foundation
public import MediaTime
import VAST

/// mpv as the session's player, over its JSON IPC socket: the process is
/// started with the player and ends with ``stop()``; there is no link-time
/// dependency, so the package builds where mpv is absent.
///
/// Presentations become `loadfile` (a new item, at its start option) or
/// `seek` (`absolute`, or `absolute+exact` where the contract says exact);
/// `playback-restart` is ready, with the position mpv then reports;
/// `end-file` is the item's end (`eof`) or its failure (`error`); a cache
/// pause, or a position that stops moving while playing, is a stall. mpv
/// reports on a thread of its own, so the reports go through the runtime's
/// `PlayerReporter`: set ``reporter`` once the runtime exists (reports
/// made before wait for it). A live main stream's positions are placed on
/// its playlist's stream time once the app hands over each refresh
/// (``follow(_:)``, ``LiveSegmentMap``).
///
/// ```swift
/// let mpv = try MPVPlayer(mainURL: contentURL)
/// let driver = PlaybackDriver(session: session, player: mpv, clock: ContinuousClock())
/// let runtime = PlaybackRuntime(driver: driver, registry: registry)
/// mpv.reporter = runtime.reporter
/// // live: at each refresh of the playlist the app follows
/// mpv.follow(LiveSegmentMap(playlist, url: playlistURL))
/// ```
public final class MPVPlayer: PlayerAdapter, @unchecked Sendable {
    let mpv: MPVProcess
    private var connection: MPVConnection?
    private let mainURL: String
    private let configuration: Configuration
    private let lock = NSLock()
    private let started = ContinuousClock.now
    /// The version's `loadfile` syntax: options moved to the 4th argument in 0.38.
    private var optionsArgument = 3

    // Under `lock`:
    private var versionText = ""
    private var endReached = false
    private var position = MediaDuration.zero
    private var positionMovedAt = ContinuousClock.now
    private var rate = 0.0
    private var current: Presentation?
    private var pending: PresentationID?
    private var loadedURL: String?
    private var presentationByEntry: [Int: PresentationID] = [:]
    private var stalled = false
    private var queuedReports: [PlayerReport] = []
    private var reporterStorage: PlayerReporter?
    private var log: [Observation] = []
    private var delays: [Duration] = []
    /// A live main stream's segments, once the driver follows its playlist.
    private var liveMap: LiveSegmentMap?
    /// Where mpv's `time-pos` 0 stands on the item's time: the start of the
    /// segment a live main stream was joined at; 0 for every other item.
    private var itemOffset = MediaDuration.zero
    /// A live join whose first segment mpv has not named yet.
    private var awaitingJoin = false

    /// Starts mpv, idle, with `mainURL` as the main stream's item.
    public init(mainURL: String, configuration: Configuration = Configuration()) throws(MPVError) {
        self.mainURL = mainURL
        self.configuration = configuration
        mpv = try MPVProcess(executable: configuration.executable, window: configuration.window, extraArguments: configuration.extraArguments)
        do {
            connection = try MPVConnection(
                path: mpv.socketPath, patience: configuration.startTimeout,
                onMessage: { [weak self] message in self?.take(message) },
                onClose: { [weak self] in self?.lost() })
        } catch {
            mpv.stop()
            throw error
        }
        connection?.send(["observe_property", 1, "time-pos"])
        connection?.send(["observe_property", 2, "paused-for-cache"])
        // With --keep-open, the end of an item is eof-reached, not end-file.
        connection?.send(["observe_property", 3, "eof-reached"])
        connection?.send(["set_property", "pause", true])
        let answered = DispatchSemaphore(value: 0)
        connection?.send(["get_property", "mpv-version"]) { [weak self] data in
            self?.lock.withLock { self?.versionText = data as? String ?? "" }
            answered.signal()
        }
        _ = answered.wait(timeout: .now() + 5)
        optionsArgument = Self.optionsArgument(forVersion: lock.withLock { versionText })
    }

    deinit { stop() }

    /// mpv's version as it says it (`mpv 0.35.1`).
    public var version: String { lock.withLock { versionText } }

    /// Where `loadfile` takes its options for an mpv of `version`
    /// (`mpv 0.35.1`): the 3rd argument before 0.38, the 4th from it.
    package static func optionsArgument(forVersion version: String) -> Int {
        let numbers = version.split(separator: " ").dropFirst().first?.split(separator: ".").compactMap { Int($0) } ?? []
        guard numbers.count >= 2 else { return 3 }
        return (numbers[0], numbers[1]) >= (0, 38) ? 4 : 3
    }

    /// Where reports go; reports made before it is set wait for it.
    public var reporter: PlayerReporter? {
        get { lock.withLock { reporterStorage } }
        set {
            let waiting: [PlayerReport] = lock.withLock {
                reporterStorage = newValue
                defer { queuedReports = [] }
                return newValue == nil ? [] : queuedReports
            }
            for report in waiting { newValue?.report(report) }
        }
    }

    /// Set by the driver; mpv's reports go through ``reporter``.
    public var onReport: ((PlayerReport) -> Void)?

    /// Every position mpv reported once a presentation was ready, in order
    /// (the last 100,000): what mpv reports between a load and its
    /// `playback-restart` may still be the old item's.
    public var observations: [Observation] { lock.withLock { log } }

    /// Follows the main stream as live: `map` is its playlist's latest
    /// window, and mpv's positions in the main stream are mapped onto the
    /// playlist's stream time through it (``LiveSegmentMap``). Call it at
    /// every refresh; safe from any thread.
    public func follow(_ map: LiveSegmentMap) {
        let first = lock.withLock { () -> Bool in
            defer { liveMap = map }
            return liveMap == nil
        }
        // libavformat names the segments it opens at mpv's `v` level only.
        if first { connection?.send(["request_log_messages", "v"]) }
    }

    /// The last position mpv reported, if any.
    public var latest: Observation? { lock.withLock { log.last } }

    /// For each ready reported, how long after mpv's `playback-restart` it went out.
    public var readyDelays: [Duration] { lock.withLock { delays } }

    /// mpv's position in the item; a position that stood still too long while playing is reported as a stall.
    public var currentItemTime: MediaDuration {
        let (time, stall) = lock.withLock { () -> (MediaDuration, Bool) in
            let still = ContinuousClock.now - positionMovedAt
            guard rate > 0, pending == nil, !stalled, !endReached, loadedURL != nil, still > configuration.stallAfter else {
                return (position, false)
            }
            stalled = true
            return (position, true)
        }
        if stall { report(.stalled) }
        return time
    }

    public func present(_ presentation: Presentation) {
        let url = url(for: presentation.item)
        let loads = lock.withLock { () -> Bool in
            current = presentation
            pending = presentation.id
            endReached = false
            return presentation.replacesItem || url != loadedURL
        }
        guard loads else {
            let offset = lock.withLock { itemOffset }
            let seconds = Self.seconds(presentation.time - offset)
            connection?.send(["seek", seconds, presentation.precision == .exact ? "absolute+exact" : "absolute"])
            return
        }
        guard let url else {
            // The app's slate: nothing of mpv's shows.
            connection?.send(["stop"])
            lock.withLock {
                loadedURL = nil
                pending = nil
            }
            report(.ready(presentation.id, landedAt: presentation.time))
            return
        }
        guard MediaURL.isWeb(url) else {
            lock.withLock { pending = nil }
            report(.failed(presentation.id, .unplayable(MediaURL.refusal(url) ?? "not an http(s) URL: \(url)")))
            return
        }
        let join = presentation.item == .main ? lock.withLock { liveMap }?.join(at: presentation.time) : nil
        lock.withLock {
            loadedURL = url
            itemOffset = join?.start ?? .zero
            awaitingJoin = join != nil
        }
        var options: [String] = []
        if let join {
            // Join at the segment holding the time; mpv's log says which it opened.
            options.append("demuxer-lavf-o-add=live_start_index=\(join.index)")
        }
        // mpv 0.35 lands an HLS item loaded with start=0 on its second
        // segment; an item loaded without a start plays from its first frame.
        let start = presentation.time - (join?.start ?? .zero)
        if start > .zero { options.append("start=\(Self.seconds(start))") }
        var command: [Any] = ["loadfile", url, "replace"]
        if !options.isEmpty {
            if optionsArgument == 4 { command.append(-1) }
            command.append(options.joined(separator: ","))
        }
        let id = presentation.id
        connection?.send(command) { [weak self] data in
            guard let self, let entry = (data as? [String: Any])?["playlist_entry_id"] as? Int else { return }
            lock.withLock { presentationByEntry[entry] = id }
        }
        // mpv keeps pause and speed across loads, but set them again: the contract asks for it.
        let paused = lock.withLock { rate == 0 }
        connection?.send(["set_property", "pause", paused])
    }

    public func setRate(_ rate: Double) {
        lock.withLock {
            self.rate = rate
            positionMovedAt = .now
        }
        connection?.send(["set_property", "pause", rate == 0])
        if rate > 0 { connection?.send(["set_property", "speed", rate]) }
    }

    /// Quits mpv and removes its socket directory. Stopping twice is harmless.
    public func stop() {
        connection?.send(["quit"])
        connection?.close()
        connection = nil
        mpv.stop()
    }

    /// The URL mpv loads for an item; `nil` for the app's slate.
    private func url(for item: PlayerItem) -> String? {
        switch item {
        case .main: mainURL
        case .ad(_, _, let asset): asset?.uri ?? ""
        case .alternate(let url): url
        }
    }

    private func report(_ report: PlayerReport) {
        let reporter: PlayerReporter? = lock.withLock {
            if reporterStorage == nil { queuedReports.append(report) }
            return reporterStorage
        }
        reporter?.report(report)
    }

    /// An event from mpv's thread.
    private func take(_ message: [String: Any]) {
        switch message["event"] as? String {
        case "property-change":
            propertyChanged(message["name"] as? String, message["data"])
        case "playback-restart":
            guard let id = lock.withLock({ pending }) else { return }
            let restarted = ContinuousClock.now
            connection?.send(["get_property", "time-pos"]) { [weak self] data in
                guard let self else { return }
                let reported = MediaDuration(seconds: data as? Double ?? 0)
                let (stillPending, landed) = lock.withLock { () -> (Bool, MediaDuration) in
                    let landed = itemOffset + reported
                    guard pending == id else { return (false, landed) }
                    pending = nil
                    position = landed
                    positionMovedAt = .now
                    // The landed position is the item's first observation, so
                    // whatever the ready leads to sees the new item.
                    observeLocked(landed)
                    delays.append(ContinuousClock.now - restarted)
                    return (true, landed)
                }
                if stillPending { report(.ready(id, landedAt: landed)) }
            }
        case "log-message":
            guard let text = message["text"] as? String, let url = LiveSegmentMap.openedURL(inLogLine: text) else { return }
            lock.withLock {
                guard awaitingJoin, let start = liveMap?.start(of: url) else { return }
                awaitingJoin = false
                itemOffset = start
            }
        case "end-file":
            guard let entry = message["playlist_entry_id"] as? Int,
                  let id = lock.withLock({ presentationByEntry[entry] }) else { return }
            switch message["reason"] as? String {
            case "redirect":
                // A playlist mpv read as a list of entries: they stand for the item.
                if let first = message["playlist_insert_id"] as? Int, let count = message["playlist_insert_num_entries"] as? Int {
                    lock.withLock { for entry in first..<(first + count) { presentationByEntry[entry] = id } }
                }
            case "eof":
                report(.ended(id))
            case "error":
                let why = message["file_error"] as? String ?? "an error"
                lock.withLock { if pending == id { pending = nil } }
                report(.failed(id, why == "loading failed" ? .notFound("mpv: \(why)") : .unplayable("mpv: \(why)")))
            default:
                break  // stopped or replaced: not the item's end
            }
        default:
            break
        }
    }

    /// Seconds as mpv's commands take them.
    private static func seconds(_ duration: MediaDuration) -> String { String(format: "%.6f", duration.seconds) }

    /// Logs `position` of the loaded item; the caller holds the lock.
    private func observeLocked(_ position: MediaDuration) {
        if log.count >= 100_000 { log.removeFirst(log.count / 2) }
        log.append(Observation(item: loadedURL, position: position, at: ContinuousClock.now - started))
    }

    private func propertyChanged(_ name: String?, _ value: Any?) {
        switch name {
        case "time-pos":
            guard let seconds = value as? Double else { return }
            let resumed = lock.withLock { () -> Bool in
                let time = itemOffset + MediaDuration(seconds: seconds)
                let moved = time != position
                position = time
                // Between a load and its playback-restart mpv may still report
                // the old item's position: only settled positions are observed.
                if pending == nil { observeLocked(time) }
                guard moved else { return false }
                positionMovedAt = .now
                defer { stalled = false }
                return stalled
            }
            if resumed { report(.stallEnded) }
        case "eof-reached":
            guard value as? Bool == true else { return }
            let id = lock.withLock { () -> PresentationID? in
                guard !endReached, pending == nil else { return nil }
                endReached = true
                return current?.id
            }
            if let id { report(.ended(id)) }
        case "paused-for-cache":
            guard let waiting = value as? Bool else { return }
            let change = lock.withLock { () -> PlayerReport? in
                guard waiting != stalled else { return nil }
                stalled = waiting
                return waiting ? .stalled : .stallEnded
            }
            if let change { report(change) }
        default:
            break
        }
    }

    /// mpv went away without being asked: the item shown failed.
    private func lost() {
        guard let id = lock.withLock({ current?.id }) else { return }
        report(.failed(id, .unplayable("mpv exited")))
    }
}
