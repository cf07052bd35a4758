internal import SCTE35

/// Decoded SCTE-35 sections by their bytes. Live playlists repeat the same
/// cue on every segment of a break (CUE-OUT-CONT, EXT-X-SCTE35 with ELAPSED)
/// and in several dialects at once; each distinct section is decoded once.
///
/// An open-addressed table with a cheap word-at-a-time hash. A lookup probes
/// at most ``probeLimit`` slots and the table never grows past ``capacity``,
/// so input crafted to collide costs a few compares per cue, never a scan;
/// past that, an entry's place is taken over; past the capacity the cache starts
/// afresh. A cache is not state: two caches are
/// equal whatever they hold, since what they hold never changes a result.
struct SCTE35Cache: Sendable, Hashable {
    enum Entry: Sendable, Hashable {
        case decoded(DecodedCue)
        case failed(SCTE35Error)
    }

    private struct Slot: Sendable {
        var hash: UInt64
        var bytes: [UInt8]
        var entry: Entry
    }

    /// The entries, in the order decoded.
    private var slots: [Slot] = []
    /// Open-addressed: 1 + an index into `slots`, or 0 for an empty place.
    private var table: [Int32] = []
    /// The last payload text and what it gave: a break repeats its cue as the
    /// same text on every segment, so most lookups end here.
    private var lastText: [UInt8] = []
    private var lastTextEntry: Entry?
    /// The bytes of the last payload text decoded, kept for their room.
    private var scratch: [UInt8] = []
    static let capacity = 4_096
    static let probeLimit = 8
    private static let decoder = SpliceInfoDecoder(crcMismatch: .warn)

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}

    /// The entry for a section's bytes, decoding them on a miss.
    mutating func decode(_ bytes: [UInt8]) -> Entry {
        bytes.withUnsafeBufferPointer { decode(section: $0, array: bytes) }
    }

    /// The entry for a payload given as base64 or hex text. The text and its
    /// bytes go into buffers kept for the next payload: a payload seen
    /// before (the cue a break repeats) allocates nothing.
    mutating func decode(text: UnsafeBufferPointer<UInt8>) -> Entry {
        if let entry = lastTextEntry, !text.isEmpty, lastText.count == text.count,
           lastText.withUnsafeBufferPointer({ Bytes.equal($0.baseAddress!, text.baseAddress!, text.count) }) {
            return entry
        }
        var bytes = scratch
        scratch = []
        let entry: Entry
        do {
            try PayloadText.decode(text, into: &bytes)
            entry = bytes.withUnsafeBufferPointer { decode(section: $0, array: nil) }
        } catch {
            entry = .failed(error)
        }
        scratch = bytes
        lastText.removeAll(keepingCapacity: true)
        lastText.append(contentsOf: text)
        lastTextEntry = entry
        return entry
    }

    /// The entry for `section`, whose bytes are `array` when the caller has
    /// them as one; a new entry keeps a copy otherwise.
    private mutating func decode(section: UnsafeBufferPointer<UInt8>, array: [UInt8]?) -> Entry {
        let hash = Self.hash(section)
        if let index = find(section, hash: hash) { return slots[index].entry }
        let entry: Entry
        do throws(SCTE35Error) {
            entry = .decoded(DecodedCue(try Self.decoder.decode(section)))
        } catch {
            entry = .failed(error)
        }
        insert(Slot(hash: hash, bytes: array ?? Array(section), entry: entry))
        return entry
    }

    private func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        guard !table.isEmpty else { return nil }
        let mask = table.count - 1
        var place = Int(truncatingIfNeeded: hash) & mask
        for _ in 0..<Self.probeLimit {
            let stored = Int(table[place])
            guard stored != 0 else { return nil }
            let found = slots[stored - 1].hash == hash && slots[stored - 1].bytes.withUnsafeBufferPointer {
                $0.count == bytes.count && Bytes.equal($0.baseAddress!, bytes.baseAddress!, bytes.count)
            }
            if found { return stored - 1 }
            place = (place + 1) & mask
        }
        return nil
    }

    private mutating func insert(_ slot: Slot) {
        if slots.count >= Self.capacity {
            slots.removeAll(keepingCapacity: true)
            table = []
        }
        if table.isEmpty || slots.count * 2 >= table.count {
            table = Array(repeating: 0, count: max(64, table.count * 2))
            for index in slots.indices { place(index) }
        }
        slots.append(slot)
        place(slots.count - 1)
    }

    /// Puts entry `index` in the first free place of its probe window, or over
    /// the window's first place when every one is taken.
    private mutating func place(_ index: Int) {
        let mask = table.count - 1
        let home = Int(truncatingIfNeeded: slots[index].hash) & mask
        var place = home
        for _ in 0..<Self.probeLimit {
            if table[place] == 0 {
                table[place] = Int32(index + 1)
                return
            }
            place = (place + 1) & mask
        }
        table[home] = Int32(index + 1)
    }

    /// A multiply-and-fold hash over eight bytes at a time.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(bytes.count) &* multiplier
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* multiplier
            hash ^= hash >> 32
            index += 8
        }
        var tail: UInt64 = 0
        while index < bytes.count {
            tail = tail << 8 | UInt64(base[index])
            index += 1
        }
        hash = (hash ^ tail) &* multiplier
        return hash ^ hash >> 29
    }
}
