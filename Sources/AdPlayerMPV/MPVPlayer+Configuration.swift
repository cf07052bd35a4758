public import MediaTime

extension MPVPlayer {
    /// How to start mpv.
    public struct Configuration: Sendable {
        /// The executable; `nil` finds `mpv` on PATH.
        public var executable: String?
        /// Whether mpv opens a window; headless (`--vo=null --ao=null`) by default.
        public var window = false
        /// More mpv options.
        public var extraArguments: [String] = []
        /// How long mpv may take to open its socket.
        public var startTimeout: Duration = .seconds(10)
        /// How long a playing position may stand still before it is a stall.
        public var stallAfter: Duration = .milliseconds(1_500)

        /// Creates a configuration.
        public init(executable: String? = nil, window: Bool = false) {
            self.executable = executable
            self.window = window
        }
    }

    /// One position mpv reported, with the item it was in and when.
    public struct Observation: Sendable, Hashable {
        /// The URL of the item (nil: none loaded).
        public var item: String?
        /// mpv's `time-pos`.
        public var position: MediaDuration
        /// Wall time since the player started.
        public var at: Duration
    }
}
