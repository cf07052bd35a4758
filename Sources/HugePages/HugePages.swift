#if canImport(Glibc)
import Glibc
#endif

/// Asks the operating system to back a large buffer with huge pages.
///
/// On Linux with transparent huge pages in `madvise` mode (the common
/// default), a buffer of tens of megabytes filled once, as a long playlist's
/// segment table or the file it was read from is, otherwise takes one page
/// fault per 4 KB: about a quarter of `hls inspect` on a 100,000-segment
/// playlist. Advised, it takes one per 2 MB. Advice only: nothing read or
/// written changes, and where the system says no, or elsewhere than Linux,
/// nothing happens.
public enum HugePages {
    /// The size of a huge page on the platforms that have them.
    public static let size = 2 << 20
    /// Buffers smaller than this are left alone: they span at most one
    /// whole huge page, which is not worth a system call.
    public static let threshold = 2 * size

    /// Advises the whole huge pages inside `count` bytes from `start`.
    /// Returns whether advice was given.
    @discardableResult
    public static func prefer(_ start: UnsafeRawPointer, count: Int) -> Bool {
        #if os(Linux)
        guard count >= threshold else { return false }
        let first = (Int(bitPattern: start) + size - 1) & ~(size - 1)
        let end = (Int(bitPattern: start) + count) & ~(size - 1)
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return false }
        return madvise(aligned, end - first, MADV_HUGEPAGE) == 0
        #else
        return false
        #endif
    }

    /// Advises the unused capacity of `array` and its elements: called right
    /// after reserving, before the pages are touched.
    @discardableResult
    public static func prefer<Element>(capacityOf array: inout [Element]) -> Bool {
        let count = array.capacity * MemoryLayout<Element>.stride
        guard count >= threshold else { return false }
        return array.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return prefer(UnsafeRawPointer(base), count: count)
        }
    }
}
