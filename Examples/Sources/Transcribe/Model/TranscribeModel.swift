import Foundation
import MVIKit

/// Speech to text of an audio file: browse to a file, pick it, transcribe it, and watch the
/// text arrive segment by segment.
///
/// The recognizer's availability is checked before anything else (the article's permission
/// step; for the embedded Whisper engine this starts it) and stays on screen. Every failure,
/// from an engine that is not installed or died mid-file to a file that is not audio, ends in
/// ``State/errorMessage`` with the previous screen intact, so the user can pick another file
/// or try again, which starts a dead engine again.
public struct TranscribeModel: Model {
  /// The Transcribe screen's state.
  public struct State: Equatable, Sendable, Codable {
    /// The folder being browsed, or nil before the first listing arrives.
    public var listing: AudioFileBrowser.Listing?
    /// The folder to list first instead of the model's start folder (the one the showcase
    /// remembers from the last launch); the start folder when it cannot be listed.
    public var restoredFolder: URL?
    /// The phrases of `phrases.txt` in the listed folder, or nil when it has none.
    public var folderPhrases: [String]?
    /// The highlighted row of the listing.
    public var selection = 0
    /// The name of the recognizer in use, once the screen has appeared.
    public var recognizerName: String?
    /// The audio file picked for transcription.
    public var pickedFile: URL?
    /// The phrase list that goes with the picked file, or nil when there is none.
    public var phrases: [String]?
    /// Whether the phrase list is passed to the recognizer; off until the user turns it on.
    public var usesPhrases = false
    /// Whether the recognizer can run; nil while it is being checked.
    public var availability: RecognizerAvailability?
    /// Whether a transcription is running.
    public var isTranscribing = false
    /// The segments decoded so far by the running (or cancelled) transcription.
    public var segments: [TranscriptSegment] = []
    /// The length of the audio being transcribed, once the recognizer knows it.
    public var audioDuration: Double?
    /// The result of the last transcription.
    public var transcript: Transcript?
    /// Why the last action failed, or nil.
    public var errorMessage: String?
    /// A short note that is not an error, such as a cancelled transcription.
    public var notice: String?
    /// The transcript files this session wrote, which a later save may replace; any other
    /// file is kept (see ``Intent/saveTapped``).
    public var writtenTranscripts: Set<String> = []

    /// The screen before anything is checked or listed.
    public init() {}

    /// The entries of the listed folder.
    public var entries: [AudioFileBrowser.Entry] { listing?.entries ?? [] }

    /// How far the recognizer said it has got, in seconds, when it says so apart from the
    /// segments it sends (the embedded engine does, from the start of the file).
    public var processedUntil: Double?

    /// How much of the audio has been transcribed, from 0 to 1, while that is known.
    public var progress: Double? {
      guard let audioDuration, audioDuration > 0,
        let end = [segments.last?.end, processedUntil].compactMap({ $0 }).max()
      else { return nil }
      return min(end / audioDuration, 1)
    }
  }

  /// What the user did, or what a check, a listing or a transcription reported.
  public enum Intent: Equatable, Sendable, Codable {
    case appeared
    case availabilityChecked(RecognizerAvailability)
    case folderLoaded(AudioFileBrowser.Listing, phrases: [String]?)
    case folderFailed(String)
    case selectionMoved(Int)
    case entryActivated(Int)
    case phrasesToggled
    case startTapped
    case segmentDecoded(TranscriptSegment, audioDuration: Double?)
    case transcribed(Transcript)
    case failed(String)
    case cancelTapped
    /// Saves the transcript beside the audio file, as `talk.txt` for `talk.wav`; when a file of
    /// that name is there that this session did not write, it is kept and the transcript goes
    /// to `talk (2).txt` (or the next free name).
    case saveTapped
    /// The transcript was written to `path`; `kept` is the file of the preferred name that was
    /// left alone, if one was.
    case saved(path: String, kept: String?)
    case saveFailed(String)
  }

  /// The name of the phrase list looked for next to the audio files.
  public static let phrasesFileName = "phrases.txt"

  let recognizer: SpeechRecognizer
  let browser: AudioFileBrowser
  let startFolder: URL
  let fallbackFolder: URL

