// Only with the package's `PocketSphinx` trait, which links the library; see Package.swift.
#if PocketSphinx
  import CPocketSphinx
  import Foundation
  import Synchronization

  /// A speech engine backed by CMU PocketSphinx 5prealpha and its US English model; the
  /// Transcribe model uses it as a ``SpeechRecognizer``.
  ///
  /// Free speech uses the general trigram language model; a phrase list is turned into a JSGF
  /// grammar (see ``PhraseGrammar``) so that only those phrases can come out. Each call builds
  /// its own decoder, so calls may run concurrently. PocketSphinx's log output is switched off
  /// for the whole process, as it would otherwise scribble over a terminal UI.
  public struct PocketSphinxRecognizer: Sendable {
    /// Where Debian's `pocketsphinx-en-us` package installs the model.
    public static let debianModelDirectory = URL(
      fileURLWithPath: "/usr/share/pocketsphinx/model/en-us")

    /// Frames of 16 kHz audio handed to the decoder at a time (a quarter second); cancellation is
    /// checked between them.
    public static let chunkSize = 4_000

    /// The folder holding the acoustic model folder `en-us`, `en-us.lm.bin` and
    /// `cmudict-en-us.dict`.
    public let modelDirectory: URL

    /// Creates a recognizer.
    /// - Parameter modelDirectory: The model folder; Debian's by default.
    public init(modelDirectory: URL = Self.debianModelDirectory) {
      self.modelDirectory = modelDirectory
    }

    /// The acoustic model folder.
    public var acousticModel: URL { modelDirectory.appending(path: "en-us") }
    /// The general English language model, used for free speech.
    public var languageModel: URL { modelDirectory.appending(path: "en-us.lm.bin") }
    /// The pronunciation dictionary.
    public var dictionary: URL { modelDirectory.appending(path: "cmudict-en-us.dict") }

    /// Available when the model files are all present (the library itself is linked in).
    public func availability() -> RecognizerAvailability {
      let required = [
        acousticModel.appending(path: "mdef"), languageModel, dictionary,
      ]
      let missing = required.filter { !FileManager.default.fileExists(atPath: $0.path) }
      guard missing.isEmpty else {
        let names = missing.map(\.path).joined(separator: ", ")
        return .unavailable(
          reason: "the PocketSphinx model is missing (\(names)). Run scripts/bootstrap.sh or "
            + "install the Debian package pocketsphinx-en-us.")
      }
      return .available
    }

    /// Names the engine.
    public var name: String { "PocketSphinx (offline, WAV only)" }

    /// PocketSphinx reads 16-bit PCM WAV only.
    public var audioExtensions: Set<String> { ["wav"] }

    /// Decodes free speech; with `phrases`, also decodes against a grammar of them, and keeps
    /// that phrase only when it scores clearly better than the free decoding (see
    /// ``phraseScoreGap``).
    ///
    /// A grammar alone always answers with one of its phrases, whatever was said, which would
    /// force any other speech onto the nearest phrase.
    public func transcribe(
      _ audio: URL, phrases: [String]?,
      onSegment: @escaping @Sendable (TranscriptSegment, Double?) async -> Void
    ) async throws -> Transcript {
      guard audio.pathExtension.lowercased() == "wav" else {
        throw TranscribeError.unsupportedFormat(path: audio.path, recognizer: "PocketSphinx")
      }
      if case .unavailable(let reason) = availability() {
        throw TranscribeError.recognizerUnavailable(reason: reason)
      }
      // One read of the file and one free decoding serve both the text and the phrase check.
      var transcript = try await BlockingWork.run { [self] isCancelled in
        let file = try WAVFile.read(from: audio)
        let samples = file.monoSamples(rate: 16_000)
        let free = try Decoder(recognizer: self, freeSpeech: true)
        let heard = try free.decodeScored(samples, isCancelled: isCancelled)
        var transcript = Transcript(
          text: heard.text, mode: .freeSpeech, audioDuration: file.duration)
        if let phrases,
          let match = try phraseMatch(
            samples, phrases: phrases, freeScore: heard.score, isCancelled: isCancelled),
          match.scoreGap >= Self.phraseScoreGap
        {
          transcript.text = match.phrase
          transcript.mode = .phrases
        }
        return transcript
      }
      let segment = TranscriptSegment(
        start: 0, end: transcript.audioDuration, text: transcript.text)
      transcript.segments = transcript.text.isEmpty ? [] : [segment]
      if !transcript.text.isEmpty { await onSegment(segment, transcript.audioDuration) }
      return transcript
    }

    /// The least score per frame, in the decoder's log units, by which the best phrase must beat
    /// a free decoding of the same audio with the general language model to be taken as said.
    /// Measured with espeak-ng: the sample commands score 25.8–34.8; "please play some music in
    /// the kitchen", which holds a command, about 20; sentences far from every phrase find no path
    /// through the grammar at all.
    public static let phraseScoreGap = 22.0

    /// The phrase a grammar of `phrases` hears in `samples`, and by how much its score per frame
    /// beats `freeScore`, the free decoding's (high when the phrase explains the audio well, low
    /// when the speech was something else); nil when no phrase fits.
    private func phraseMatch(
      _ samples: [Int16], phrases: [String], freeScore: Int32, isCancelled: () -> Bool
    ) throws -> (phrase: String, scoreGap: Double)? {
      guard let grammar = PhraseGrammar(phrases: phrases) else { return nil }
      let decoder = try Decoder(recognizer: self, freeSpeech: false)
      try decoder.use(grammar)
      let matched = try decoder.decodeScored(samples, isCancelled: isCancelled)
      guard !matched.text.isEmpty, matched.frames > 0 else { return nil }
      return (matched.text, Double(matched.score - freeScore) / Double(matched.frames))
    }

    /// Reads the WAV file, converts it to 16 kHz mono and decodes it, off the caller's actor.
    /// - Parameters:
    ///   - wav: The file to read.
    ///   - phrases: The phrases to recognise, or `nil` or empty for free speech. A phrase
    ///     grammar always answers with one of them.
    public func transcribe(wav: URL, phrases: [String]?) async throws -> Transcript {
      try await transcribe(wav: wav, phrases: phrases) { _ in }
    }

    /// Reads the WAV file, converts it to 16 kHz mono and decodes it, off the caller's actor,
    /// reporting progress after each chunk of audio.
    /// - Parameters:
    ///   - wav: The file to read.
    ///   - phrases: The phrases to recognise, or `nil` or empty for free speech.
    ///   - progress: Called on the decoding thread with the fraction of audio decoded so far,
    ///     from above 0 up to 1.
    /// - Returns: The recognised text.
    /// - Throws: ``TranscribeError``, or `CancellationError` when the task is cancelled.
    public func transcribe(
      wav: URL, phrases: [String]?, progress: @escaping @Sendable (Double) -> Void
    ) async throws -> Transcript {
      if case .unavailable(let reason) = availability() {
        throw TranscribeError.recognizerUnavailable(reason: reason)
      }
      try Task.checkCancellation()
      return try await BlockingWork.run { [self] isCancelled in
        let file = try WAVFile.read(from: wav)
        let samples = file.monoSamples(rate: 16_000)
        if isCancelled() { throw CancellationError() }
        let grammar = PhraseGrammar(phrases: phrases ?? [])
        let decoder = try Decoder(recognizer: self, freeSpeech: grammar == nil)
        if let grammar {
          try decoder.use(grammar)
        }
        let text = try decoder.decode(samples, progress: progress, isCancelled: isCancelled)
        return Transcript(
          text: text, mode: grammar == nil ? .freeSpeech : .phrases, audioDuration: file.duration)
      }
    }
  }

  /// One PocketSphinx decoder, used by one call and freed with it.
  private final class Decoder {
    /// Serialises decoder set-up: PocketSphinx's configuration code is not documented as
    /// thread-safe, and it also switches the process-wide logging off the first time.
    private static let setUp = Mutex<Bool>(false)

    private let decoder: OpaquePointer

    init(recognizer: PocketSphinxRecognizer, freeSpeech: Bool) throws {
      var arguments = [
        "-hmm", recognizer.acousticModel.path,
        "-dict", recognizer.dictionary.path,
        "-samprate", "16000",
      ]
      if freeSpeech {
        arguments += ["-lm", recognizer.languageModel.path]
      }
      let made = Self.setUp.withLock { silenced -> OpaquePointer? in
        if !silenced {
          err_set_logfp(nil)
          silenced = true
        }
        return Self.makeDecoder(arguments)
      }
      guard let made else {
        throw TranscribeError.recognitionFailed(reason: "the decoder could not be created")
      }
      decoder = made
    }

    deinit {
      ps_free(decoder)
    }

    private static func makeDecoder(_ arguments: [String]) -> OpaquePointer? {
      var argv = arguments.map { strdup($0) }
      defer {
        for pointer in argv { free(pointer) }
      }
      guard let config = cmd_ln_parse_r(nil, ps_args(), Int32(argv.count), &argv, 1) else {
        return nil
      }
      defer { cmd_ln_free_r(config) }
      return ps_init(config)
    }

    /// Switches the decoder to a grammar of the user's phrases.
    func use(_ grammar: PhraseGrammar) throws {
      let unknown = grammar.words.filter { word in
        guard let pronunciation = ps_lookup_word(decoder, word) else { return true }
        free(pronunciation)
        return false
      }
      guard unknown.isEmpty else { throw TranscribeError.unknownWords(unknown) }
      guard ps_set_jsgf_string(decoder, PhraseGrammar.searchName, grammar.jsgf) == 0,
        ps_set_search(decoder, PhraseGrammar.searchName) == 0
      else {
        throw TranscribeError.recognitionFailed(reason: "the phrase grammar was rejected")
      }
    }

    /// Decodes all samples and returns the hypothesis with its path score and frame count.
    func decodeScored(
      _ samples: [Int16], isCancelled: () -> Bool
    ) throws -> (text: String, score: Int32, frames: Int32) {
      let text = try decode(samples, progress: { _ in }, isCancelled: isCancelled)
      var score: Int32 = 0
      _ = ps_get_hyp(decoder, &score)
      return (text, score, ps_get_n_frames(decoder))
    }

    /// Feeds the samples in chunks, checking for cancellation between them, and returns the best
    /// hypothesis.
    func decode(
      _ samples: [Int16], progress: (Double) -> Void, isCancelled: () -> Bool
    ) throws -> String {
      guard ps_start_utt(decoder) == 0 else {
        throw TranscribeError.recognitionFailed(reason: "the utterance could not be started")
      }
      var start = 0
      while start < samples.count {
        if isCancelled() {
          _ = ps_end_utt(decoder)
          throw CancellationError()
        }
        let end = min(samples.count, start + PocketSphinxRecognizer.chunkSize)
        let searched = samples[start..<end].withUnsafeBufferPointer { buffer in
          ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, 0)
        }
        guard searched >= 0 else {
          _ = ps_end_utt(decoder)
          throw TranscribeError.recognitionFailed(reason: "the decoder rejected the audio")
        }
        start = end
        progress(Double(end) / Double(samples.count))
      }
      if isCancelled() {
        _ = ps_end_utt(decoder)
        throw CancellationError()
      }
      guard ps_end_utt(decoder) == 0 else {
        throw TranscribeError.recognitionFailed(reason: "the utterance could not be finished")
      }
      var score: Int32 = 0
      guard let hypothesis = ps_get_hyp(decoder, &score) else { return "" }
      return String(cString: hypothesis)
        .split(separator: " ")
        .filter { !$0.hasPrefix("<") && !$0.hasPrefix("[") }
        .joined(separator: " ")
    }
  }
  extension SpeechRecognizer {
    /// The live value over PocketSphinx, in a build with the package's `PocketSphinx` trait.
    public init(_ pocketSphinx: PocketSphinxRecognizer) {
      self.init(
        name: pocketSphinx.name, audioExtensions: pocketSphinx.audioExtensions,
        availability: { pocketSphinx.availability() },
        transcribe: { try await pocketSphinx.transcribe($0, phrases: $1, onSegment: $2) })
    }
  }
#endif
