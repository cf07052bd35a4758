/// The libFuzzer entry point each harness hands its target to.
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ target: FuzzTarget
) -> CInt

/// Runs libFuzzer's driver with the process arguments and `target`.
public func runLibFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ target: FuzzTarget) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, target)
}
