import AdScenario
import Testing

/// The text timeline tells each viewing session on its own, with the true
/// reasons, under column headers.
@Suite struct TextReportTests {
    static let twoSessions = """
        {"stream": {"type": "vod", "contentDuration": 900, "insertion": "inStream"},
         "breaks": [{"id": "pre", "at": 0, "ads": [{"id": "p1", "duration": 10}]},
                    {"id": "mid", "at": 120, "ads": [{"id": "m1", "duration": 20}]},
                    {"id": "late", "at": 600, "ads": [{"id": "l1", "duration": 20}]}],
         "policy": {"preset": "strict", "cooldown": 300, "rewind": "skipAll"},
         "actions": [{"do": "start"}, {"do": "play", "for": 200}, {"do": "rewind", "to": {"content": 30}}, {"do": "play", "for": 20},
                     {"do": "stop"}, {"do": "wait", "for": 600}, {"do": "start", "from": "bookmark"}, {"do": "play", "for": 100}]}
        """

    @Test func eachSessionIsSummarisedOnItsOwn_withTheTrueReasons() async throws {
        let run = try await Scenario.decode(json: Array(Self.twoSessions.utf8)).run()
        #expect(TextReport.renderTimeline(run, width: 60) == """
            Timeline: content 0:15:00, 3 breaks, 2 sessions  (W watched, L left during it, x skipped, o not reached)

            Session 1: clock 0:00:00 to 0:03:40, from content 0:00:00
            0:00:00                                              0:15:00
            W------x-------------------------------o--------------------
                break     at        length   outcome
              W pre       0:00:00   0:00:10  watched
              x mid       0:02:00   0:00:20  skipped (cool-down, then policy)
              o late      0:10:00   0:00:20  not reached

            Session 2: clock 0:13:40 to 0:15:10, from content 0:00:50
            0:00:00                                              0:15:00
            x------W-------------------------------o--------------------
                break     at        length   outcome
              x pre       0:00:00   0:00:10  skipped (already watched)
              W mid       0:02:00   0:00:20  watched
              o late      0:10:00   0:00:20  not reached

            """)
        #expect(TextReport.render(run).contains("ad break pre skipped (already watched)"))
    }

    @Test func oneBreakIsOneBreak_andABreakLeftMidwayIsSaidSo() async throws {
        let json = """
            {"stream": {"type": "vod", "contentDuration": 60},
             "breaks": [{"id": "mid", "at": 30, "ads": [{"id": "m1", "duration": 10}]}],
             "actions": [{"do": "start"}, {"do": "play", "for": 35}, {"do": "stop"}]}
            """
        let run = try await Scenario.decode(json: Array(json.utf8)).run()
        let timeline = TextReport.renderTimeline(run, width: 20)
        #expect(timeline.hasPrefix("Timeline: content 0:01:00, 1 break, 1 session "), "\(timeline)")
        #expect(timeline.contains("  L mid       0:00:30   0:00:10  left during it\n"), "\(timeline)")
    }
}
