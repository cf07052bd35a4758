import MediaTime

/// The timeline's breaks in content order, in a treap whose subtrees know
/// how many breaks they hold and how much stream time and main-item time
/// they add. Breaks at one position are ordered by when they entered (a
/// sequence number each takes), so the key of an entry is (position,
/// sequence) and every entry is found exactly. Every query and every change (insert, update, delete) is
/// O(log n) expected, so a live timeline that gains and loses a break
/// every few minutes for a day costs the same per change at the end as at
/// the start, and its storage is reused as breaks leave.
struct BreakTree: Sendable {
    /// A slot's place in the tree. It repeats what walks need of its entry
    /// (position, whether it counts, what it adds), so a walk reads only
    /// these small plain values and never copies an entry.
    struct Node: Sendable {
        var left: Int?
        var right: Int?
        var priority: UInt64
        var position = ContentTime.zero
        /// Orders entries at one position: the one that entered first is first.
        var sequence: UInt64 = 0
        var ownCount = 0
        var ownAdded: Int64 = 0
        var ownStitched: Int64 = 0
        /// The entry's covered content and openness, for ``Outline``.
        var covered = MediaDuration.zero
        var isOpen = false
        /// The subtree's totals.
        var liveCount = 0
        var added: Int64 = 0
        var stitched: Int64 = 0

        init(priority: UInt64) { self.priority = priority }

        mutating func describe(_ entry: Entry) {
            position = entry.position
            ownCount = entry.isRemoved ? 0 : 1
            ownAdded = entry.addedTicks
            ownStitched = entry.stitchedTicks
            covered = entry.covered
            isOpen = entry.adBreak.isOpen
        }
    }

    private var nodes: [Node] = []
    /// Parallel to `nodes` by index; `nil` for a free slot.
    private var entries: [Entry?] = []
    private var freeSlots: [Int] = []
    private var root: Int?
    private var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var nextSequence: UInt64 = 0
    /// Every entry's slot, removed ones included.
    private var slotByID: [BreakKey: Int] = [:]

    init() {}

    /// The number of breaks in the timeline (removed ones excluded).
    var liveCount: Int { root.map { nodes[$0].liveCount } ?? 0 }
    /// The stream time all breaks in the timeline add.
    var totalAdded: Int64 { root.map { nodes[$0].added } ?? 0 }
    /// The number of slots in use or free: what the storage costs.
    var capacity: Int { nodes.count }

    func entry(id: String) -> Entry? { slotByID[BreakKey(id)].flatMap { entries[$0] } }

    /// Whether an entry with this id is in the timeline (not removed), read
    /// from its node: no entry is copied to answer.
    func containsLive(id: String) -> Bool { slot(of: id).map { nodes[$0].ownCount == 1 } ?? false }

    func liveEntry(id: String) -> Entry? {
        guard let entry = entry(id: id), !entry.isRemoved else { return nil }
        return entry
    }

    /// How many breaks in the timeline come before the entry with this id
    /// (those at its position that entered earlier too), and the stream and
    /// main-item time every entry before it adds.
    /// - Complexity: O(log n).
    func prefix(beforeEntry id: String) -> (count: Int, added: Int64, stitched: Int64)? {
        guard let slot = slotByID[BreakKey(id)] else { return nil }
        let key = (nodes[slot].position, nodes[slot].sequence)
        return prefix { Self.precedes($0, key) }
    }

    /// Whether `node` comes before the entry of key `key` (position, then sequence).
    static func precedes(_ node: Node, _ key: (ContentTime, UInt64)) -> Bool {
        node.position < key.0 || (node.position == key.0 && node.sequence < key.1)
    }

    // MARK: Queries by position

    /// How many breaks in the timeline lie before `position` (at it too when
    /// `inclusive`), and the stream and main-item time all entries there add.
    /// - Complexity: O(log n).
    func prefix(before position: ContentTime, inclusive: Bool) -> (count: Int, added: Int64, stitched: Int64) {
        prefix { $0.position < position || (inclusive && $0.position == position) }
    }

    /// The count and the added times of the entries `isBefore` accepts, which
    /// must be a prefix of the content order.
    @inline(__always)
    private func prefix(where isBefore: (Node) -> Bool) -> (count: Int, added: Int64, stitched: Int64) {
        var node = root
        var count = 0
        var added: Int64 = 0
        var stitched: Int64 = 0
        while let current = node {
            guard isBefore(nodes[current]) else {
                node = nodes[current].left
                continue
            }
            if let left = nodes[current].left {
                count += nodes[left].liveCount
                added += nodes[left].added
                stitched += nodes[left].stitched
            }
            count += nodes[current].ownCount
            added += nodes[current].ownAdded
            stitched += nodes[current].ownStitched
            node = nodes[current].right
        }
        return (count, added, stitched)
    }

    /// How many breaks in the timeline start at or before stream time
    /// `ticks`. A break's stream start is its position plus the stream time
    /// added before it, which grows along the content order.
    /// - Complexity: O(log n).
    func liveCount(startingAtOrBefore ticks: Int64) -> Int {
        var node = root
        var count = 0
        var addedBefore: Int64 = 0
        while let current = node {
            let leftAdded = nodes[current].left.map { nodes[$0].added } ?? 0
            let start = nodes[current].position.ticks + addedBefore + leftAdded
            guard start <= ticks else {
                node = nodes[current].left
                continue
            }
            count += (nodes[current].left.map { nodes[$0].liveCount } ?? 0) + nodes[current].ownCount
            addedBefore += leftAdded + nodes[current].ownAdded
            node = nodes[current].right
        }
        return count
    }

