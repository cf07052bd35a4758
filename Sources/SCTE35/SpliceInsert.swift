/// `splice_insert()` (SCTE 35 §9.7.3, Table 10).
///
/// ```
/// splice_insert() {
///   splice_event_id                  32
///   splice_event_cancel_indicator     1
///   event_id_compliance_flag          1   (reserved in 2020, 1)
///   reserved                          6
///   if (splice_event_cancel_indicator == 0) {
///     out_of_network_indicator        1
///     program_splice_flag             1
///     duration_flag                   1
///     splice_immediate_flag           1
///     reserved                        4
///     if (program_splice_flag == 1 && splice_immediate_flag == 0) splice_time()
///     if (program_splice_flag == 0) { component_count 8; for each { component_tag 8; if (splice_immediate_flag == 0) splice_time() } }
///     if (duration_flag == 1) break_duration()
///     unique_program_id 16; avail_num 8; avails_expected 8
///   }
/// }
/// ```
public struct SpliceInsert: Sendable, Hashable {
    /// `splice_event_id`.
    public var spliceEventID: UInt32
    /// `event_id_compliance_flag` (SCTE 35 2022; a reserved 1 before it).
    public var eventIDComplianceFlag = true
    /// The 6 reserved bits after it, as read.
    public var reserved: UInt8 = 0x3F
    /// The splice, or nil when `splice_event_cancel_indicator` is 1.
    public var splice: Splice?

    /// The event's splice, present unless the event is cancelled.
    public struct Splice: Sendable, Hashable {
        /// `out_of_network_indicator`: true leaves the network (an Out Point).
        public var outOfNetwork: Bool
        /// `splice_immediate_flag`: splice at the nearest opportunity, no times.
        public var spliceImmediate: Bool
        /// Program or component splice mode, with the times.
        public var mode: Mode
        /// `break_duration()`, when `duration_flag` is 1.
        public var breakDuration: BreakDuration?
        /// `unique_program_id`.
        public var uniqueProgramID: UInt16
        /// `avail_num`.
        public var availNum: UInt8
        /// `avails_expected`.
        public var availsExpected: UInt8
        /// The 4 reserved bits after `splice_immediate_flag`, as read.
        public var reserved: UInt8 = 0x0F

        /// Creates a splice with reserved bits set to 1.
        public init(
            outOfNetwork: Bool, spliceImmediate: Bool = false, mode: Mode, breakDuration: BreakDuration? = nil,
            uniqueProgramID: UInt16 = 0, availNum: UInt8 = 0, availsExpected: UInt8 = 0
        ) {
            self.outOfNetwork = outOfNetwork
            self.spliceImmediate = spliceImmediate
            self.mode = mode
            self.breakDuration = breakDuration
            self.uniqueProgramID = uniqueProgramID
            self.availNum = availNum
            self.availsExpected = availsExpected
        }
    }

    /// Program Splice Mode or Component Splice Mode.
    public enum Mode: Sendable, Hashable {
        /// `program_splice_flag` = 1: the whole program, at `splice_time()`
        /// (nil in Splice Immediate Mode).
        case program(SpliceTime?)
        /// `program_splice_flag` = 0: the listed components.
        case component([Component])
    }

    /// One component of a Component Splice Mode splice.
    public struct Component: Sendable, Hashable {
        /// `component_tag`.
        public var componentTag: UInt8
        /// Its `splice_time()`; nil in Splice Immediate Mode.
        public var spliceTime: SpliceTime?

        /// Creates a component.
        public init(componentTag: UInt8, spliceTime: SpliceTime?) {
            self.componentTag = componentTag
            self.spliceTime = spliceTime
        }
    }

    /// Creates a splice insert; `splice` nil cancels the event.
    public init(spliceEventID: UInt32, splice: Splice?) {
        self.spliceEventID = spliceEventID
        self.splice = splice
    }

    /// The unadjusted `pts_time`: the program's, or the first component's.
    public var ptsTime: PTS? {
        switch splice?.mode {
        case .program(let time): time?.ptsTime
        case .component(let components): components.first?.spliceTime?.ptsTime
        case nil: nil
        }
    }
}
