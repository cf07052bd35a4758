public import HLS
import SCTE35Text
public import StrictJSON

extension PlaylistJSON {
    /// Writes a multivariant playlist.
    public static func write(_ playlist: MasterPlaylist, to output: inout JSONOutput) {
        output.openObject()
        output.key("kind")
        output.plain("master")
        output.key("duration")
        output.number("0")
        output.key("variants")
        output.openArray()
        for variant in playlist.variants {
            output.openObject()
            output.member("uri", variant.uri)
            output.member("bandwidth", variant.bandwidth)
            output.key("averageBandwidth")
            if let value = variant.averageBandwidth { output.value(value) } else { output.null() }
            optional("codecs", variant.codecs, to: &output)
            optional("resolution", variant.resolution?.description, to: &output)
            output.key("frameRate")
            if let rate = variant.frameRate { output.number("\(rate)") } else { output.null() }
            optional("audio", variant.audio, to: &output)
            optional("video", variant.video, to: &output)
            optional("subtitles", variant.subtitles, to: &output)
            optional("closedCaptions", variant.closedCaptionsNone ? "NONE" : variant.closedCaptions, to: &output)
            output.member("iFrameOnly", variant.isIFrameOnly)
            output.closeObject()
        }
        output.closeArray()
        output.key("media")
        output.openArray()
        for rendition in playlist.renditions {
            output.openObject()
            output.member("type", rendition.type)
            output.member("groupID", rendition.groupID)
            output.member("name", rendition.name)
            optional("language", rendition.language, to: &output)
            optional("uri", rendition.uri, to: &output)
            output.member("default", rendition.isDefault)
            output.member("autoselect", rendition.autoselect)
            output.closeObject()
        }
        output.closeArray()
        writeWarnings(playlist.warnings, to: &output)
        output.closeObject()
    }

    private static func optional(_ name: StaticString, _ value: String?, to output: inout JSONOutput) {
        output.key(name)
        if let value { output.value(value) } else { output.null() }
    }
}
