import PropertyBased
import Testing
import XMLTree

@Suite struct XMLReaderTests {
    let reader = XMLReader()

    @Test func elementsAttributesAndText_readInOrder() throws {
        let root = try reader.read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <VAST version="4.2" xmlns="http://www.iab.com/VAST">
              <Ad id="1" sequence='2'><InLine><AdTitle> Title &amp; more </AdTitle>
              <Impression><![CDATA[https://example.com/i?a=1&b=<2>]]></Impression><Empty/></InLine></Ad>
            </VAST>
            """)
        #expect(root.name == "VAST")
        #expect(root.attribute("version") == "4.2")
        let ad = try #require(root.child("Ad"))
        #expect(ad.attribute("id") == "1")
        #expect(ad.attribute("sequence") == "2")
        #expect(ad.line == 4)
        let inline = try #require(ad.child("InLine"))
        #expect(inline.child("AdTitle")?.text == "Title & more")
        #expect(inline.child("Impression")?.text == "https://example.com/i?a=1&b=<2>")
        #expect(inline.child("Empty") != nil)
        #expect(inline.children.map(\.name) == ["AdTitle", "Impression", "Empty"])
    }

    @Test func prefixedNames_matchByLocalName_evenUndeclared() throws {
        let root = try reader.read("<vmap:VMAP><vmap:AdBreak vmap:breakId=\"x\" timeOffset=\"start\"/></vmap:VMAP>")
        #expect(root.localName == "VMAP")
        let adBreak = try #require(root.child("AdBreak"))
        #expect(adBreak.name == "vmap:AdBreak")
        #expect(adBreak.attribute("breakId") == "x")
        #expect(adBreak.attribute("timeOffset") == "start")
    }

    @Test func characterReferences_andLineEnds_areResolved() throws {
        let root = try reader.read("<a t=\"x&#9;y&#x41;\r\nz\">1&lt;2&gt;3&apos;&quot;\r\n&#233;</a>")
        #expect(root.attribute("t") == "x\tyA z")
        #expect(root.text == "1<2>3'\"\né")
    }

    @Test func whitespaceBetweenElements_isNotKept_butCDATAIs() throws {
        let root = try reader.read("<a>\n  <b/>\n  <c>x</c>\n  <![CDATA[ ]]>\n</a>")
        #expect(root.content == [.element(XMLElement(name: "b", line: 2, range: 6..<10)),
                                 .element(XMLElement(name: "c", content: [.text("x")], line: 3, range: 13..<21)),
                                 .text(" ")])
        #expect(try reader.read("<a>x<b/> <c/>y</a>").text == "xy")
    }

    @Test func elementRange_spansStartToEndTag() throws {
        let text = "<a><Extensions><Extension type=\"x\"><b>1</b></Extension></Extensions></a>"
        let root = try reader.read(text)
        let extensions = try #require(root.child("Extensions"))
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[extensions.range], as: UTF8.self)
            == "<Extensions><Extension type=\"x\"><b>1</b></Extension></Extensions>")
    }

    @Test func doctype_isRefused_soNoEntityCanExpand() {
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <VAST>&lol2;</VAST>
            """
        let error = #expect(throws: XMLError.self) { try reader.read(bomb) }
        #expect(error?.kind == .doctype)
        #expect(error?.line == 2)
        let external = "<!DOCTYPE v [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><VAST>&x;</VAST>"
        #expect(throws: XMLError.self) { try reader.read(external) }
    }

    @Test func undefinedEntity_isATypedError() {
        let error = #expect(throws: XMLError.self) { try reader.read("<VAST><Ad>&nbsp;</Ad></VAST>") }
        #expect(error?.kind == .undefinedEntity)
        #expect(error?.path == "/VAST/Ad")
        #expect(error?.offset == 10)
    }

    @Test func limits_boundSizeAndDepth() {
        let small = XMLReader(maxBytes: 16)
        #expect((#expect(throws: XMLError.self) { try small.read("<a>0123456789012345</a>") })?.kind == .tooLarge)
        #expect(throws: Never.self) { try small.read("<a>012345678</a>") }
        let shallow = XMLReader(maxDepth: 3)
        let deep = #expect(throws: XMLError.self) { try shallow.read("<a><b><c><d/></c></b></a>") }
        #expect(deep?.kind == .tooDeep)
        #expect(deep?.path == "/a/b/c")
        #expect(throws: Never.self) { try shallow.read("<a><b><c/></b></a>") }
        // A million nested elements cost an error, not the call stack.
        #expect(throws: XMLError.self) { try XMLReader(maxBytes: 1 << 23).read(String(repeating: "<a>", count: 1_000_000)) }
    }

    @Test(arguments: [
        ("<a><b></a>", "</a> does not close <b>", 1, 7),
        ("<a>\n<b x=1/></a>", "expected a quoted value for the attribute x of <b>", 2, 6),
        ("<a x=\"1\" x=\"2\"/>", "the attribute x appears twice in <a>", 1, 10),
        ("<a></a><b/>", "a second root element; a document has one", 1, 8),
        ("<a>", "the document ends inside <a>; expected </a>", 1, 4),
        ("x<a/>", "text outside the root element", 1, 1),
        ("", "no root element", 1, 1),
        ("<a>&</a>", "& must start a reference such as &amp; (a bare & is written &amp;)", 1, 4),
        ("<a><!-- open</a>", "a comment is not closed; expected -->", 1, 4),
        ("<a><?xml version=\"1.0\"?></a>", "an XML declaration is only allowed at the very start", 1, 4),
    ] as [(String, String, Int, Int)])
    func malformedDocument_failsSayingWhatAndWhere(_ text: String, _ message: String, _ line: Int, _ column: Int) {
        let error = #expect(throws: XMLError.self) { try reader.read(text) }
        #expect(error?.kind == .syntax)
        #expect(error?.message == message)
        #expect(error?.line == line)
        #expect(error?.column == column)
    }

    @Test func encodings_utf8AndLatin1Read_othersRefused() throws {
        let latin1: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>caf".utf8) + [0xE9] + Array("</a>".utf8)
        #expect(try reader.read(latin1).text == "café")
        #expect(try reader.read([0xEF, 0xBB, 0xBF] + Array("<a>x</a>".utf8)).text == "x")
        #expect((#expect(throws: XMLError.self) { try reader.read([0xFF, 0xFE, 0x3C, 0x00]) })?.kind == .encoding)
        #expect((#expect(throws: XMLError.self) { try reader.read("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><a/>") })?.kind == .encoding)
        #expect((#expect(throws: XMLError.self) { try reader.read(Array("<a>".utf8) + [0xC3, 0x28] + Array("</a>".utf8)) })?.kind == .encoding)
    }

    /// Any arrangement of XML fragments reads or fails with an error; it never traps.
    @Test func randomFragments_readOrFail_neverTrap() async {
        let fragments = ["<a>", "</a>", "<b x=\"1\">", "</b>", "<c/>", "text", "&amp;", "&#x41;", "&bogus;", "<![CDATA[x]]>",
                         "<!-- c -->", "<?pi x?>", "<!DOCTYPE", "\"", "=", " ", "\n", "<", ">", "&", "<a:b>", "</a:b>", "\u{E9}"]
        await propertyCheck(count: 500, input: Gen.int(in: 0...(fragments.count - 1)).array(of: 0...30)) { picks in
            let text = picks.map { fragments[$0] }.joined()
            do {
                _ = try reader.read(text)
            } catch let error as XMLError {
                // A failure says where: a line and a column inside the text.
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
                #expect(error.line >= 1 && error.line <= lines && error.column >= 1, "\(error) in \(text.debugDescription)")
            } catch {
                Issue.record("not an XMLError: \(error)")
            }
        }
    }
}