  /// A model that transcribes with `recognizer` and starts browsing in `startFolder`.
  /// - Parameters:
  ///   - recognizer: The speech engine.
  ///   - startFolder: The folder listed first.
  ///   - fallbackFolder: The folder listed when `startFolder` cannot be, so that there is
  ///     always somewhere to browse from; the home folder by default.
  ///   - browser: How folders are listed; by default the formats `recognizer` reads are
  ///     listed as audio and other audio as unsupported.
  public init(
    recognizer: SpeechRecognizer, startFolder: URL,
    fallbackFolder: URL = FileManager.default.homeDirectoryForCurrentUser,
    browser: AudioFileBrowser? = nil
  ) {
    self.recognizer = recognizer
    self.startFolder = startFolder
    self.fallbackFolder = fallbackFolder
    self.browser = browser ?? AudioFileBrowser(supportedExtensions: recognizer.audioExtensions)
  }

  /// Applies `intent` to `state`; see the type for what each intent does.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .appeared:
      state.availability = nil
      state.recognizerName = recognizer.name
      let check = Effect<Intent, Never>.run { [recognizer] send in
        await send(.availabilityChecked(recognizer.availability()))
      }
      // The files show at once; the engine's health check, which can take a second or two
      // while the engine starts, follows.
      guard state.listing == nil else { return check }
      if let restored = state.restoredFolder {
        return .concatenate(load(restored, orElse: startFolder), check)
      }
      return .concatenate(load(startFolder, orElse: fallbackFolder), check)
    case .availabilityChecked(let availability):
      state.availability = availability
      return .none
    case .folderLoaded(let listing, let phrases):
      let previous = state.listing?.folder.path
      state.listing = listing
      state.folderPhrases = phrases
      // Going up selects the folder just left, so Enter goes straight back down.
      state.selection =
        listing.entries.firstIndex { $0.kind == .folder && $0.url.path == previous }
        ?? 0
      state.errorMessage = nil
      return .none
    case .folderFailed(let message):
      state.errorMessage = message
      return .none
    case .selectionMoved(let index):
      guard !state.entries.isEmpty else { return .none }
      state.selection = min(max(index, 0), state.entries.count - 1)
      return .none
    case .entryActivated(let index):
      guard state.entries.indices.contains(index) else { return .none }
      state.selection = index
      return activate(state.entries[index], &state)
    case .phrasesToggled:
      guard state.phrases != nil else {
        state.notice =
          state.pickedFile == nil
          ? "Pick an audio file first." : "There is no \(Self.phrasesFileName) next to this file."
        return .none
      }
      state.usesPhrases.toggle()
      state.notice = nil
      return .none
    case .startTapped:
      return start(&state)
    case .segmentDecoded(let segment, let audioDuration):
      guard state.isTranscribing else { return .none }
      if segment.isProgressOnly {
        state.processedUntil = max(state.processedUntil ?? 0, segment.end)
      } else {
        state.segments.append(segment)
      }
      state.audioDuration = audioDuration ?? state.audioDuration
      return .none
    case .transcribed(let transcript):
      state.isTranscribing = false
      state.transcript = transcript
      state.segments = transcript.segments
      state.audioDuration = transcript.audioDuration
      state.availability = .available
      return .none
    case .failed(let message):
      state.isTranscribing = false
      state.errorMessage = message
      return .none
    case .cancelTapped:
      guard state.isTranscribing else { return .none }
      state.isTranscribing = false
      state.notice = "Transcription cancelled."
      return .cancel(id: WorkID.transcription)
    case .saveTapped:
      guard let transcript = state.transcript, let audio = state.pickedFile else {
        state.notice = "Transcribe a file first (s), then save its transcript with w."
        return .none
      }
      let preferred = TranscriptFile.preferredURL(for: audio)
      return .run { [own = state.writtenTranscripts] send in
        let written = try TranscriptFile.save(transcript.text + "\n", for: audio, own: own)
        await send(.saved(path: written.path, kept: written == preferred ? nil : preferred.path))
      } catch: { error, send in
        await send(
          .saveFailed(
            "The transcript could not be saved beside \(audio.path): \(Self.reason(error))"))
      }
    case .saved(let path, let kept):
      state.writtenTranscripts.insert(path)
      state.notice =
        if let kept {
          "\(kept) was not written here, so it is kept; saved the transcript to \(path)."
        } else {
          "Saved the transcript to \(path)."
        }
      return .none
    case .saveFailed(let message):
      state.notice = message
      return .none
    }
  }

  /// Why a save failed, in words; a POSIX error's own text rather than Foundation's code.
  private static func reason(_ error: any Error) -> String {
    if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
    return error.localizedDescription
  }

  private func activate(_ entry: AudioFileBrowser.Entry, _ state: inout State) -> Effect<
    Intent, Never
  > {
    switch entry.kind {
    case .parent, .folder:
      return load(entry.url)
    case .audio:
      let wasTranscribing = state.isTranscribing
      state.pickedFile = entry.url
      state.phrases = state.folderPhrases
      state.usesPhrases = false
      state.isTranscribing = false
      state.transcript = nil
      state.segments = []
      state.audioDuration = nil
      state.errorMessage = nil
      state.notice = nil
      // A result for the old file must not land under the new one's name.
      return wasTranscribing ? .cancel(id: WorkID.transcription) : .none
    case .unsupportedAudio:
      state.errorMessage =
        "\(recognizer.name) cannot read \(entry.name). Pick a .wav file, convert it first "
        + "(for example: sox \(entry.name) -b 16 out.wav), or use the Whisper engine."
      return .none
    }
  }

  private func start(_ state: inout State) -> Effect<Intent, Never> {
    guard !state.isTranscribing else { return .none }
    guard let file = state.pickedFile else {
      state.errorMessage = "Pick an audio file first: highlight it and press Enter."
      return .none
    }
    state.isTranscribing = true
    state.transcript = nil
    state.segments = []
    state.processedUntil = nil
    state.audioDuration = nil
    state.errorMessage = nil
    state.notice = nil
    let phrases = state.usesPhrases ? state.phrases : nil
    // No check of `availability` first: trying again is how a stopped engine is restarted or
    // a newly installed one found.
    return .run { [recognizer] send in
      let transcript = try await recognizer.transcribe(file, phrases: phrases) { segment, length in
        await send(.segmentDecoded(segment, audioDuration: length))
      }
      await send(.transcribed(transcript))
    } catch: { error, send in
      switch error as? TranscribeError {
      case .recognizerUnavailable(let reason):
        await send(.availabilityChecked(.unavailable(reason: reason)))
      case .engineStopped(let reason):
        await send(.availabilityChecked(.unavailable(reason: "the engine stopped (\(reason))")))
      default:
        break
      }
      await send(.failed(Self.message(for: error)))
    }
    .cancellable(id: WorkID.transcription, cancelInFlight: true)
  }

  /// Lists `folder` and reads its phrase list; a quick second move wins over a slow first.
  ///
  /// When `folder` cannot be listed and `fallback` is given, `fallback` is listed first and
  /// the error sent after it, so the screen keeps both the reason and a folder to go on from.
  private func load(_ folder: URL, orElse fallback: URL? = nil) -> Effect<Intent, Never> {
    .run { [browser] send in
      do throws(TranscribeError) {
        let listing = try browser.list(folder)
        await send(.folderLoaded(listing, phrases: Self.phrases(in: listing.folder)))
      } catch {
        var message = error.description
        if let fallback, let listing = try? browser.list(fallback) {
          await send(.folderLoaded(listing, phrases: Self.phrases(in: listing.folder)))
          message += " Showing \(listing.folder.path) instead."
        }
        await send(.folderFailed(message))
      }
    }
    .cancellable(id: WorkID.listing, cancelInFlight: true)
  }

  /// The phrases of `phrases.txt` in `folder`; nil when it is missing, unreadable or empty,
  /// which means free speech.
  static func phrases(in folder: URL) -> [String]? {
    let file = folder.appending(path: phrasesFileName)
    guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
    let phrases = PhraseGrammar.parseList(text)
    return phrases.isEmpty ? nil : phrases
  }

  static func message(for error: any Error) -> String {
    guard let error = error as? TranscribeError else {
      return "\(error) Press s to try again."
    }
    return "\(error.description) \(error.whatToDo)"
  }

  private enum WorkID { case listing, transcription }
}
