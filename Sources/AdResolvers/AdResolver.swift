public import AdSignals

/// Turns opportunities into ad breaks. The registry asks each resolver in
/// order whether it takes an opportunity; the first that does resolves it.
///
/// Resolution is cancellable: the registry cancels the task when its time
/// limit passes, and content plays without the break. Resolvers check for
/// cancellation (network calls do by themselves) and give up promptly.
public protocol AdResolver: Sendable {
    /// Whether this resolver takes `opportunity`. Cheap and synchronous.
    func shouldResolve(_ opportunity: AdOpportunity) -> Bool
    /// The breaks `opportunity` comes to.
    func resolve(_ opportunity: AdOpportunity) async throws -> ResolvedBreaks
    /// The breaks, when they are known without waiting for anything (an
    /// in-stream cue is its own break); `nil` to be asked ``resolve(_:)``.
    /// The runtime hands such a result to the session at once, in the
    /// same input that asked for it.
    func resolveAtOnce(_ opportunity: AdOpportunity) -> ResolvedBreaks?
}

extension AdResolver {
    /// By default a resolver waits for something: `nil`.
    public func resolveAtOnce(_ opportunity: AdOpportunity) -> ResolvedBreaks? { nil }
}
