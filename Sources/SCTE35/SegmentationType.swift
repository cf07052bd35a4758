/// Names of `segmentation_type_id` values (SCTE 35 §10.3.3.1, Table 23).
public enum SegmentationType {
    /// The Table 23 name of a `segmentation_type_id`, or nil for a reserved value.
    public static func name(of id: UInt8) -> String? {
        switch id {
        case 0x00: "Not Indicated"
        case 0x01: "Content Identification"
        case 0x10: "Program Start"
        case 0x11: "Program End"
        case 0x12: "Program Early Termination"
        case 0x13: "Program Breakaway"
        case 0x14: "Program Resumption"
        case 0x15: "Program Runover Planned"
        case 0x16: "Program Runover Unplanned"
        case 0x17: "Program Overlap Start"
        case 0x18: "Program Blackout Override"
        case 0x19: "Program Join"
        case 0x20: "Chapter Start"
        case 0x21: "Chapter End"
        case 0x22: "Break Start"
        case 0x23: "Break End"
        case 0x24: "Opening Credit Start"
        case 0x25: "Opening Credit End"
        case 0x26: "Closing Credit Start"
        case 0x27: "Closing Credit End"
        case 0x30: "Provider Advertisement Start"
        case 0x31: "Provider Advertisement End"
        case 0x32: "Distributor Advertisement Start"
        case 0x33: "Distributor Advertisement End"
        case 0x34: "Provider Placement Opportunity Start"
        case 0x35: "Provider Placement Opportunity End"
        case 0x36: "Distributor Placement Opportunity Start"
        case 0x37: "Distributor Placement Opportunity End"
        case 0x38: "Provider Overlay Placement Opportunity Start"
        case 0x39: "Provider Overlay Placement Opportunity End"
        case 0x3A: "Distributor Overlay Placement Opportunity Start"
        case 0x3B: "Distributor Overlay Placement Opportunity End"
        case 0x3C: "Provider Promo Start"
        case 0x3D: "Provider Promo End"
        case 0x3E: "Distributor Promo Start"
        case 0x3F: "Distributor Promo End"
        case 0x40: "Unscheduled Event Start"
        case 0x41: "Unscheduled Event End"
        case 0x42: "Alternate Content Opportunity Start"
        case 0x43: "Alternate Content Opportunity End"
        case 0x44: "Provider Ad Block Start"
        case 0x45: "Provider Ad Block End"
        case 0x46: "Distributor Ad Block Start"
        case 0x47: "Distributor Ad Block End"
        case 0x50: "Network Start"
        case 0x51: "Network End"
        default: nil
        }
    }

    /// True for the placement-opportunity starts that may carry
    /// `sub_segment_num` and `sub_segments_expected` (0x34, 0x36, 0x38, 0x3A).
    public static func allowsSubSegments(_ id: UInt8) -> Bool {
        id == 0x34 || id == 0x36 || id == 0x38 || id == 0x3A
    }
}
