public import AdSignals
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

    /// Creates a registry.
    public init(_ resolvers: [any AdResolver], timeLimit: Duration = .seconds(8), clock: any Clock<Duration>) {
        self.resolvers = resolvers
        self.timeLimit = timeLimit
        self.clock = clock
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
        let result = await withTimeLimit(timeLimit, on: clock) { () async -> Result<ResolvedBreaks, any Error> in
            do {
                return .success(try await resolver.resolve(opportunity))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case nil: return .timedOut(by: index)
        case .success(let breaks)?: return .resolved(breaks, by: index)
        case .failure(let error)?: return .failed(error, by: index)
        }
    }
}
