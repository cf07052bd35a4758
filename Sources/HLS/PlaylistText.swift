/// Where a piece of text sits in a playlist's source: which chunk, which bytes.
///
/// Segments keep spans rather than strings so a full parse does not allocate a
/// string per URI; ``PlaylistText/string(_:)`` makes one on demand.
public struct TextSpan: Sendable, Hashable {
    /// The chunk of ``PlaylistText`` holding the bytes.
    public var chunk: UInt32
    /// The first byte, from the start of the chunk.
    public var offset: UInt32
    /// The number of bytes.
    public var length: UInt32

    /// Creates a span.
    public init(chunk: UInt32, offset: UInt32, length: UInt32) {
        self.chunk = chunk
        self.offset = offset
        self.length = length
    }
}

/// The source bytes a parsed playlist refers to.
///
/// A one-shot parse has one chunk: the text itself, shared, not copied. A live
/// playlist appends one chunk per refresh holding only that refresh's new
/// lines, and drops chunks once no segment in the window refers to them, so
/// memory stays proportional to the window.
public struct PlaylistText: Sendable, Hashable {
    /// A window, so dropping the oldest chunk each refresh does not move
    /// the thousands of others down.
    private var chunks: SlidingWindow<[UInt8]>
    private var firstChunkID: UInt32

    /// Creates a text of one chunk.
    public init(_ bytes: [UInt8]) {
        chunks = SlidingWindow([bytes])
        firstChunkID = 0
    }

    /// The id of the newest chunk.
    public var lastChunkID: UInt32 { firstChunkID + UInt32(chunks.count - 1) }

    /// The number of chunks kept.
    public var chunkCount: Int { chunks.count }

    /// The text of a span, decoded as UTF-8 (invalid sequences repaired).
    public func string(_ span: TextSpan) -> String {
        let bytes = chunks[Int(span.chunk - firstChunkID)]
        let start = Int(span.offset)
        return String(decoding: bytes[start..<start + Int(span.length)], as: UTF8.self)
    }

    /// The bytes of a span.
    public func bytes(_ span: TextSpan) -> ArraySlice<UInt8> {
        let bytes = chunks[Int(span.chunk - firstChunkID)]
        let start = Int(span.offset)
        return bytes[start..<start + Int(span.length)]
    }

    /// Whether the bytes of `span` are `other`, compared eight at a time:
    /// a live refresh checks two segments' lines this way every time.
    func bytes(_ span: TextSpan, equal other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(span.length) == other.count else { return false }
        return chunks[Int(span.chunk - firstChunkID)].withUnsafeBufferPointer { chunk in
            let start = Int(span.offset)
            guard start + other.count <= chunk.count else { return false }
            return other.isEmpty || Bytes.equal(chunk.baseAddress! + start, other.baseAddress!, other.count)
        }
    }

    /// The bytes of a chunk.
    func chunk(_ id: UInt32) -> [UInt8] { chunks[Int(id - firstChunkID)] }

    /// Adds a chunk and returns its id.
    mutating func append(_ bytes: [UInt8]) -> UInt32 {
        chunks.append(bytes)
        return lastChunkID
    }

    /// Drops every chunk older than `id`.
    mutating func dropChunks(before id: UInt32) {
        guard id > firstChunkID else { return }
        let count = min(Int(id - firstChunkID), chunks.count - 1)
        // Their bytes go now; the window keeps only empty places until it compacts.
        for index in 0..<count { chunks[index] = [] }
        chunks.removeFirst(count)
        firstChunkID += UInt32(count)
    }
}
