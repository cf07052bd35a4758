public import VAST
internal import MediaTime
internal import StrictJSON

/// A VMAP document as text and as JSON (`adplay vmap inspect`): its breaks,
/// where each goes and where its ads come from, without fetching or
/// resolving anything.
///
/// JSON: `{"version", "breaks": [{"id", "breakTypes", "timeOffset",
/// "seconds", "repeatAfter", "source": {"id", "kind", "url",
/// "templateType", "allowMultipleAds", "followRedirects", "vastVersion",
/// "ads"}, "tracking": [{"event", "url"}]}], "warnings": [{"path", "line",
/// "message"}]}`. `timeOffset` is `start`, `end`, seconds (`"600"`), a
/// percentage (`"25%"`) or a cue point (`"#2"`); `seconds` is the time for
/// a time offset, else null. `kind` is `vast` (inline), `adTagURI` or
/// `custom`.
public enum VMAPReport {
    /// The document as readable text, with a trailing line feed.
    public static func text(_ document: VMAPDocument) -> String {
        let count = document.adBreaks.count
        var lines = ["VMAP \(document.version): \(count) break\(count == 1 ? "" : "s")"]
        for (index, adBreak) in document.adBreaks.enumerated() {
            var head = "  \(adBreak.id ?? "break \(index + 1)"): \(place(adBreak.timeOffset)), \(adBreak.breakTypes.joined(separator: ", "))"
            if let repeatAfter = adBreak.repeatAfter { head += ", again every \(repeatAfter.decimalSeconds) s" }
            lines.append(head)
            lines.append("    source: " + (adBreak.adSource.map(source) ?? "none"))
            lines += adBreak.trackingEvents.map { "    tracking \($0.event) \($0.url)" }
        }
        if !document.warnings.isEmpty {
            lines.append("warnings: \(document.warnings.count)")
            lines += document.warnings.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The document as one JSON object, with a trailing line feed.
    public static func json(_ document: VMAPDocument) -> String {
        var output = JSONOutput()
        output.openObject()
        output.member("version", document.version)
        output.key("breaks")
        output.openArray()
        for adBreak in document.adBreaks { write(adBreak, to: &output) }
        output.closeArray()
        output.key("warnings")
        output.openArray()
        for warning in document.warnings {
            output.openObject()
            output.member("path", warning.path)
            output.member("line", warning.line)
            output.member("message", warning.message)
            output.closeObject()
        }
        output.closeArray()
        output.closeObject()
        output.endLine()
        return String(decoding: output.bytes, as: UTF8.self)
    }

    private static func write(_ adBreak: VMAPAdBreak, to output: inout JSONOutput) {
        output.openObject()
        output.key("id")
        ResolutionReport.optional(adBreak.id, to: &output)
        output.key("breakTypes")
        output.openArray()
        for type in adBreak.breakTypes { output.value(type) }
        output.closeArray()
        output.member("timeOffset", offsetText(adBreak.timeOffset))
        output.key("seconds")
        if case .time(let time) = adBreak.timeOffset { output.number(time.decimalSeconds) } else { output.null() }
        output.key("repeatAfter")
        if let repeatAfter = adBreak.repeatAfter { output.number(repeatAfter.decimalSeconds) } else { output.null() }
        output.key("source")
        if let source = adBreak.adSource { write(source, to: &output) } else { output.null() }
        output.key("tracking")
        output.openArray()
        for event in adBreak.trackingEvents {
            output.openObject()
            output.member("event", event.event)
            output.member("url", event.url)
            output.closeObject()
        }
        output.closeArray()
        output.closeObject()
    }

    private static func write(_ source: VMAPAdSource, to output: inout JSONOutput) {
        output.openObject()
        output.key("id")
        ResolutionReport.optional(source.id, to: &output)
        var url: String?
        var templateType: String?
        var document: VASTDocument?
        switch source.content {
        case .vast(let inline):
            output.member("kind", "vast")
            document = inline
        case .adTagURI(let tag, let template):
            output.member("kind", "adTagURI")
            (url, templateType) = (tag, template)
        case .custom(let raw):
            output.member("kind", "custom")
            templateType = raw.type
        }
        output.key("url")
        ResolutionReport.optional(url, to: &output)
        output.key("templateType")
        ResolutionReport.optional(templateType, to: &output)
        for (key, flag) in [("allowMultipleAds", source.allowMultipleAds), ("followRedirects", source.followRedirects)] {
            output.key(key)
            if let flag { output.value(flag) } else { output.null() }
        }
        output.key("vastVersion")
        ResolutionReport.optional(document?.version, to: &output)
        output.key("ads")
        if let document {
            output.openArray()
            for ad in document.ads { ResolutionReport.optional(ad.id, to: &output) }
            output.closeArray()
        } else {
            output.null()
        }
        output.closeObject()
    }

    private static func place(_ offset: TimeOffset) -> String {
        switch offset {
        case .start: "start (pre-roll)"
        case .end: "end (post-roll)"
        case .time(let time): "at \(time.decimalSeconds) s"
        case .percent(let percent): "at \(percent)% of the content"
        case .position(let position): "at cue point #\(position)"
        }
    }

    private static func offsetText(_ offset: TimeOffset) -> String {
        switch offset {
        case .start: "start"
        case .end: "end"
        case .time(let time): time.decimalSeconds
        case .percent(let percent): "\(percent)%"
        case .position(let position): "#\(position)"
        }
    }

    private static func source(_ source: VMAPAdSource) -> String {
        var text: String
        switch source.content {
        case .vast(let document):
            let ids = document.ads.map { $0.id ?? "-" }
            text = "inline VAST \(document.version), \(ids.count) ad\(ids.count == 1 ? "" : "s")"
                + (ids.isEmpty ? "" : " (\(ids.joined(separator: ", ")))")
        case .adTagURI(let url, let template):
            text = "ad tag \(url)" + (template.map { " (\($0))" } ?? "")
        case .custom(let raw):
            text = "custom ad data" + (raw.type.map { " (\($0))" } ?? "") + ", \(raw.xml.utf8.count) bytes"
        }
        if let id = source.id { text += ", source id \(id)" }
        if source.allowMultipleAds == true { text += ", pods allowed" }
        if source.followRedirects == false { text += ", no wrappers" }
        return text
    }
}
