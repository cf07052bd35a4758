/// A failure the user can act on: printed as `Error: <message>` with exit
/// code 1 and no usage text (the arguments were fine; the input was not).
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
