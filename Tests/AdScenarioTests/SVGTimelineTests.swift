import AdScenario
import Foundation
import Testing

/// The session picture: labels that never overlap or leave the picture,
/// gaps only where wall time passed, an axis fitted to what was played.
@Suite struct SVGTimelineTests {
    /// A long episode watched for a few minutes: a rewind over three breaks
    /// the cool-down skipped, a fail-over, a stop near the right edge.
    static let scenario = """
        {"description": "Rewind over three skipped breaks, a fail-over, a bookmark at the end",
         "stream": {"type": "vod", "contentDuration": 3600, "insertion": "inStream"},
         "breaks": [{"id": "m1", "at": 60, "ads": [{"id": "a1", "duration": 10}]},
                    {"id": "m2", "at": 120, "ads": [{"id": "a2", "duration": 10}]},
                    {"id": "m3", "at": 180, "ads": [{"id": "a3", "duration": 10}]},
                    {"id": "m4", "at": 240, "ads": [{"id": "a4", "duration": 10}]},
                    {"id": "late", "at": 3000, "ads": [{"id": "l1", "duration": 30}]}],
         "policy": {"preset": "strict", "rewind": "skipAll", "cooldown": 600},
         "actions": [{"do": "start"}, {"do": "play", "for": 300}, {"do": "rewind", "to": {"content": 10}}, {"do": "play", "for": 30},
                     {"do": "failover"}, {"do": "play", "for": 200}, {"do": "stop"}, {"do": "wait", "for": 3600},
                     {"do": "start", "from": "bookmark"}, {"do": "play", "for": 20}, {"do": "stop"}]}
        """

    struct TextElement {
        var text: String
        var x: Double
        var y: Double
        var anchor: String
        var fontSize: Double

        /// The box its text covers: width from its length at 0.6 of the
        /// font size a character (Helvetica's average is about 0.55),
        /// height from the font size.
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
            let width = Double(text.count) * fontSize * 0.6
            let minX = anchor == "end" ? x - width : anchor == "middle" ? x - width / 2 : x
            return (minX, y - fontSize * 0.8, minX + width, y + fontSize * 0.2)
        }
    }

    static func texts(_ svg: String) -> [TextElement] {
        svg.matches(of: /<text ([^>]*)>([^<]*)<\/text>/).map { match in
            let attributes = String(match.1)
            func value(_ name: String) -> String? {
                attributes.firstMatch(of: try! Regex("\(name)=\"([^\"]*)\""))?.output[1].substring.map(String.init)
            }
            let text = String(match.2).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            return TextElement(text: text, x: Double(value("x") ?? "") ?? -1, y: Double(value("y") ?? "") ?? -1,
                               anchor: value("text-anchor") ?? "start", fontSize: Double(value("font-size") ?? "12") ?? 12)
        }
    }

    func render(full: Bool = false) async throws -> String {
        let scenario = try Scenario.decode(json: Array(Self.scenario.utf8))
        return SVGTimeline.render(try await scenario.run(), title: scenario.title ?? "untitled", full: full)
    }

    @Test func noTwoLabelsOverlap_andNoneLeavesThePicture() async throws {
        for full in [false, true] {
            let texts = Self.texts(try await render(full: full))
            #expect(texts.count > 30)
            #expect(texts.filter { $0.text.contains("skipped (policy)") }.count == 4, "the rewind skipped m1 to m4")
            for (index, first) in texts.enumerated() {
                let a = first.box
                #expect(a.minX >= 0 && a.maxX <= 960 && a.minY >= 0 && a.maxY <= 560, "\(first.text) leaves the picture: \(a)")
                for second in texts[(index + 1)...] {
                    let b = second.box
                    let overlap = a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
                    #expect(!overlap, "\"\(first.text)\" \(a) overlaps \"\(second.text)\" \(b)")
                }
            }
        }
    }

    @Test func aGapIsMarkedOnlyWhereWallTimePassed() async throws {
        let gaps = Self.texts(try await render()).map(\.text).filter { $0.hasSuffix("later") }
        #expect(gaps == ["⋯ 1:00:00 later"], "the fail-over is back to back; the hour's wait is a gap")
    }

    @Test func theStreamAxisFitsWhatWasPlayed_unlessFull() async throws {
        func ticks(_ svg: String) -> [String] {
            Self.texts(svg).filter { $0.anchor == "end" && $0.x < 150 }.map(\.text)
        }
        let fitted = ticks(try await render())
        #expect(fitted.last.map { $0 <= "0:06:00" } == true, "\(fitted)")
        #expect(!fitted.contains("0:50:00"))
        let full = ticks(try await render(full: true))
        #expect(full.contains("0:50:00"), "\(full)")
    }

    @Test func theTitleIsTheDescription_andTheBookmarkLabelIsWhole() async throws {
        let texts = Self.texts(try await render())
        #expect(texts.first?.text == "Rewind over three skipped breaks, a fail-over, a bookmark at the end")
        #expect(texts.filter { $0.text == "■ bookmark" }.count == 2)
    }
}
