/// The scenario `adplay demo` runs: a 30-minute episode with a pre-roll,
/// three mid-rolls and a post-roll, and a viewer who watches the pre-roll,
/// seeks over a mid-roll (snapback), seeks again inside the cool-down, gets
/// a phone call during a break, stops, and resumes the next day.
public enum DemoScenario {
    /// What the demo shows, in one paragraph.
    public static let summary = """
    a 30-minute episode with a 30 s pre-roll, three mid-rolls and a post-roll, under the
    snapback preset with a 2-minute cool-down. The viewer watches the pre-roll, seeks over
    mid1 (snapback plays it first), seeks over mid2 inside the cool-down (no ad), takes a
    phone call during mid3, stops, and resumes from the bookmark the next day: the watched
    breaks do not play again, and autoSeek plays mid2, the one mid-roll never watched, before
    content resumes at the bookmark.
    """

    /// The scenario file's text.
    public static let json = """
    {
      "description": "A 30-minute episode; the viewer seeks, is interrupted, stops and resumes the next day.",
      "stream": {"type": "vod", "contentDuration": 1800, "insertion": "inStream"},
      "breaks": [
        {"id": "pre",  "at": 0,     "ads": [{"id": "pre-a", "duration": 15}, {"id": "pre-b", "duration": 15}]},
        {"id": "mid1", "at": 600,   "ads": [{"id": "mid1-a", "duration": 30}, {"id": "mid1-b", "duration": 30}]},
        {"id": "mid2", "at": 1200,  "ads": [{"id": "mid2-a", "duration": 30}]},
        {"id": "mid3", "at": 1500,  "ads": [{"id": "mid3-a", "duration": 20}, {"id": "mid3-b", "duration": 20}]},
        {"id": "post", "at": "end", "ads": [{"id": "post-a", "duration": 20}]}
      ],
      "policy": {"preset": "snapback", "cooldown": 120},
      "actions": [
        {"do": "start"},
        {"do": "play", "for": 180},
        {"do": "seek", "to": {"content": 750}},
        {"do": "play", "for": 90},
        {"do": "seek", "to": {"content": 1320}},
        {"do": "play", "for": 195},
        {"do": "interrupt", "for": 20},
        {"do": "play", "for": 40},
        {"do": "stop"},
        {"do": "wait", "for": 86400},
        {"do": "start", "from": "bookmark"},
        {"do": "playToEnd"}
      ]
    }
    """
}
