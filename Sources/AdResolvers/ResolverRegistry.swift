public import AdSignals
public import AdTransport
public import Logging
internal import MediaTime

/// The resolvers an app uses, in order, and the time any resolution may take.
///
/// ```swift
/// let registry = ResolverRegistry([VASTPodResolver(chain: chain)], timeLimit: .seconds(4), clock: clock)
/// switch await registry.resolve(opportunity) {
/// case .resolved(let result, _): for adBreak in result.breaks { try timeline.replaceBreak(adBreak) }
/// case .timedOut, .failed, .unclaimed: break   // content plays on
/// }
/// ```
public struct ResolverRegistry: Sendable {
    /// What became of an opportunity.
    public enum Outcome: Sendable {
        /// A resolver produced breaks (perhaps none).
        case resolved(ResolvedBreaks, by: Int)
        /// The time limit passed; the resolver was cancelled and content plays.
        case timedOut(by: Int)
        /// The resolver failed; content plays.
        case failed(any Error, by: Int)
        /// No resolver takes this opportunity.
        case unclaimed
    }

    /// The resolvers, asked in order.
    public var resolvers: [any AdResolver]
    /// The longest a resolution may take before it is cancelled.
    public var timeLimit: Duration
    /// The clock the limit is measured on.
    public var clock: any Clock<Duration>
    /// Where resolutions are logged, with the opportunity's id: debug when
    /// one starts, info when it resolves, warning when it times out or fails.
    public var logger: Logger

    /// Creates a registry; it logs nothing unless given a `logger`.
    public init(_ resolvers: [any AdResolver], timeLimit: Duration = .seconds(8), clock: any Clock<Duration>, logger: Logger = .silent) {
        self.resolvers = resolvers
        self.timeLimit = timeLimit
        self.clock = clock
        self.logger = logger
    }

    /// The outcome when it is known without waiting: no resolver takes the
    /// opportunity, or the one that does answers at once
    /// (``AdResolver/resolveAtOnce(_:)``); `nil` when it must be awaited.
    public func resolveAtOnce(_ opportunity: AdOpportunity) -> Outcome? {
        guard let index = resolvers.firstIndex(where: { $0.shouldResolve(opportunity) }) else { return .unclaimed }
        return resolvers[index].resolveAtOnce(opportunity).map { .resolved($0, by: index) }
    }

    /// Resolves `opportunity` with the first resolver that takes it, within
    /// the time limit. A resolver still running at the limit is cancelled
    /// and not waited for.
    public func resolve(_ opportunity: AdOpportunity) async -> Outcome {
        guard let index = resolvers.firstIndex(where: { $0.shouldResolve(opportunity) }) else { return .unclaimed }
        let resolver = resolvers[index]
        let metadata: Logger.Metadata = ["opportunity": "\(opportunity.id)", "resolver": "\(type(of: resolver))"]
        logger.debug("resolving", metadata: metadata)
        let result = await withTimeLimit(timeLimit, on: clock) { () async -> Result<ResolvedBreaks, any Error> in
            do {
                return .success(try await resolver.resolve(opportunity))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case nil:
            logger.warning("resolution timed out; content plays", metadata: metadata.merging(["limit": "\(timeLimit)"]) { $1 })
            return .timedOut(by: index)
        case .success(let breaks)?:
            logger.info("resolved", metadata: metadata.merging(["breaks": "\(breaks.breaks.count)"]) { $1 })
            return .resolved(breaks, by: index)
        case .failure(let error)?:
            logger.warning("resolution failed; content plays", metadata: metadata.merging(["error": "\(error)"]) { $1 })
            return .failed(error, by: index)
        }
    }
}
