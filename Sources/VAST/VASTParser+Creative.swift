internal import TextEcho
internal import MediaTime
internal import XMLTree

extension Reading {
    mutating func creative(_ node: Node) -> Creative {
        var creative = Creative()
        creative.id = node.attribute("id")
        creative.sequence = integer(node, "sequence")
        creative.adID = node.attribute("adId") ?? node.attribute("AdID")
        creative.apiFramework = node.attribute("apiFramework")
        creative.universalAdIDs = node.children("UniversalAdId").compactMap { id in
            id.text.map { UniversalAdID(registry: id.attribute("idRegistry"), value: $0) }
        }
        creative.linear = node.child("Linear").map { linear($0) }
        creative.nonLinearAds = node.child("NonLinearAds").map { nonLinearAds($0) }
        creative.companionAds = node.child("CompanionAds").map { companionAds($0) }
        creative.extensions = (node.child("CreativeExtensions")?.children("CreativeExtension") ?? []).map { raw($0) }
        return creative
    }

    mutating func linear(_ node: Node) -> Linear {
        var linear = Linear()
        linear.duration = duration(node.child("Duration"))
        if let text = node.attribute("skipoffset") {
            linear.skipOffset = VASTTime.offset(text.trimmedSpaces)
            if linear.skipOffset == nil { warn(node, "skipoffset=\(Echo.quoted(text)) is not HH:MM:SS(.mmm) or n%; ignored") }
        }
        linear.adParameters = node.child("AdParameters")?.text
        if let files = node.child("MediaFiles") {
            linear.mediaFiles = files.children("MediaFile").compactMap { mediaFile($0) }
            linear.mezzanines = files.children("Mezzanine").compactMap { mezzanine($0) }
            linear.interactiveCreativeFiles = files.children("InteractiveCreativeFile").compactMap { file in
                url(file).map {
                    var interactive = InteractiveCreativeFile(url: $0)
                    interactive.type = file.attribute("type")
                    interactive.apiFramework = file.attribute("apiFramework")
                    interactive.variableDuration = boolean(file, "variableDuration")
                    return interactive
                }
            }
            linear.closedCaptionFiles = (files.child("ClosedCaptionFiles")?.children("ClosedCaptionFile") ?? []).compactMap { file in
                url(file).map { ClosedCaptionFile(type: file.attribute("type"), language: file.attribute("language"), url: $0) }
            }
        }
        linear.trackingEvents = trackingEvents(node.child("TrackingEvents"))
        linear.videoClicks = node.child("VideoClicks").map { videoClicks($0) }
        linear.icons = (node.child("Icons")?.children("Icon") ?? []).map { icon($0) }
        return linear
    }

    mutating func mediaFile(_ node: Node) -> MediaFile? {
        guard let url = url(node) else { return nil }
        var file = MediaFile(url: url)
        file.id = node.attribute("id")
        file.delivery = node.attribute("delivery")
        file.type = node.attribute("type")
        file.width = integer(node, "width")
        file.height = integer(node, "height")
        file.codec = node.attribute("codec")
        file.bitrate = integer(node, "bitrate")
        file.minBitrate = integer(node, "minBitrate")
        file.maxBitrate = integer(node, "maxBitrate")
        file.scalable = boolean(node, "scalable")
        file.maintainAspectRatio = boolean(node, "maintainAspectRatio")
        file.fileSize = integer(node, "fileSize")
        file.mediaType = node.attribute("mediaType")
        file.apiFramework = node.attribute("apiFramework")
        return file
    }

    mutating func mezzanine(_ node: Node) -> Mezzanine? {
        guard let url = url(node) else { return nil }
        var mezzanine = Mezzanine(url: url)
        mezzanine.id = node.attribute("id")
        mezzanine.delivery = node.attribute("delivery")
        mezzanine.type = node.attribute("type")
        mezzanine.width = integer(node, "width")
        mezzanine.height = integer(node, "height")
        mezzanine.codec = node.attribute("codec")
        mezzanine.fileSize = integer(node, "fileSize")
        mezzanine.mediaType = node.attribute("mediaType")
        return mezzanine
    }

