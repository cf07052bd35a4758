import MediaTime
import Foundation
import Testing
import VAST
import XMLTree

/// Every IAB sample parses, and what the model holds matches an independent
/// count of the XML by local element name.
@Suite struct VASTConformanceTests {
    /// The IAB folders hold 72 samples: 16 for VAST 1.0 and 2.0, 7 for 3.0, 16 for 4.0, 18 for 4.1, 15 for 4.2.
    @Test func iabSamples_areAllThere() {
        #expect(Fixture.iabDocuments.count == 72)
    }

    @Test func legacyVerificationExtension_isReadAsVerifications() throws {
        let document = try VASTParser().parse(try Fixture.bytes("vast/iab-1-2.0/Inline_NonLinear_Verification_VAST2.0.xml"))
        let verification = try #require(document.ads.first?.common.verifications.first)
        #expect(verification.vendor == "company.com-omid")
        #expect(verification.javaScriptResources == [ScriptResource(apiFramework: "omid", detail: "true", url: "https://company.com/omid.js")])
        #expect(verification.parameters == "parameter1=value1&parameter2=value2&parameter3=value3")
        #expect(verification.trackingEvents.map(\.event) == ["verificationNotExecuted"])
        #expect(document.ads.first?.common.extensions.first?.type == "AdVerifications")
    }

    @Test(arguments: Fixture.iabDocuments)
    func iabSample_parses_withTheCountsOfItsXML(_ name: String) throws {
        let bytes = try Fixture.bytes(name)
        let document = try VASTParser().parse(bytes)
        let xml = IndependentCount(bytes)
        let isVAST1 = document.version == "1.0"

        #expect(document.ads.count == xml.elements("Ad"), "ads")
        let creatives = document.ads.flatMap(\.common.creatives)
        let expectedCreatives = isVAST1 ? xml.elements("Video") + xml.elements("CompanionAds") + xml.elements("NonLinearAds")
                                        : xml.elements("Creative")
        #expect(creatives.count == expectedCreatives, "creatives")
        #expect(creatives.compactMap(\.linear).flatMap(\.mediaFiles).count == xml.elements("MediaFile"), "media files")
        #expect(document.ads.flatMap(\.common.impressions).count == xml.urls(in: "Impression"), "impressions")
        #expect(Self.trackingEvents(document).count == xml.urls(in: "Tracking"), "tracking events")
    }

    /// Every `<Tracking>` the model holds, wherever it sits.
    static func trackingEvents(_ document: VASTDocument) -> [VASTTrackingEvent] {
        document.ads.flatMap { ad in
            ad.common.verifications.flatMap(\.trackingEvents) + ad.common.creatives.flatMap { creative in
                (creative.linear?.trackingEvents ?? []) + (creative.nonLinearAds?.trackingEvents ?? [])
                    + (creative.companionAds?.companions.flatMap(\.trackingEvents) ?? [])
            }
        }
    }

    @Test(arguments: Fixture.documents(under: "vast/vast-client-js").filter { !$0.hasSuffix("invalid-xmlfile.xml") })
    func vastClientSample_parses(_ name: String) throws {
        let bytes = try Fixture.bytes(name)
        let document = try VASTParser().parse(bytes)
        // Every <Ad> of the sample is an ad of the model, none dropped.
        let text = String(decoding: bytes, as: UTF8.self)
        let ads = text.components(separatedBy: "<Ad ").count - 1 + text.components(separatedBy: "<Ad>").count - 1
        #expect(document.ads.count == ads, "\(name): \(ads) <Ad> in the file, \(document.ads.count) in the model")
    }

    @Test func invalidXMLFile_failsWithError100_sayingWhere() throws {
        let error = #expect(throws: VASTError.self) { try VASTParser().parse(try Fixture.bytes("vast/vast-client-js/invalid-xmlfile.xml")) }
        #expect(error?.code == .xmlParsing)
        #expect((error?.line ?? 0) > 0)
        #expect((error?.column ?? 0) > 0)
        #expect(error?.offset != nil)
    }

