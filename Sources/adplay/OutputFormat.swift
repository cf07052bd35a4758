import ArgumentParser

/// How a command prints, chosen with the one `--format` option every
/// command takes; each command supports some of them.
enum OutputFormat: String, ExpressibleByArgument {
    /// Readable text.
    case text
    /// One JSON object.
    case json
    /// One JSON object a line.
    case jsonl
}

/// The formats a command supports, the first being its default, and how
/// its help describes them.
protocol FormatChoices {
    static var formats: [OutputFormat] { get }
    static var help: String { get }
}

/// A report printed whole: readable text or one JSON object.
enum TextOrJSON: FormatChoices {
    static let formats: [OutputFormat] = [.text, .json]
    static let help = "text (readable) or json (one JSON object)."
}

/// A stream of events: readable lines or one JSON object a line.
enum TextOrJSONLines: FormatChoices {
    static let formats: [OutputFormat] = [.text, .jsonl]
    static let help = "text (readable lines) or jsonl (one JSON object a line)."
}

/// The `--format` option, with the flags it replaces (`--json`, `--jsonl`)
/// kept as hidden aliases for one release.
struct FormatOption<Choices: FormatChoices>: ParsableArguments {
    @Option(help: ArgumentHelp(Choices.help, valueName: Choices.formats.map(\.rawValue).joined(separator: "|")))
    var format: OutputFormat?

    @Flag(name: .customLong("json"), help: .hidden)
    var jsonAlias = false

    @Flag(name: .customLong("jsonl"), help: .hidden)
    var jsonLinesAlias = false

    func validate() throws {
        let aliased = [(jsonAlias, OutputFormat.json), (jsonLinesAlias, .jsonl)].filter(\.0).map(\.1)
        for chosen in aliased + [format].compactMap(\.self) where !Choices.formats.contains(chosen) {
            throw ValidationError("--format \(chosen.rawValue) is not a format of this command; it prints \(Self.names)")
        }
        if let format, let alias = aliased.first, alias != format {
            throw ValidationError("--\(alias.rawValue) and --format \(format.rawValue) disagree; give --format alone")
        }
    }

    /// The format chosen (validated first).
    var value: OutputFormat {
        format ?? (jsonAlias ? .json : jsonLinesAlias ? .jsonl : Choices.formats[0])
    }

    private static var names: String { Choices.formats.map(\.rawValue).joined(separator: " or ") }
}
