import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// mpv's JSON IPC over its Unix socket: commands out as JSON lines, events
/// and replies in, read on a thread of its own.
final class MPVConnection: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var nextRequest = 1
    private var replies: [Int: (Any?) -> Void] = [:]
    private var closed = false
    private let onMessage: @Sendable ([String: Any]) -> Void
    private let onClose: @Sendable () -> Void

    /// Connects to the socket at `path`, trying for `patience` while mpv
    /// creates it.
    init(path: String, patience: Duration, onMessage: @escaping @Sendable ([String: Any]) -> Void,
         onClose: @escaping @Sendable () -> Void) throws(MPVError) {
        self.onMessage = onMessage
        self.onClose = onClose
        let deadline = ContinuousClock.now + patience
        var connected: Int32 = -1
        while connected < 0 {
            connected = Self.connect(to: path)
            if connected >= 0 { break }
            guard ContinuousClock.now < deadline else { throw .noSocket(path: path, waited: patience) }
            usleep(10_000)
        }
        descriptor = connected
        let thread = Thread { [self] in readLoop() }
        thread.name = "mpv IPC"
        thread.start()
    }

    private static func connect(to path: String) -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return -1 }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            Glibc_close(fd)
            return -1
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc_connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            Glibc_close(fd)
            return -1
        }
        return fd
    }

    /// Sends a command; `reply` gets its `data` (nil on an error reply).
    func send(_ command: [Any], reply: ((Any?) -> Void)? = nil) {
        let line: Data
        lock.lock()
        guard !closed else {
            lock.unlock()
            return
        }
        let id = nextRequest
        nextRequest += 1
        if let reply { replies[id] = reply }
        lock.unlock()
        do {
            line = try JSONSerialization.data(withJSONObject: ["command": command, "request_id": id]) + Data([0x0A])
        } catch {
            return
        }
        line.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Closes the socket; the reading thread ends.
    func close() {
        lock.lock()
        let wasOpen = !closed
        closed = true
        lock.unlock()
        if wasOpen { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    private func readLoop() {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            buffer += chunk[0..<count]
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = Data(buffer[..<newline])
                buffer.removeSubrange(...newline)
                guard let message = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] else { continue }
                if let id = message["request_id"] as? Int {
                    lock.lock()
                    let reply = replies.removeValue(forKey: id)
                    lock.unlock()
                    reply?((message["error"] as? String) == "success" ? message["data"] : nil)
                } else {
                    onMessage(message)
                }
            }
        }
        lock.lock()
        let expected = closed
        closed = true
        lock.unlock()
        Glibc_close(descriptor)
        if !expected { onClose() }
    }
}

#if canImport(Glibc)
private func Glibc_connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 { Glibc.connect(fd, address, length) }
private func Glibc_close(_ fd: Int32) { _ = Glibc.close(fd) }
#else
private func Glibc_connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 { Darwin.connect(fd, address, length) }
private func Glibc_close(_ fd: Int32) { _ = Darwin.close(fd) }
#endif