    @Test func inlineSimple_readsTypedValues() throws {
        let document = try VASTParser().parse(try Fixture.bytes("vast/iab-4.2/Inline_Simple.xml"))
        #expect(document.version == "4.2")
        let ad = try #require(document.ads.first)
        #expect(ad.id == "20001")
        let inline = try #require(ad.inline)
        #expect(inline.title == "Inline Simple Ad")
        #expect(inline.common.adSystem == AdSystem(name: "iabtechlab", version: "1"))
        #expect(inline.common.impressions == [TrackingURL(id: "Impression-ID", url: "https://example.com/track/impression")])
        #expect(inline.categories.first?.authority == "https://www.iabtechlab.com/categoryauthority")
        let creative = try #require(inline.common.creatives.first)
        #expect(creative.universalAdIDs == [UniversalAdID(registry: "Ad-ID", value: "8465")])
        let linear = try #require(creative.linear)
        #expect(linear.duration == MediaDuration(seconds: 16))
        let progress = try #require(linear.trackingEvents.first { $0.event == "progress" })
        #expect(progress.offset == .time(MediaDuration(seconds: 10)))
        let file = try #require(linear.mediaFiles.first)
        #expect(file.id == "5241")
        #expect(file.type == "video/mp4")
        #expect(file.delivery == "progressive")
        #expect(file.bitrate == 2000 && file.minBitrate == 1500 && file.maxBitrate == 2500)
        #expect(file.width == 1280 && file.height == 720)
        #expect(file.scalable == true && file.maintainAspectRatio == true)
        #expect(file.codec == "H.264")
        #expect(file.url == "https://iab-publicfiles.s3.amazonaws.com/vast/VAST-4.0-Short-Intro.mp4")
        #expect(linear.videoClicks?.clickThrough == TrackingURL(id: "blog", url: "https://iabtechlab.com"))
        #expect(document.warnings.isEmpty, "\(document.warnings)")
    }

    @Test func wrapper_readsItsTagURIAndFlags() throws {
        let document = try VASTParser().parse(try Fixture.bytes("vast/iab-4.1/Wrapper_Tag-test.xml"))
        let wrapper = try #require(document.ads.first?.wrapper)
        #expect(wrapper.adTagURI.hasSuffix("Inline_Companion_Tag-test.xml"))
        #expect(!wrapper.followAdditionalWrappers)
        #expect(wrapper.allowMultipleAds)
        #expect(wrapper.fallbackOnNoAd == false)
        #expect(document.ads.first?.sequence == 1)
        #expect(wrapper.common.creatives.first?.companionAds?.companions.first?.width == 100)
    }

    @Test func vast1_readsIntoTheLaterShape() throws {
        let document = try VASTParser().parse(try Fixture.bytes("vast/iab-1-2.0/vast1RegularLinear.xml"))
        #expect(document.version == "1.0")
        let inline = try #require(document.ads.first?.inline)
        #expect(inline.common.impressions.count == 7)
        #expect(inline.common.impressions.first?.id == "comscore")
        let linear = try #require(inline.common.creatives.first?.linear)
        #expect(linear.duration == MediaDuration(seconds: 15))
        #expect(linear.mediaFiles.first?.url == "http://media.scanscout.com/ads/partner1_ecdf0740-75b9-40ef-b4d6-06cf03306c8e.flv")
        #expect(linear.trackingEvents.filter { $0.event == "start" }.count == 2)
        #expect(linear.videoClicks?.clickThrough?.url == "http://www.calphalon.com")
    }

    @Test func extensions_areKeptAsWritten() throws {
        let bytes = try Fixture.bytes("vast/iab-4.2/Inline_Linear_Tag-test.xml")
        let document = try VASTParser().parse(bytes)
        let extensions = document.ads.flatMap(\.common.extensions)
        #expect(extensions.count == IndependentCount(bytes).elements("Extension"))
        for raw in extensions {
            #expect(raw.xml.hasPrefix("<Extension"))
            #expect(raw.xml.hasSuffix("</Extension>"))
            #expect(String(decoding: bytes, as: UTF8.self).contains(raw.xml))
        }
    }

    @Test func plainSecondsDuration_isReadWithAWarning() throws {
        let document = try VASTParser().parse("""
            <VAST version="3.0"><Ad><InLine><AdSystem>s</AdSystem><Creatives><Creative><Linear>
            <Duration>30.5</Duration></Linear></Creative><Creative><Linear/></Creative></Creatives></InLine></Ad></VAST>
            """)
        let linears = document.ads.first?.common.creatives.compactMap(\.linear) ?? []
        #expect(linears.first?.duration == MediaDuration(ticks: 30 * 9_000_000 + 4_500_000))
        #expect(document.warnings.map(\.message) == ["\"30.5\" is not HH:MM:SS(.mmm); read as seconds", "no <Duration>"])
        #expect(document.warnings.first?.path == "/VAST/Ad/InLine/Creatives/Creative/Linear/Duration")
        #expect(document.warnings.first?.line == 2)
    }

    @Test func doctype_isRefusedAsError100() {
        let bomb = "<!DOCTYPE VAST [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]><VAST version=\"4.2\">&b;</VAST>"
        let error = #expect(throws: VASTError.self) { try VASTParser().parse(bomb) }
        #expect(error?.code == .xmlParsing)
        #expect(error?.message.contains("a document type declaration") == true, "\(String(describing: error))")
        #expect(error?.offset == 0)
    }

    @Test func notVAST_isError101() {
        let error = #expect(throws: VASTError.self) { try VASTParser().parse("<html><body/></html>") }
        #expect(error?.code == .schemaValidation)
    }
}

