/// A live window whose first segment is already inside a break: the
/// `continuation` line (a CUE-OUT-CONT or CUE-SPAN, with or without an
/// elapsed time) before it, four 6 s segments from media sequence 100 and
/// 2026-01-01T00:01:00Z, and the CUE-IN after the second, at stream time 12.
public func midBreakWindow(continuation: String, ended: Bool = false) -> String {
    """
    #EXTM3U
    #EXT-X-TARGETDURATION:6
    #EXT-X-MEDIA-SEQUENCE:100
    #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:01:00Z
    \(continuation)
    #EXTINF:6,
    s100.ts
    #EXTINF:6,
    s101.ts
    #EXT-X-CUE-IN
    #EXTINF:6,
    s102.ts
    #EXTINF:6,
    s103.ts
    \(ended ? "#EXT-X-ENDLIST\n" : "")
    """
}
