import Foundation
import Transcribe

/// `transcribe [options] FILE...`: one line per file with its transcript, on the same
/// recognizer code and embedded engine as the showcase's Transcribe app.
struct TranscribeCommand {
  var options = RecognizerOptions()
  var tabSeparated = false
  var files: [String] = []

  static let usage = """
    Usage: transcribe [--stt-engine NAME] [--stt-url URL] [--stt-model NAME] [--tsv] FILE...

    Prints one line per file: its path and transcript (with --tsv: path, audio seconds,
    seconds taken and transcript, separated by tabs). A file that fails is reported on
    standard error and the exit status is 1.

    \(RecognizerOptions.usage)
      --tsv              tab-separated output, for scripts
    """

  /// Parses the arguments, without the program name.
  static func parse(_ arguments: [String]) throws(CommandError) -> TranscribeCommand {
    var command = TranscribeCommand()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--help" || argument == "-h" { throw .help }
      if argument == "--tsv" {
        command.tabSeparated = true
        continue
      }
      do {
        if try command.options.parse(argument, from: &remaining) { continue }
      } catch {
        throw .usage(error.description)
      }
      if argument.hasPrefix("--") { throw .usage("Unknown option \(argument). Try --help.") }
      command.files.append(argument)
    }
    guard !command.files.isEmpty else { throw .usage("Name at least one audio file. Try --help.") }
    return command
  }

  /// Transcribes every file in order and returns the exit status.
  func run() async -> Int32 {
    let (recognizer, engine) = options.makeRecognizer()
    var failed = false
    for path in files {
      let url = URL(fileURLWithPath: path)
      let started = ContinuousClock.now
      do {
        let transcript = try await recognizer.transcribe(url, phrases: nil) { _, _ in }
        let elapsed = started.duration(to: .now)
        print(line(path: path, transcript: transcript, elapsed: elapsed))
      } catch {
        failed = true
        let message = (error as? TranscribeError)?.description ?? "\(error)"
        FileHandle.standardError.write(Data("transcribe: \(path): \(message)\n".utf8))
        // Without its engine no later file can succeed either.
        if case .recognizerUnavailable = error as? TranscribeError { break }
      }
    }
    await engine?.stop()
    return failed ? 1 : 0
  }

  private func line(path: String, transcript: Transcript, elapsed: Duration) -> String {
    let text = transcript.text.replacingOccurrences(of: "\n", with: " ")
    guard tabSeparated else { return "\(path): \(text)" }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return [
      path, String(format: "%.3f", transcript.audioDuration), String(format: "%.3f", seconds),
      text.replacingOccurrences(of: "\t", with: " "),
    ].joined(separator: "\t")
  }
}

/// Why the command stops before transcribing.
enum CommandError: Error {
  case help
  case usage(String)
}
