public import AdPlayback

/// A `BookmarkStore` that keeps one content item's bookmark in a file
/// (``BookmarkFileFormat``).
///
/// Each save replaces the file atomically and durably: the new bookmark is
/// written to a temporary file beside it, flushed to the disk, and renamed
/// over the old one, and the directory is flushed. A crash or a power cut
/// at any instant leaves the old bookmark or the new one, never a mix or an
/// empty file. Loading a file that is not a bookmark fails with a
/// ``BookmarkFileError`` that says where.
public final class FileBookmarkStore: BookmarkStore, Sendable {
    /// The bookmark file's path.
    public let path: String

    /// Creates a store for the file at `path`; its directory must exist.
    /// Nothing is read or written until the first save or load.
    public init(path: String) {
        self.path = path
    }

    /// Replaces the saved bookmark atomically.
    public func save(_ bookmark: Bookmark) throws {
        do throws(FileFailure) {
            try FileSystem.replace(path, with: BookmarkFileFormat.encode(bookmark))
        } catch {
            throw BookmarkFileError(error)
        }
    }

    /// The saved bookmark; `nil` when the file does not exist.
    public func load() throws -> Bookmark? {
        let bytes: [UInt8]?
        do throws(FileFailure) {
            bytes = try FileSystem.read(path, limit: BookmarkFileFormat.maxBytes)
        } catch {
            throw BookmarkFileError(error)
        }
        guard let bytes else { return nil }
        return try BookmarkFileFormat.decode(bytes, path: path)
    }
}
