import Foundation
import Testing

/// What `adplay` maps before it runs a line of its own: the shared libraries
/// the dynamic loader opens at start. Loading them was most of its start-up
/// (16-20 ms, of which FoundationNetworking, libcurl and the thirty
/// libraries under them were half); network commands now load libcurl
/// themselves, on their first request. This keeps it so: a new dependency
/// that brings FoundationNetworking, or any other library, into every start
/// fails here.
@Suite struct StartupLibrariesTests {
    /// The libraries a build of `adplay` may load at start: the Swift
    /// runtime and Foundation (none when the standard library is linked
    /// statically, as the release build is), and the C and C++ runtimes.
    static let allowed: Set<String> = [
        "linux-vdso.so.1", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1",
        "libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libdl.so.2", "libpthread.so.0", "librt.so.1", "libutil.so.1",
        "libswiftCore.so", "libswift_Concurrency.so", "libswift_StringProcessing.so", "libswift_RegexParser.so",
        "libswiftGlibc.so", "libswiftSynchronization.so", "libswift_Builtin_float.so", "libswiftSwiftOnoneSupport.so",
        "libBlocksRuntime.so", "libdispatch.so", "libswiftDispatch.so",
        "libFoundation.so", "libFoundationEssentials.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
    ]

    /// The libraries `ldd` says the loader opens for `executable`.
    static func libraries(of executable: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ldd", executable.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").compactMap { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map { String($0.split(separator: "/").last ?? $0) }
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd")))
    func adplay_loadsNoNetworkLibrary_untilItFetches() throws {
        let loaded = try Self.libraries(of: AdplayRunner.executable)
        #expect(loaded.contains { $0.hasPrefix("libc.so") }, "ldd listed \(loaded)")
        let unexpected = loaded.filter { !Self.allowed.contains($0) }
        #expect(unexpected.isEmpty, "adplay loads \(unexpected) at every start; load what a command needs when it runs (as CurlTransport loads libcurl)")
    }
}
