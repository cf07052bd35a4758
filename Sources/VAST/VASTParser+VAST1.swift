internal import XMLTree

/// VAST 1.0 (`<VideoAdServingTemplate>`), read into the shape of later
/// versions: an inline ad's `<Video>` becomes a linear creative holding the
/// ad-level `<TrackingEvents>`, and its `<CompanionAds>` and `<NonLinearAds>`
/// become creatives of their own; URLs sit in `<URL>` children.
extension Reading {
    mutating func vast1Ad(_ node: Node) -> VASTAd? {
        if let wrapperNode = node.child("Wrapper") {
            guard var wrapper = wrapper(wrapperNode) else { return nil }
            wrapper.common.creatives = vast1Creatives(wrapperNode)
            return VASTAd(id: node.attribute("id"), content: .wrapper(wrapper))
        }
        guard let inlineNode = node.child("InLine") else {
            warn(node, "an <Ad> with neither <InLine> nor <Wrapper>; skipped")
            return nil
        }
        var inline = self.inline(inlineNode)
        inline.common.creatives = vast1Creatives(inlineNode)
        return VASTAd(id: node.attribute("id"), content: .inline(inline))
    }

    private mutating func vast1Creatives(_ node: Node) -> [Creative] {
        var creatives: [Creative] = []
        let tracking = trackingEvents(node.child("TrackingEvents"))
        if let video = node.child("Video") {
            var creative = Creative()
            creative.adID = video.child("AdID")?.text
            var linear = self.linear(video)
            linear.trackingEvents = tracking
            creative.linear = linear
            creatives.append(creative)
        } else if !tracking.isEmpty {
            warn(node, "<TrackingEvents> with no <Video>; kept on a linear creative with no media")
            var creative = Creative()
            var linear = Linear()
            linear.trackingEvents = tracking
            creative.linear = linear
            creatives.append(creative)
        }
        if let companions = node.child("CompanionAds") {
            var creative = Creative()
            creative.companionAds = companionAds(companions)
            creatives.append(creative)
        }
        if let nonLinears = node.child("NonLinearAds") {
            var creative = Creative()
            creative.nonLinearAds = nonLinearAds(nonLinears)
            creatives.append(creative)
        }
        return creatives
    }
}
