import FuzzDriver
import VAST
import XMLTree

/// Any bytes as XML, VAST and VMAP: each read either throws its typed error,
/// at a place inside the text, or yields a tree whose element ranges nest
/// inside their parents' and start with `<`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let reader = XMLReader(maxBytes: 1 << 16, maxDepth: 32)
    let limits = DocumentLimits(maxBytes: reader.maxBytes, maxDepth: reader.maxDepth)
    do throws(XMLError) {
        let document = try reader.readDocument(bytes)
        check(document.root, within: 0..<document.text.count, in: document.text)
    } catch {
        guard error.offset >= 0, error.offset <= bytes.count, error.line >= 1, error.column >= 1 else {
            fatalError("an error outside the text: \(error)")
        }
    }
    if let vast = try? VASTParser(limits: limits).parse(bytes) {
        for warning in vast.warnings where !warning.path.hasPrefix("/") { fatalError("a warning with no path: \(warning)") }
    }
    if let vmap = try? VMAPParser(limits: limits).parse(bytes) {
        for warning in vmap.warnings where !warning.path.hasPrefix("/") { fatalError("a warning with no path: \(warning)") }
    }
    return 0
}

private func check(_ element: XMLElement, within bounds: Range<Int>, in text: [UInt8]) {
    guard bounds.contains(element.range.lowerBound), element.range.upperBound <= bounds.upperBound,
          text[element.range.lowerBound] == UInt8(ascii: "<") else {
        fatalError("<\(element.name)> spans \(element.range), outside \(bounds)")
    }
    for child in element.children { check(child, within: element.range, in: text) }
}

/// SwiftPM links an executable's entry point under this name; hand control
/// to libFuzzer's driver.
@_cdecl("VASTFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
