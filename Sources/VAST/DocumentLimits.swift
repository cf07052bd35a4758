/// How much of an untrusted ad document the VAST and VMAP parsers read: a
/// larger or deeper document fails with error 100 (VAST) or 1002 (VMAP)
/// rather than costing memory or stack.
public struct DocumentLimits: Sendable, Hashable {
    /// The largest document, in bytes (default 1 MiB).
    public var maxBytes: Int
    /// The deepest element nesting (default 64).
    public var maxDepth: Int

    /// Creates limits; the defaults suit every real VAST and VMAP response.
    public init(maxBytes: Int = 1 << 20, maxDepth: Int = 64) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }
}
