import MediaTime

/// Subscribed tags waiting for the playhead, in stream order; tags of the
/// same time stay in the order they came.
///
/// Tags arrive at the live edge and leave from the front, as playback
/// reaches them or the live window drops them. Both ends cost O(1)
/// amortized however many tags wait: a session that has not started, is
/// paused, or plays far behind the edge may hold a whole window's tags.
struct MetadataQueue: Sendable {
    /// The tags; those before `head` have left.
    private var items: [TimedMetadata] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }
    var count: Int { items.count - head }
    var first: TimedMetadata? { isEmpty ? nil : items[head] }

    /// Adds a tag after every waiting tag at or before its time, looking
    /// from the back, where a live stream's new tags go.
    mutating func insert(_ metadata: TimedMetadata) {
        var index = items.count
        while index > head, items[index - 1].streamTime > metadata.streamTime { index -= 1 }
        items.insert(metadata, at: index)
    }

    /// Takes the first tag out.
    @discardableResult
    mutating func removeFirst() -> TimedMetadata {
        precondition(!isEmpty, "no tag waits")
        let first = items[head]
        head += 1
        compact()
        return first
    }

    /// Drops the leading tags before `time`.
    mutating func dropFirst(before time: StreamTime) {
        while head < items.count, items[head].streamTime < time { head += 1 }
        compact()
    }

    /// Drops every waiting tag `shouldRemove` accepts.
    mutating func removeAll(where shouldRemove: (TimedMetadata) -> Bool) {
        items.removeFirst(head)
        head = 0
        items.removeAll(where: shouldRemove)
    }

    /// Lets go of the tags that left once they are most of the storage, so
    /// it stays within twice what waits.
    private mutating func compact() {
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32, head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
    }
}
