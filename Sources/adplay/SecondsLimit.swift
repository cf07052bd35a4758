import ArgumentParser

/// The one check of a seconds option: more than 0, and at most a limit.
enum SecondsLimit: Double {
    case hour = 3_600
    case day = 86_400
    case year = 31_536_000

    /// Throws when `value` is given and not more than 0 and at most this limit (NaN included).
    func check(_ value: Double?, option: String) throws {
        guard let value, !(value > 0 && value <= rawValue) else { return }
        throw ValidationError("\(option) must be greater than 0 and at most \(Int(rawValue)) seconds\(self == .year ? " (a year)" : "")")
    }
}
