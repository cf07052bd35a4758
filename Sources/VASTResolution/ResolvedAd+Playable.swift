public import VAST

extension ResolvedAd {
    /// The linear creative a player plays and its media file: the first
    /// linear creative with a duration, and the best of its files by
    /// `choice`. The one rule for whether a resolved ad can play, shared by
    /// the ad resolvers and the resolution report.
    /// - Throws: VAST error 400 when no linear creative has a duration, 403
    ///   when none of its media files is playable.
    public func playable(by choice: MediaFileChoice) throws(VASTError) -> (linear: Linear, file: MediaFile) {
        guard let linear = ad.common.creatives.compactMap(\.linear).first(where: { $0.duration != nil }) else {
            throw VASTError(.linear, "ad \(ad.id ?? "-") has no linear creative with a duration")
        }
        do throws(VASTError) {
            return (linear, try choice.best(of: linear.mediaFiles))
        } catch {
            throw VASTError(error.code, "ad \(ad.id ?? "-"): \(error.message)")
        }
    }

    /// Everything that keeps the ad from playing, each with its code: 400
    /// when no linear creative has a duration, 403 when the linear creative
    /// (the one with a duration, or else the first) has no playable media
    /// file. Empty when ``playable(by:)`` succeeds.
    public func problems(for choice: MediaFileChoice) -> [VASTError] {
        let linears = ad.common.creatives.compactMap(\.linear)
        guard let linear = linears.first(where: { $0.duration != nil }) ?? linears.first else {
            return [VASTError(.linear, "ad \(ad.id ?? "-") has no linear creative")]
        }
        var problems: [VASTError] = []
        if linear.duration == nil { problems.append(VASTError(.linear, "ad \(ad.id ?? "-") has no linear creative with a duration")) }
        do throws(VASTError) {
            _ = try choice.best(of: linear.mediaFiles)
        } catch {
            problems.append(VASTError(error.code, "ad \(ad.id ?? "-"): \(error.message)"))
        }
        return problems
    }
}
