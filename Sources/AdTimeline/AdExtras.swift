/// A companion banner shown beside a linear ad, with its own beacons.
public struct CompanionAd: Sendable, Hashable, Codable {
    /// Its id, when given.
    public var id: String?
    /// Its size in pixels, when given.
    public var width: Int?
    /// Its height in pixels, when given.
    public var height: Int?
    /// What to show: an image, an iframe or HTML URL.
    public var resource: String?
    /// The page a click on it opens.
    public var clickThrough: String?
    /// Its beacons (`creativeView`, `clickTracking`).
    public var tracking: [TrackingEvent]

    /// Creates a companion.
    public init(id: String? = nil, width: Int? = nil, height: Int? = nil, resource: String? = nil, clickThrough: String? = nil, tracking: [TrackingEvent] = []) {
        self.id = id
        self.width = width
        self.height = height
        self.resource = resource
        self.clickThrough = clickThrough
        self.tracking = tracking
    }
}

/// An ad verification (Open Measurement): the vendor's script, its
/// parameters and its beacons.
public struct AdVerification: Sendable, Hashable, Codable {
    /// The vendor, when given.
    public var vendor: String?
    /// The script URLs.
    public var scripts: [String]
    /// The parameters the script takes, as given.
    public var parameters: String?
    /// Its beacons (`verificationNotExecuted`).
    public var tracking: [TrackingEvent]

    /// Creates a verification.
    public init(vendor: String? = nil, scripts: [String] = [], parameters: String? = nil, tracking: [TrackingEvent] = []) {
        self.vendor = vendor
        self.scripts = scripts
        self.parameters = parameters
        self.tracking = tracking
    }
}
