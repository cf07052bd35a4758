import Testing
import VASTResolution

/// Filling VAST macros: known names percent-encoded, unknown ones and stray
/// brackets left exactly as written.
@Suite struct VASTMacrosTests {
    @Test(arguments: [
        ("https://t.example/e?c=[ERRORCODE]&t=[TIMESTAMP]", "https://t.example/e?c=303&t=2026-11-23T10%3A00%3A00.000Z"),
        ("https://t.example/v?m=[AD_MT]&v=[VIEWABILITY]", "https://t.example/v?m=[AD_MT]&v=[VIEWABILITY]"),
        ("https://t.example/a[b", "https://t.example/a[b"),
        ("https://t.example/[ERRORCODE]/x[", "https://t.example/303/x["),
        ("no macros", "no macros"),
    ])
    func fill(template: String, expected: String) {
        #expect(VASTMacros.fill(template, ["ERRORCODE": "303", "TIMESTAMP": "2026-11-23T10:00:00.000Z"]) == expected)
    }
}
