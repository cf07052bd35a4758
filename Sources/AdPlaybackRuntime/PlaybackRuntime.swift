public import AdPlayback
public import AdResolvers
internal import AdSignals
public import AdTracking

/// The coordinator between the session and the world: it owns the driver
/// (and so the player and the bookmark store) and the resolver registry,
/// performs what the session asks (resolve an opportunity, cancel one) and
/// hands every result back to the session as an input. It decides nothing.
///
/// It lives on one isolation domain, its owner's: resolutions run as tasks
/// of their own, and their results wait in a queue until the owner takes
/// them with ``deliverNextResult()``, so the session only ever changes on
/// that one domain.
///
/// ```swift
/// let runtime = PlaybackRuntime(driver: driver, registry: registry)
/// try runtime.send(.opportunity(opportunity))     // the break's placeholder; its VAST resolves
/// try runtime.send(.start(.beginning))
/// while runtime.resolutionsInFlight > 0 { _ = await runtime.deliverNextResult() }
/// ```
public final class PlaybackRuntime {
    /// What runs the session against the player.
    public let driver: PlaybackDriver
    /// Who resolves opportunities, within its time limit.
    public let registry: ResolverRegistry
    /// What resolvers left out or could not get, in the order reported.
    public private(set) var issues: [String] = []
    /// Ad tracking: the resolvers' error reports go to it. Without one they
    /// are listed in ``issues`` ("error report not sent"), never dropped.
    public var tracker: BeaconTracker?

    private var resolutions: [String: Task<Void, Never>] = [:]
    private let results: AsyncStream<Delivery>
    private let resultSink: AsyncStream<Delivery>.Continuation

    private struct Delivery: Sendable {
        var opportunityID: String
        var outcome: ResolverRegistry.Outcome
    }

    /// Creates a runtime over `driver`, resolving with `registry`.
    public init(driver: PlaybackDriver, registry: ResolverRegistry) {
        self.driver = driver
        self.registry = registry
        (results, resultSink) = AsyncStream.makeStream(of: Delivery.self, bufferingPolicy: .unbounded)
    }

    deinit {
        for task in resolutions.values { task.cancel() }
        resultSink.finish()
    }

    /// The session's state.
    public var session: PlaybackSession { driver.session }

    /// How many resolutions are running or waiting to be delivered.
    public var resolutionsInFlight: Int { resolutions.count }

    /// Hands an input to the session and performs everything it asks.
    /// - Returns: the events published.
    @discardableResult
    public func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent] {
        let events = try driver.send(input)
        performRequests()
        return events
    }

    /// Tells the session where the player is now.
    @discardableResult
    public func tick() throws(SessionError) -> [SessionEvent] {
        let events = try driver.tick()
        performRequests()
        return events
    }

    /// Waits for the next resolution to finish (or run out of time) and
    /// hands its result to the session.
    /// - Returns: the events that produced, or `nil` when no resolution is
    ///   running.
    public func deliverNextResult() async -> [SessionEvent]? {
        guard !resolutions.isEmpty else { return nil }
        var iterator = results.makeAsyncIterator()
        guard let delivery = await iterator.next() else { return nil }
        guard resolutions.removeValue(forKey: delivery.opportunityID) != nil else { return [] }
        let input: SessionInput
        switch delivery.outcome {
        case .resolved(let result, _):
            issues += result.issues.map { "break \(delivery.opportunityID): \($0)" }
            report(result.errorReports, for: delivery.opportunityID)
            input = .resolved(opportunityID: delivery.opportunityID, breaks: result.breaks, issues: result.issues)
        case .timedOut:
            input = .resolutionFailed(opportunityID: delivery.opportunityID, reason: "no answer within \(registry.timeLimit)")
        case .failed(let error, _):
            input = .resolutionFailed(opportunityID: delivery.opportunityID, reason: "\(error)")
        case .unclaimed:
            input = .resolutionFailed(opportunityID: delivery.opportunityID, reason: "no resolver takes it")
        }
        do {
            return try send(input)
        } catch {
            return []
        }
    }

    private func report(_ reports: [AdErrorReport], for opportunityID: String) {
        guard !reports.isEmpty else { return }
        if let tracker {
            tracker.report(reports, at: driver.now)
            return
        }
        for report in reports {
            issues += report.urls.map { "break \(opportunityID): error report not sent (no ad tracking): \($0)" }
        }
    }

    /// Performs the session's requests made since the last call (after a
    /// tick of the driver that bypassed ``tick()``): starts and cancels
    /// resolutions.
    public func performRequests() {
        for request in driver.takeRequests() {
            switch request {
            case .resolve(let opportunity):
                resolutions[opportunity.id]?.cancel()
                let registry = self.registry
                let sink = resultSink
                resolutions[opportunity.id] = Task {
                    let outcome = await registry.resolve(opportunity)
                    sink.yield(Delivery(opportunityID: opportunity.id, outcome: outcome))
                }
            case .cancelResolution(let id):
                resolutions.removeValue(forKey: id)?.cancel()
            case .emit, .present, .setRate, .saveBookmark:
                break
            }
        }
    }
}
