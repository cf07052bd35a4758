/// Where a content item's bookmark is kept, so a session resumes after a
/// restart with its position, its watched breaks and its cool-down.
/// ``PlaybackDriver`` saves each stop's bookmark to it.
public protocol BookmarkStore: AnyObject {
    /// Replaces the saved bookmark.
    func save(_ bookmark: Bookmark) throws
    /// The saved bookmark; `nil` when none was saved.
    func load() throws -> Bookmark?
}
