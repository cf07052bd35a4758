import MediaTime

/// Watched breaks that left the live window: their ids and positions, so a
/// break signalled again keeps its watched state and a bookmark can list
/// it. Bounded, oldest forgotten first, so a stream that runs for days
/// keeps a flat footprint.
struct RetiredBreaks: Sendable, Hashable {
    /// How many retired breaks are remembered: more than a week of breaks
    /// every ten minutes.
    static let capacity = 1_024

    private var order: [(id: String, position: ContentTime)] = []
    private var head = 0
    private(set) var ids: Set<String> = []

    func contains(_ id: String) -> Bool { ids.contains(id) }

    func position(of id: String) -> ContentTime? {
        guard ids.contains(id) else { return nil }
        return order.first { $0.id == id }?.position
    }

    mutating func append(_ id: String, at position: ContentTime) {
        guard ids.insert(id).inserted else { return }
        if order.count < Self.capacity {
            order.append((id, position))
            return
        }
        ids.remove(order[head].id)
        order[head] = (id, position)
        head = (head + 1) % Self.capacity
    }

    /// Forgets a break (it came back into the timeline).
    mutating func remove(_ id: String) {
        guard ids.remove(id) != nil else { return }
        // Rotate the ring to start at `head`, so the oldest stays first, then drop the entry.
        order = Array(order[head...] + order[..<head])
        head = 0
        order.removeAll { $0.id == id }
    }

    static func == (lhs: RetiredBreaks, rhs: RetiredBreaks) -> Bool { lhs.ids == rhs.ids }
    func hash(into hasher: inout Hasher) { hasher.combine(ids) }
}
