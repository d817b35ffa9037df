import ArgumentParser
import Foundation
import Transcribe

/// `transcribe [options] FILE...`: one line per file with its transcript, on the same
/// recognizer code and embedded engine as the showcase's Transcribe app.
struct TranscribeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "transcribe",
    abstract: "Prints one line per audio file: its path and transcript.",
    discussion: """
      A file that fails is reported on standard error and the exit status is 1.
      """)

  @OptionGroup(title: "Speech recognition") var recognizer: RecognizerFlags

  @Flag(
    name: .customLong("tsv"),
    help: "Tab-separated output for scripts: path, audio seconds, seconds taken, transcript.")
  var tabSeparated = false

  @Argument(help: ArgumentHelp("The audio files to transcribe.", valueName: "file"))
  var files: [String] = []

  func run() async throws {
    // Checked here rather than in validate(), which ArgumentParser runs before it reports an
    // unknown option: `transcribe --bogus` must name the option, not ask for a file.
    if files.isEmpty { throw ValidationError("Name at least one audio file.") }
    let status = await transcribe()
    if status != 0 { throw ExitCode(status) }
  }

  /// Transcribes every file in order and returns the exit status.
  func transcribe() async -> Int32 {
    let (recognizer, engine) = self.recognizer.options.makeRecognizer()
    var failed = false
    for path in files {
      // An argument that is not UTF-8 (a Latin-1 name) keeps its bytes, so its file is found,
      // and is printed with those bytes as `\xE9`.
      let raw = RawFileName.argument(path)
      let url = URL(fileURLWithPath: raw)
      let started = ContinuousClock.now
      do {
        let transcript = try await recognizer.transcribe(url, phrases: nil) { _, _ in }
        let elapsed = started.duration(to: .now)
        print(line(path: RawFileName.display(raw), transcript: transcript, elapsed: elapsed))
        // Audio the recognizer gave no words for is said, not lost in silence.
        for skipped in transcript.segments where skipped.skipReason != nil {
          let stretch = String(format: "%.1f–%.1f s", skipped.start, skipped.end)
          let note =
            "\(RawFileName.display(raw)): \(stretch) not transcribed: \(skipped.skipReason!)"
          try? FileHandle.standardError.write(contentsOf: Data("transcribe: \(note)\n".utf8))
        }
      } catch {
        failed = true
        let message = (error as? TranscribeError)?.description ?? "\(error)"
        let shown = RawFileName.display(raw)
        // Most messages name the file already; it is said once.
        let said = message.contains(shown) ? message : "\(shown): \(message)"
        try? FileHandle.standardError.write(contentsOf: Data("transcribe: \(said)\n".utf8))
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
