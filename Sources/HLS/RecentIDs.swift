/// The most recent identifiers seen, at most `capacity` of them: enough to
/// recognise a repeated signal over a day-long live stream without growing
/// with it.
struct RecentIDs: Sendable, Hashable {
    private var members: Set<String> = []
    private var order: [String] = []
    private var next = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func contains(_ id: String) -> Bool { members.contains(id) }

    mutating func insert(_ id: String) {
        guard members.insert(id).inserted else { return }
        if order.count < capacity {
            order.append(id)
            return
        }
        members.remove(order[next])
        order[next] = id
        next = (next + 1) % capacity
    }
}
