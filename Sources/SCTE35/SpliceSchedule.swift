/// `splice_schedule()` (SCTE 35 §9.7.2, Table 9): splice events in advance.
///
/// ```
/// splice_schedule() {
///   splice_count 8
///   for each {
///     splice_event_id 32; splice_event_cancel_indicator 1; reserved 7
///     if (splice_event_cancel_indicator == 0) {
///       out_of_network_indicator 1; program_splice_flag 1; duration_flag 1; reserved 5
///       if (program_splice_flag == 1) utc_splice_time 32
///       else { component_count 8; for each { component_tag 8; utc_splice_time 32 } }
///       if (duration_flag) break_duration()
///       unique_program_id 16; avail_num 8; avails_expected 8
///     }
///   }
/// }
/// ```
public struct SpliceSchedule: Sendable, Hashable {
    /// The events, at most 255.
    public var events: [Event]

    /// Creates a schedule.
    public init(events: [Event]) { self.events = events }

    /// One scheduled splice event.
    public struct Event: Sendable, Hashable {
        /// `splice_event_id`.
        public var spliceEventID: UInt32
        /// The 7 reserved bits after `splice_event_cancel_indicator`, as read.
        public var reserved: UInt8 = 0x7F
        /// The splice, or nil when the event is cancelled.
        public var splice: Splice?

        /// Creates an event; `splice` nil cancels it.
        public init(spliceEventID: UInt32, splice: Splice?) {
            self.spliceEventID = spliceEventID
            self.splice = splice
        }
    }

    /// A scheduled splice.
    public struct Splice: Sendable, Hashable {
        /// `out_of_network_indicator`.
        public var outOfNetwork: Bool
        /// Program or component mode with `utc_splice_time`s: seconds since
        /// 1980-01-06T00:00:00Z, leap seconds included (GPS time).
        public var mode: Mode
        /// `break_duration()`, when `duration_flag` is 1.
        public var breakDuration: BreakDuration?
        /// `unique_program_id`.
        public var uniqueProgramID: UInt16
        /// `avail_num`.
        public var availNum: UInt8
        /// `avails_expected`.
        public var availsExpected: UInt8
        /// The 5 reserved bits after `duration_flag`, as read.
        public var reserved: UInt8 = 0x1F

        /// Creates a scheduled splice with reserved bits set to 1.
        public init(
            outOfNetwork: Bool, mode: Mode, breakDuration: BreakDuration? = nil,
            uniqueProgramID: UInt16 = 0, availNum: UInt8 = 0, availsExpected: UInt8 = 0
        ) {
            self.outOfNetwork = outOfNetwork
            self.mode = mode
            self.breakDuration = breakDuration
            self.uniqueProgramID = uniqueProgramID
            self.availNum = availNum
            self.availsExpected = availsExpected
        }
    }

    /// Program Splice Mode or Component Splice Mode.
    public enum Mode: Sendable, Hashable {
        /// The whole program at `utc_splice_time`.
        case program(utcSpliceTime: UInt32)
        /// The listed components, each at its own `utc_splice_time`.
        case component([Component])
    }

    /// One component of a scheduled component-mode splice.
    public struct Component: Sendable, Hashable {
        /// `component_tag`.
        public var componentTag: UInt8
        /// `utc_splice_time`.
        public var utcSpliceTime: UInt32

        /// Creates a component.
        public init(componentTag: UInt8, utcSpliceTime: UInt32) {
            self.componentTag = componentTag
            self.utcSpliceTime = utcSpliceTime
        }
    }
}
