/// The most recent ad date ranges seen, by ID, with their START-DATE: at
/// most `capacity` of them, enough to recognise a repeated range over a
/// day-long live stream without growing with it.
struct RecentRanges: Sendable, Hashable {
    private var starts: [String: ProgramDateTime?] = [:]
    private var order: [String] = []
    private var next = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func contains(_ id: String) -> Bool { starts[id] != nil }

    /// The START-DATE the range was first seen with, when it had one.
    func startDate(of id: String) -> ProgramDateTime? { starts[id] ?? nil }

    mutating func insert(_ id: String, startDate: ProgramDateTime?) {
        if let known = starts[id] {
            if known == nil, let startDate { starts[id] = startDate }
            return
        }
        starts[id] = .some(startDate)
        if order.count < capacity {
            order.append(id)
            return
        }
        starts.removeValue(forKey: order[next])
        order[next] = id
        next = (next + 1) % capacity
    }
}
