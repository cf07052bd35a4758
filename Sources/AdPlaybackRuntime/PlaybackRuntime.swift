public import AdPlayback
public import AdResolvers
internal import AdSignals
public import AdTracking
public import AdTransport
public import Logging
internal import VAST

/// The one loop that runs a session, for every kind of stream (VOD, VMAP,
/// live, SSAI, blackout) with ad tracking: it owns the driver (and so the
/// player and the bookmark store) and the resolver registry, starts and
/// cancels the resolutions the session asks for as it asks, and hands
/// every result, every player report and every live update back to the
/// session as an input. It decides nothing.
///
/// It lives on its owner's isolation domain (the main actor for AVPlayer):
/// the session changes only there. Resolutions run as tasks of their own;
/// their results wait until ``run(isolation:)`` (or ``deliverNextResult(isolation:)``), running
/// on the owner's domain, hands them over. A resolver that knows its answer
/// at once (an in-stream cue is its own break) is answered in the input
/// that asked.
///
/// ```swift
/// let runtime = PlaybackRuntime(driver: driver, registry: registry)
/// Task { await runtime.run() }                    // results, as they come, on this domain
/// try runtime.send(.opportunity(opportunity))     // the break's placeholder; its VAST resolves
/// try runtime.send(.start(.beginning))
/// // the player's time observer: try runtime.tick(); its callbacks reach the driver through the adapter
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
    /// A live source's news, queued on the source's domain: each ``tick()``
    /// hands what is queued to the session first.
    public var liveInputs: LiveInputQueue?

    private var resolutions: [String: Task<Void, Never>] = [:]
    private let results: AsyncStream<Arrival>
    private let resultSink: AsyncStream<Arrival>.Continuation

    /// What comes back from elsewhere: a resolution's result, or a report
    /// of a player on another domain.
    private enum Arrival: Sendable {
        case result(Delivery)
        /// Reports wait in the inbox.
        case reports
    }
    private let inbox = ReportInbox()

    private struct Delivery: Sendable {
        var opportunityID: String
        var outcome: ResolverRegistry.Outcome
    }

    /// Where the session's transitions are logged (`SessionLog`); it logs
    /// nothing unless given a logger.
    public let logger: Logger

    /// Creates a runtime over `driver`, resolving with `registry`, logging
    /// the session's transitions to `logger`.
    public init(driver: PlaybackDriver, registry: ResolverRegistry, logger: Logger = .silent) {
        self.driver = driver
        self.registry = registry
        self.logger = logger
        // A silent logger takes no observer: an observer is handed the session
        // after every input, which costs a copy of it.
        if !(logger.handler is SwiftLogNoOpLogHandler) { driver.observers.append(SessionLog(logger: logger)) }
        (results, resultSink) = AsyncStream.makeStream(of: Arrival.self, bufferingPolicy: .unbounded)
        driver.requestHandler = { [weak self] request in self?.perform(request) }
    }

    deinit {
        for task in resolutions.values { task.cancel() }
        resultSink.finish()
    }

    /// The session's state.
    public var session: PlaybackSession { driver.session }

    /// How many resolutions are running or waiting to be delivered.
    public var resolutionsInFlight: Int { resolutions.count }

    /// Where a player adapter on another isolation domain (a
    /// ``MainActorPlayerAdapter``) reports; ``run(isolation:)`` hands the reports
    /// to the session in order.
    public var reporter: PlayerReporter {
        let sink = resultSink
        return PlayerReporter(inbox: inbox) { sink.yield(.reports) }
    }

    /// Hands the session the reports waiting, in order.
    private func deliverReports() -> [SessionEvent] {
        inbox.drain().flatMap { driver.deliver(.player($0)) }
    }

    /// Hands an input to the session; everything it asks is done.
    /// - Returns: the events published.
    @discardableResult
    public func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent] {
        try driver.send(answeredAtOnce(input))
    }

    /// A new opportunity that a resolver answers at once, with its answer
    /// (``SessionInput/resolvedOpportunity(_:breaks:issues:)``): its break
    /// enters the timeline resolved, with no placeholder to replace. Any
    /// other input as it is.
    private func answeredAtOnce(_ input: SessionInput) -> SessionInput {
        guard case .opportunity(let opportunity) = input, driver.ask({ $0.takesAsNew(opportunity) }),
              let outcome = registry.resolveAtOnce(opportunity), case .resolved(let result, _) = outcome else { return input }
        resolutions.removeValue(forKey: opportunity.id)?.cancel()
        keep(result, of: opportunity.id)
        return .resolvedOpportunity(opportunity, breaks: result.breaks, issues: result.issues)
    }

    /// Hands the session what the player reported and the live source
    /// queued, then tells it where the player is now. While no session runs
    /// (before the start, after the end), or an interruption holds it, it
    /// only hands those over: a player's time observer may fire then.
    @discardableResult
    public func tick() throws(SessionError) -> [SessionEvent] {
        var events = deliverReports()
        for input in liveInputs?.drain() ?? [] { events += driver.deliver(answeredAtOnce(input)) }
        guard session.isRunning, !session.isInterrupted else { return events }
        return try events + driver.tick()
    }

    /// Hands each resolution's result, and each report made through
    /// ``reporter``, to the session as it comes, on the caller's isolation
    /// domain, until the task running it is cancelled or the runtime goes
    /// away. Start it once, beside the player.
    public func run(isolation: isolated (any Actor)? = #isolation) async {
        var iterator = results.makeAsyncIterator()
        while let arrival = await iterator.next(isolation: isolation) {
            switch arrival {
            case .result(let delivery): _ = deliver(delivery)
            case .reports: _ = deliverReports()
            }
        }
    }

    /// Waits for the next resolution to finish (or run out of time) and
    /// hands its result to the session, on the caller's isolation domain.
    /// A result the session refuses is published as an `error` event.
    /// - Returns: the events that produced, or `nil` when no resolution is
    ///   running.
    public func deliverNextResult(isolation: isolated (any Actor)? = #isolation) async -> [SessionEvent]? {
        var events: [SessionEvent] = []
        var iterator = results.makeAsyncIterator()
        while !resolutions.isEmpty {
            switch await iterator.next(isolation: isolation) {
            case .result(let delivery)?: return events + deliverReports() + deliver(delivery)
            case .reports?: events += deliverReports()
            case nil: return nil
            }
        }
        return nil
    }

    private func deliver(_ delivery: Delivery) -> [SessionEvent] {
        guard resolutions.removeValue(forKey: delivery.opportunityID) != nil else { return [] }
        return driver.deliver(input(for: delivery.outcome, of: delivery.opportunityID))
    }

    /// What a resolution's outcome is to the session; issues and error
    /// reports are kept or sent on the way.
    private func input(for outcome: ResolverRegistry.Outcome, of opportunityID: String) -> SessionInput {
        switch outcome {
        case .resolved(let result, _):
            keep(result, of: opportunityID)
            return .resolved(opportunityID: opportunityID, breaks: result.breaks, issues: result.issues)
        case .timedOut:
            return .resolutionFailed(opportunityID: opportunityID, reason: "no answer within \(registry.timeLimit)")
        case .failed(let error, _):
            return .resolutionFailed(opportunityID: opportunityID, reason: "\(error)")
        case .unclaimed:
            return .resolutionFailed(opportunityID: opportunityID, reason: "no resolver takes it")
        }
    }

    /// Keeps a result's issues and sends its error reports.
    private func keep(_ result: ResolvedBreaks, of opportunityID: String) {
        issues += result.issues.map { "break \(opportunityID): \($0)" }
        report(result.errorReports, for: opportunityID)
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

    /// Starts or cancels a resolution, as the session asks.
    private func perform(_ request: SessionAction) {
        switch request {
        case .resolve(let opportunity):
            resolutions.removeValue(forKey: opportunity.id)?.cancel()
            if let outcome = registry.resolveAtOnce(opportunity) {
                // Handled right after the input that asked.
                driver.deliver(input(for: outcome, of: opportunity.id))
                return
            }
            let registry = self.registry
            let sink = resultSink
            resolutions[opportunity.id] = Task {
                let outcome = await registry.resolve(opportunity)
                sink.yield(.result(Delivery(opportunityID: opportunity.id, outcome: outcome)))
            }
        case .cancelResolution(let id):
            resolutions.removeValue(forKey: id)?.cancel()
        case .emit, .present, .setRate, .saveBookmark:
            break
        }
    }
}
