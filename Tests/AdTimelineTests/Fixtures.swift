import AdTimeline
import MediaTime

func seconds(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }
func content(_ value: Int64) -> ContentTime { ContentTime(seconds: value) }
func stream(_ value: Int64) -> StreamTime { StreamTime(seconds: value) }

func makeBreak(_ id: String, at position: BreakPosition, ads durations: [Int64], insertion: Insertion = .inStream)
    -> AdBreak
{
    AdBreak(
        id: id, position: position,
        ads: durations.enumerated().map { Ad(id: "\(id)-\($0)", duration: seconds($1)) }, insertion: insertion)
}
