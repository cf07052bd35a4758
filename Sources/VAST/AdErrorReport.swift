/// An ad that cannot play, and where to say so: the VAST error code that
/// fills `[ERRORCODE]` and the Error URLs of every document and wrapper on
/// its way (macros unexpanded, outermost first, each once). The one report
/// from a wrapper chain's failure to ad tracking's Error beacons.
public struct AdErrorReport: Sendable, Hashable {
    /// The break (the opportunity) it was for, once a resolver knows it.
    public var breakID: String?
    /// The ad (or wrapper) that failed, as its source names it, when known.
    public var adID: String?
    /// The VAST error code.
    public var code: Int
    /// What happened.
    public var message: String
    /// The Error URLs, macros unexpanded, in chain order.
    public var urls: [String]

    /// Creates a report.
    public init(breakID: String? = nil, adID: String?, code: Int, message: String = "", urls: [String]) {
        self.breakID = breakID
        self.adID = adID
        self.code = code
        self.message = message
        self.urls = urls
    }
}
