/// Places an SVG picture's text labels so that none overlaps another and
/// none leaves the picture: each label wants a spot; if it is taken, the
/// label moves up or down in steps of its own height, nearest first, and
/// gets a thin leader line back to its spot.
///
/// Text width is estimated, not measured (no font metrics here): 0.62 of
/// the font size per character, which bounds Helvetica and Arial for the
/// labels drawn, plus a margin.
struct SVGLabels {
    /// A label to draw.
    struct Label {
        var text: String
        /// Where its anchor wants to be.
        var x: Double
        var y: Double
        var anchor: Anchor = .start
        var fontSize: Double = 10
        var fill = "#333"
        var bold = false
        /// Extra attributes (a class) written on the element.
        var attributes = ""
    }

    enum Anchor: String {
        case start, middle, end
    }

    /// Which way a label moves from its spot first: `down` tries every
    /// spot below before any above.
    enum Direction {
        case either, down
    }

    /// A label's box: the area its text covers.
    struct Box: Equatable {
        var minX: Double
        var minY: Double
        var maxX: Double
        var maxY: Double

        func intersects(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
    }

    let bounds: Box
    private(set) var placed: [(label: Label, box: Box)] = []

    init(width: Double, height: Double) {
        bounds = Box(minX: 2, minY: 2, maxX: width - 2, maxY: height - 2)
    }

    /// The width a text of `count` characters is taken to need.
    static func textWidth(_ text: String, fontSize: Double) -> Double { Double(text.count) * fontSize * 0.62 + 2 }

    /// The box of `label` with its baseline at `y` (text extends above the
    /// baseline by the font size, below by a fifth of it).
    static func box(_ label: Label, y: Double) -> Box {
        let width = textWidth(label.text, fontSize: label.fontSize)
        let minX = switch label.anchor {
        case .start: label.x
        case .middle: label.x - width / 2
        case .end: label.x - width
        }
        return Box(minX: minX, minY: y - label.fontSize, maxX: minX + width, maxY: y + label.fontSize * 0.25)
    }

    /// Places `label` at the nearest free spot and returns its SVG.
    mutating func place(_ label: Label, direction: Direction = .either) -> String {
        var label = label
        // Kept inside the picture first: a label past the right edge turns to end there.
        var box = Self.box(label, y: label.y)
        if box.maxX > bounds.maxX {
            label.x -= box.maxX - bounds.maxX
            box = Self.box(label, y: label.y)
        }
        if box.minX < bounds.minX {
            label.x += bounds.minX - box.minX
            box = Self.box(label, y: label.y)
        }
        let wanted = label.y
        let step = label.fontSize * 1.3
        var chosen = wanted
        let below = Int((bounds.maxY - wanted) / step) + 1
        let offsets = (0..<400).map { attempt in
            direction == .down
                ? (attempt < below ? Double(attempt) * step : -Double(attempt - below + 1) * step)
                : Double((attempt + 1) / 2) * step * (attempt % 2 == 0 ? 1 : -1)
        }
        for offset in offsets {
            let y = wanted + offset
            let candidate = Self.box(label, y: y)
            guard candidate.minY >= bounds.minY, candidate.maxY <= bounds.maxY else { continue }
            if !placed.contains(where: { $0.box.intersects(candidate) }) {
                chosen = y
                break
            }
        }
        label.y = chosen
        placed.append((label, Self.box(label, y: chosen)))
        var svg = ""
        if abs(chosen - wanted) > 1 {
            let leaderY = chosen < wanted ? chosen + label.fontSize * 0.25 : chosen - label.fontSize
            svg += "<line class=\"leader\" x1=\(SVGTimeline.fmt(label.x)) y1=\(SVGTimeline.fmt(wanted - label.fontSize / 3))"
                + " x2=\(SVGTimeline.fmt(label.x)) y2=\(SVGTimeline.fmt(leaderY)) stroke=\"#bbb\" stroke-width=\"0.6\"/>\n"
        }
        let anchor = label.anchor == .start ? "" : " text-anchor=\"\(label.anchor.rawValue)\""
        let weight = label.bold ? " font-weight=\"bold\"" : ""
        let size = SVGTimeline.number(label.fontSize)
        svg += "<text x=\(SVGTimeline.fmt(label.x)) y=\(SVGTimeline.fmt(chosen))\(anchor) fill=\"\(label.fill)\""
        svg += " font-size=\"\(size)\"\(weight)\(label.attributes)>\(SVGTimeline.escape(label.text))</text>\n"
        return svg
    }
}
