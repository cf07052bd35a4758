import ArgumentParser
import StrictJSON

/// A failure the user can act on: printed as `Error: <message>` with exit
/// code 1 and no usage text (the arguments were fine; the input was not).
/// Under `--format json` it is printed as `{"error": {...}}` on standard output
/// instead (``JSONErrorOutput``), with its typed fields.
struct CLIError: Error, CustomStringConvertible {
    /// A typed detail of the failure, for scripts.
    enum Field {
        case text(String)
        case number(Int)
    }

    let description: String
    /// Where and what, beyond the message: `line`, `tag`, `code`, `url`, ….
    var fields: [(name: String, value: Field)] = []

    init(_ description: String, fields: [(name: String, value: Field)] = []) {
        self.description = description
        self.fields = fields
    }
}

/// Errors of a command that prints JSON: one object on standard output,
/// `{"error": {"message", "source", …typed fields}}`, and exit code 1, so a
/// script parses every outcome from the same stream.
enum JSONErrorOutput {
    static func run(json: Bool, source: String, _ body: () async throws -> Void) async throws {
        guard json else { return try await body() }
        do {
            try await body()
        } catch let error as CLIError {
            print(object(error, source: source), terminator: "")
            throw ExitCode(1)
        }
    }

    static func object(_ error: CLIError, source: String) -> String {
        var output = JSONOutput()
        output.openObject()
        output.key("error")
        output.openObject()
        output.member("message", error.description)
        output.member("source", source)
        for (name, value) in error.fields {
            output.key(name)
            switch value {
            case .text(let text): output.value(text)
            case .number(let number): output.number(String(number))
            }
        }
        output.closeObject()
        output.closeObject()
        output.endLine()
        return String(decoding: output.bytes, as: UTF8.self)
    }
}
