import Foundation

/// Everything that can go wrong while browsing for, reading or recognising audio.
///
/// Each case's ``description`` is a sentence that can be shown to the user as is.
public enum TranscribeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No file exists at this path.
  case fileNotFound(path: String)
  /// The file exists but could not be read; the reason comes from the system.
  case unreadableFile(path: String, reason: String)
  /// The file has no bytes at all.
  case emptyFile(path: String)
  /// The file is not a RIFF/WAVE file.
  case notAWAV(path: String)
  /// The file starts like a WAV file but its structure is broken.
  case corruptWAV(path: String, reason: String)
  /// The WAV file stores its samples in an encoding this reader does not decode.
  case unsupportedEncoding(path: String, encoding: String)
  /// The WAV file is valid but holds no samples.
  case noAudio(path: String)
  /// The speech engine or its model files are missing.
  case recognizerUnavailable(reason: String)
  /// This recognizer cannot read files of this kind.
  case unsupportedFormat(path: String, recognizer: String)
  /// The engine could not decode the file as audio; the reason is the engine's.
  case undecodableAudio(path: String, reason: String)
  /// The transcription service needs an API key and none was given.
  case apiKeyMissing(service: String)
  /// The transcription service refused the API key.
  case apiKeyRejected(service: String)
  /// The transcription service could not be reached or broke off its answer.
  case serviceUnreachable(service: String, reason: String)
  /// The transcription service answered with an error.
  case serviceFailed(service: String, status: Int, message: String)
  /// The embedded engine process ended while it was working.
  case engineStopped(reason: String)
  /// The speech engine failed; the reason says at which step.
  case recognitionFailed(reason: String)
  /// Phrases contain words that are not in the pronunciation dictionary.
  case unknownWords([String])
  /// No folder exists at this path.
  case folderNotFound(path: String)
  /// The path names a file, not a folder.
  case notAFolder(path: String)
  /// The folder exists but its contents could not be listed.
  case unreadableFolder(path: String, reason: String)

  /// A user-readable sentence describing the error; a file name's bytes that are not UTF-8
  /// show as `\xE9`.
  public var description: String { RawFileName.display(sentence) }

  private var sentence: String {
    switch self {
    case .fileNotFound(let path):
      return "There is no file at \(path)."
    case .unreadableFile(let path, let reason):
      return "\(path) could not be read: \(reason)."
    case .emptyFile(let path):
      return "\(path) is empty (0 bytes)."
    case .notAWAV(let path):
      return "\(path) is not a WAV file."
    case .corruptWAV(let path, let reason):
      return "\(path) is a damaged WAV file: \(reason)."
    case .unsupportedEncoding(let path, let encoding):
      return "\(path) uses \(encoding); only 16-bit PCM WAV files are supported."
    case .noAudio(let path):
      return "\(path) contains no audio samples."
    case .recognizerUnavailable(let reason):
      return "Speech recognition is not available: \(reason)"
    case .unsupportedFormat(let path, let recognizer):
      return "\(recognizer) cannot read \(path): it reads WAV files only. Use the Whisper "
        + "engine (the default) for MP3, FLAC, OGG or M4A."
    case .undecodableAudio(let path, let reason):
      // The engine's own message may say the same thing first.
      let prefix = "The file could not be decoded as audio: "
      let detail = reason.hasPrefix(prefix) ? String(reason.dropFirst(prefix.count)) : reason
      return "\(path) could not be read as audio: \(detail)"
    case .apiKeyMissing(let service):
      return "The transcription service at \(service) needs an API key: set OPENAI_API_KEY."
    case .apiKeyRejected(let service):
      return "The transcription service at \(service) refused the API key (HTTP 401): check "
        + "OPENAI_API_KEY."
    case .serviceUnreachable(let service, let reason):
      return "The transcription service at \(service) could not be reached: \(reason)"
    case .serviceFailed(let service, let status, let message):
      return "The transcription service at \(service) answered HTTP \(status): \(message)"
    case .engineStopped(let reason):
      return "The Whisper engine stopped while transcribing (\(reason)); it will be started "
        + "again."
    case .recognitionFailed(let reason):
      return "Speech recognition failed: \(reason)."
    case .unknownWords(let words):
      return "These words are not in the dictionary: \(words.joined(separator: ", "))."
    case .folderNotFound(let path):
      return "There is no folder at \(path)."
    case .notAFolder(let path):
      return "\(path) is a file, not a folder."
    case .unreadableFolder(let path, let reason):
      return "The folder \(path) could not be read: \(reason)."
    }
  }
}

extension TranscribeError {
  /// What the user can do about it: another file when the file is the problem, a retry when
  /// the recognizer or the service is.
  public var whatToDo: String {
    switch self {
    case .fileNotFound, .unreadableFile, .emptyFile, .notAWAV, .corruptWAV, .unsupportedEncoding,
      .noAudio, .unsupportedFormat, .undecodableAudio, .unknownWords:
      "Pick another file with Enter."
    case .apiKeyMissing, .apiKeyRejected:
      "Set the key, then press s to try again."
    case .recognizerUnavailable, .serviceUnreachable, .serviceFailed, .engineStopped,
      .recognitionFailed:
      "Press s to try again."
    case .folderNotFound, .notAFolder, .unreadableFolder:
      "Pick another folder with Enter."
    }
  }
}
