/// The most recent ad date ranges seen, by ID, with their START-DATE: at
/// most `capacity` of them, enough to recognise a repeated range over a
/// day-long live stream without growing with it.
struct RecentRanges: Sendable, Hashable {
    private var starts: [RangeID: Entry] = [:]
    private var order: [RangeID] = []
    private var next = 0
    let capacity: Int

    /// A range's first START-DATE, or nil when its first tag had none.
    /// `seen` is false only in the default a lookup inserts for a new ID.
    private struct Entry: Sendable, Hashable {
        var start: ProgramDateTime?
        var seen = false
    }

    init(capacity: Int) { self.capacity = capacity }

    func contains(_ id: RangeID) -> Bool { starts[id] != nil }

    /// The START-DATE the range was first seen with, when it had one.
    func startDate(of id: RangeID) -> ProgramDateTime? { starts[id]?.start }

    /// Notes a range with one lookup of its ID: whether it was known, and the
    /// START-DATE it was first seen with (this one, for a new range or one
    /// first seen without).
    mutating func note(_ id: RangeID, startDate: ProgramDateTime?) -> (known: Bool, startDate: ProgramDateTime?) {
        if starts.isEmpty { starts.reserveCapacity(min(capacity, 64)) }
        let known = Self.note(&starts[id, default: Entry()], startDate)
        guard !known.known else { return known }
        if order.count < capacity {
            order.append(id)
        } else {
            starts.removeValue(forKey: order[next])
            order[next] = id
            next = (next + 1) % capacity
        }
        return known
    }

    private static func note(_ entry: inout Entry, _ startDate: ProgramDateTime?) -> (known: Bool, startDate: ProgramDateTime?) {
        let known = entry.seen
        entry.seen = true
        if entry.start == nil { entry.start = startDate }
        return (known, entry.start)
    }
}
