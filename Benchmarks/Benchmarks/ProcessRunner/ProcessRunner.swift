import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the process benchmarks run a whole process: posix_spawn and waitpid,
/// its output discarded, its standard input from a file when given.
///
/// Not Foundation's `Process`, which adds some 4 ms of its own to every run;
/// and not the harness's environment as it is: the child of a harness built
/// with the malloc interposer would inherit its LD_PRELOAD, and load it and
/// its libraries at start, adding 2-3 ms to adplay and to its peers alike.
public func runProcess(_ executable: String, _ arguments: [String], input: String? = nil) -> Bool {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = childEnvironment.map { strdup($0) } + [nil]
    defer { for string in argv + envp { free(string) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else { return false }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { return false }
    }
    return status == 0
}

/// The harness's environment without its malloc interposer.
let childEnvironment: [String] = ProcessInfo.processInfo.environment
    .filter { $0.key != "LD_PRELOAD" && $0.key != "DYLD_INSERT_LIBRARIES" }
    .map { "\($0.key)=\($0.value)" }