    /// The `rank`-th break in the timeline (0-based, removed ones not
    /// counted) and the stream time added before it.
    /// - Complexity: O(log n).
    func live(at rank: Int) -> (entry: Entry, addedBefore: Int64)? {
        liveSlot(at: rank).map { (entries[$0.slot]!, $0.addedBefore) }
    }

    /// What the timeline's checks read of the `rank`-th break in the
    /// timeline (as ``live(at:)`` counts), without copying the break.
    func liveOutline(at rank: Int) -> Outline? {
        guard let found = liveSlot(at: rank) else { return nil }
        return outline(found.slot)
    }

    /// The slot of the `rank`-th break in the timeline and the stream time
    /// added before it.
    private func liveSlot(at rank: Int) -> (slot: Int, addedBefore: Int64)? {
        guard rank >= 0, rank < liveCount else { return nil }
        var node = root
        var remaining = rank
        var addedBefore: Int64 = 0
        while let current = node {
            let left = nodes[current].left
            let leftCount = left.map { nodes[$0].liveCount } ?? 0
            if remaining < leftCount {
                node = left
                continue
            }
            if nodes[current].ownCount == 1 {
                if remaining == leftCount { return (current, addedBefore + (left.map { nodes[$0].added } ?? 0)) }
                remaining -= leftCount + 1
            } else {
                remaining -= leftCount
            }
            addedBefore += (left.map { nodes[$0].added } ?? 0) + nodes[current].ownAdded
            node = nodes[current].right
        }
        return nil
    }

    private func outline(_ slot: Int) -> Outline {
        Outline(slot: slot, position: nodes[slot].position, covered: nodes[slot].covered, isOpen: nodes[slot].isOpen)
    }

    /// The outline of the first entry in content order, removed or not.
    var firstOutline: Outline? {
        guard var node = root else { return nil }
        while let left = nodes[node].left { node = left }
        return outline(node)
    }

    /// The id of the entry in `slot`.
    func id(ofSlot slot: Int) -> String { entries[slot]!.adBreak.id }

    /// The slot of the entry with this id, removed or not.
    func slot(of id: String) -> Int? { slotByID[BreakKey(id)] }

    /// Whether an entry with this id (keyed once by the caller, who goes on
    /// to insert it) is in the tree, removed or not.
    func contains(_ key: BreakKey) -> Bool { slotByID[key] != nil }

    /// Every entry in content order, removed ones included.
    /// - Complexity: O(n).
    func inOrder() -> [Entry] {
        var result: [Entry] = []
        result.reserveCapacity(slotByID.count)
        var stack: [Int] = []
        var node = root
        while node != nil || !stack.isEmpty {
            while let current = node {
                stack.append(current)
                node = nodes[current].left
            }
            let current = stack.removeLast()
            result.append(entries[current]!)
            node = nodes[current].right
        }
        return result
    }

    /// The last entry in content order, removed or not.
    var last: Entry? {
        var node = root
        while let current = node, let right = nodes[current].right { node = right }
        return node.map { entries[$0]! }
    }

    // MARK: Changes

    /// Adds an entry whose id is new (keyed `key`), after any at its position.
    /// - Complexity: O(log n) expected.
    mutating func insert(_ entry: Entry, key: BreakKey) {
        let slot = allocate(entry, key: key)
        let root = self.root
        self.root = relinking { $0.insert(slot, into: root) }
    }

    /// Takes the entry with this id out of the tree and frees its slot.
    /// - Complexity: O(log n) expected.
    @discardableResult
    mutating func delete(id: String) -> Entry? {
        guard let slot = slotByID[BreakKey(id)] else { return nil }
        return delete(slot: slot)
    }

    /// Takes the entry in `slot` out of the tree and frees the slot.
    /// - Complexity: O(log n) expected.
    mutating func delete(slot: Int) -> Entry {
        let root = self.root
        self.root = relinking { $0.remove(slot, from: root) }
        // Moved out, not copied and then cleared.
        let entry = entries[slot].take()!
        slotByID.removeValue(forKey: BreakKey(entry.adBreak.id))
        nodes[slot] = Node(priority: 0)
        freeSlots.append(slot)
        return entry
    }

    /// Changes the entry with this id in place; its id and position must
    /// stay the same. The aggregates on its path are recomputed.
    /// - Complexity: O(log n) expected.
    mutating func update(id: String, _ change: (inout Entry) -> Void) {
        guard let slot = slotByID[BreakKey(id)], entries[slot] != nil else { return }
        let position = nodes[slot].position
        change(&entries[slot]!)
        precondition(entries[slot]!.position == position && entries[slot]!.adBreak.id == id, "an update moved or renamed a break")
        nodes[slot].describe(entries[slot]!)
        let root = self.root
        relinking { $0.pull(root, downTo: slot) }
    }

    /// Runs `body` over the nodes, which it may relink but not add to.
    private mutating func relinking<Result>(_ body: (Links) -> Result) -> Result {
        nodes.withUnsafeMutableBufferPointer { body(Links(nodes: $0)) }
    }

    private mutating func allocate(_ entry: Entry, key: BreakKey) -> Int {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var mixed = seed
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        var node = Node(priority: mixed ^ (mixed >> 31))
        node.describe(entry)
        node.sequence = nextSequence
        nextSequence += 1
        // A new node is a leaf until it is linked: its aggregates are its own.
        node.liveCount = node.ownCount
        node.added = node.ownAdded
        node.stitched = node.ownStitched
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
            nodes[slot] = node
            entries[slot] = entry
        } else {
            slot = nodes.count
            nodes.append(node)
            entries.append(entry)
        }
        slotByID[key] = slot
        return slot
    }
}