    mutating func videoClicks(_ node: Node) -> VideoClicks {
        var clicks = VideoClicks()
        clicks.clickThrough = node.child("ClickThrough").flatMap { urls($0).first }
        clicks.clickTracking = node.children("ClickTracking").flatMap { urls($0) }
        clicks.customClicks = node.children("CustomClick").flatMap { urls($0) }
        return clicks
    }

    mutating func icon(_ node: Node) -> Icon {
        var icon = Icon()
        icon.program = node.attribute("program")
        icon.width = integer(node, "width")
        icon.height = integer(node, "height")
        icon.xPosition = node.attribute("xPosition")
        icon.yPosition = node.attribute("yPosition")
        icon.apiFramework = node.attribute("apiFramework")
        icon.duration = timeAttribute(node, "duration")
        icon.offset = timeAttribute(node, "offset")
        icon.resources = resources(node)
        if let clicks = node.child("IconClicks") {
            icon.clickThrough = url(clicks.child("IconClickThrough"))
            icon.clickTracking = clicks.children("IconClickTracking").flatMap { urls($0) }.map(\.url)
        }
        icon.viewTracking = node.children("IconViewTracking").flatMap { urls($0) }.map(\.url)
        return icon
    }

    mutating func nonLinearAds(_ node: Node) -> NonLinearAds {
        var ads = NonLinearAds()
        ads.nonLinears = node.children("NonLinear").map { nonLinear($0) }
        ads.trackingEvents = trackingEvents(node.child("TrackingEvents"))
        return ads
    }

    mutating func nonLinear(_ node: Node) -> NonLinear {
        var nonLinear = NonLinear()
        nonLinear.id = node.attribute("id")
        nonLinear.width = integer(node, "width")
        nonLinear.height = integer(node, "height")
        nonLinear.apiFramework = node.attribute("apiFramework")
        nonLinear.minSuggestedDuration = timeAttribute(node, "minSuggestedDuration")
        nonLinear.resources = resources(node)
        nonLinear.clickThrough = url(node.child("NonLinearClickThrough"))
        nonLinear.clickTracking = node.children("NonLinearClickTracking").flatMap { urls($0) }
        nonLinear.adParameters = node.child("AdParameters")?.text
        return nonLinear
    }

    mutating func companionAds(_ node: Node) -> CompanionAds {
        var ads = CompanionAds()
        ads.required = node.attribute("required")
        ads.companions = node.children("Companion").map { companion($0) }
        return ads
    }

    mutating func companion(_ node: Node) -> Companion {
        var companion = Companion()
        companion.id = node.attribute("id")
        companion.width = integer(node, "width")
        companion.height = integer(node, "height")
        companion.adSlotID = node.attribute("adSlotId") ?? node.attribute("adSlotID")
        companion.apiFramework = node.attribute("apiFramework")
        companion.resources = resources(node)
        companion.clickThrough = url(node.child("CompanionClickThrough"))
        companion.clickTracking = node.children("CompanionClickTracking").flatMap { urls($0) }
        companion.trackingEvents = trackingEvents(node.child("TrackingEvents"))
        companion.altText = node.child("AltText")?.text
        companion.adParameters = node.child("AdParameters")?.text
        return companion
    }

    /// Static, IFrame and HTML resources, and VAST 1's `Code`, `URL` and `IFrameURL`.
    mutating func resources(_ node: Node) -> [Resource] {
        var resources: [Resource] = []
        for child in node.element.children {
            let item = Node(child)
            switch child.localName {
            case "StaticResource":
                if let url = item.text { resources.append(.staticResource(creativeType: item.attribute("creativeType"), url: url)) }
            case "IFrameResource", "IFrameURL":
                if let url = item.text { resources.append(.iframe(url: url)) }
            case "HTMLResource", "Code":
                if let html = item.text { resources.append(.html(html)) }
            case "URL":
                if let url = item.text { resources.append(.staticResource(creativeType: node.attribute("creativeType"), url: url)) }
            default: continue
            }
        }
        return resources
    }

    mutating func timeAttribute(_ node: Node, _ name: String) -> MediaDuration? {
        guard let text = node.attribute(name)?.trimmedSpaces, !text.isEmpty else { return nil }
        guard let time = VASTTime.duration(text) else {
            warn(node, "\(name)=\(Echo.quoted(text)) is not HH:MM:SS(.mmm); ignored")
            return nil
        }
        return time
    }
}
