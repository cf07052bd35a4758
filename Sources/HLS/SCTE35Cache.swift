internal import SCTE35

/// Decoded SCTE-35 sections by their bytes. Live playlists repeat the same
/// cue on every segment of a break (CUE-OUT-CONT, EXT-X-SCTE35 with ELAPSED)
/// and in several dialects at once; each distinct section is decoded once.
struct SCTE35Cache: Sendable, Hashable {
    enum Entry: Sendable, Hashable {
        case decoded(DecodedCue)
        case failed(SCTE35Error)
    }

    /// Hashes the bytes in one call rather than byte by byte.
    private struct Key: Hashable, Sendable {
        let bytes: [UInt8]
        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    private var entries: [Key: Entry] = [:]
    /// The last payload text and what it gave: a break repeats its cue as the
    /// same text on every segment, so most lookups end here.
    private var lastText: [UInt8] = []
    private var lastTextEntry: Entry?
    private static let capacity = 4_096
    private static let decoder = SpliceInfoDecoder(crcMismatch: .warn)

    mutating func decode(_ bytes: [UInt8]) -> Entry {
        if let entry = entries[Key(bytes: bytes)] { return entry }
        let entry: Entry
        do throws(SCTE35Error) {
            let info = try Self.decoder.decode(bytes)
            entry = .decoded(DecodedCue(info))
        } catch {
            entry = .failed(error)
        }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[Key(bytes: bytes)] = entry
        return entry
    }

    mutating func decode(text: UnsafeBufferPointer<UInt8>) -> Entry {
        if let entry = lastTextEntry, !text.isEmpty, lastText.count == text.count,
           lastText.withUnsafeBufferPointer({ Bytes.equal($0.baseAddress!, text.baseAddress!, text.count) }) {
            return entry
        }
        let entry: Entry
        do {
            entry = decode(try PayloadText.decode(text))
        } catch {
            entry = .failed(error)
        }
        lastText = Array(text)
        lastTextEntry = entry
        return entry
    }
}
