import FuzzDriver
import SCTE35
import SCTE35Text

/// Any bytes, as a section and as payload text: decoding either throws an
/// SCTE35Error or yields a section that renders, and that encodes back to
/// the same bytes (the CRC aside: the fuzzer decodes with mismatches
/// accepted so it gets past the CRC) and decodes again to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let buffer = UnsafeBufferPointer(start: data, count: size)
    let decoder = SpliceInfoDecoder(crcMismatch: .warn)
    if let decoded = try? decoder.decode(buffer) {
        check(decoded, against: Array(buffer))
    }
    if let bytes = try? PayloadText.decode(buffer), let decoded = try? decoder.decode(bytes) {
        check(decoded, against: bytes)
    }
    return 0
}

private func check(_ decoded: DecodedSpliceInfo, against bytes: [UInt8]) {
    _ = SpliceInfoJSON.string(decoded)
    _ = SpliceInfoTree.render(decoded)
    let encoded: [UInt8]
    do {
        encoded = try SpliceInfoEncoder.encode(decoded.section)
    } catch {
        fatalError("a decoded section failed to encode: \(error)")
    }
    guard encoded.count == bytes.count, encoded.dropLast(4).elementsEqual(bytes.dropLast(4)) else {
        fatalError("round trip changed the bytes:\n\(PayloadText.hex(bytes))\n\(PayloadText.hex(encoded))")
    }
    guard let again = try? SpliceInfoDecoder().decode(encoded) else {
        fatalError("the re-encoded section does not decode")
    }
    var expected = decoded.section
    expected.crc32 = again.section.crc32
    guard again.section == expected else { fatalError("decode(encode(x)) != x") }
    guard SpliceInfoJSON.string(decoded).utf8.count > 0 else { fatalError("empty JSON") }
}

/// SwiftPM links an executable's entry point under this name; hand control
/// to libFuzzer's driver.
@_cdecl("SCTE35Fuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
