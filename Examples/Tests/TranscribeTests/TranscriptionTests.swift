// PocketSphinx exists only in a build with the package's `PocketSphinx` trait.
#if PocketSphinx
  import Foundation
  import Synchronization
  import Testing

  @testable import Transcribe

  let commands = ["turn on the kitchen lights", "open the front door", "play some music"]

  @Suite("PocketSphinx transcription of real speech")
  struct TranscriptionTests {
    let recognizer = PocketSphinxRecognizer()

    @Test func modelIsInstalled() {
      #expect(recognizer.availability() == .available)
    }

    @Test func missingModelIsNotInstalled() async throws {
      let missing = PocketSphinxRecognizer(modelDirectory: URL(fileURLWithPath: "/nonexistent"))
      guard case .unavailable(let reason) = missing.availability() else {
        Issue.record("expected .unavailable")
        return
      }
      #expect(reason.contains("bootstrap.sh"))
      let fixtures = try AudioFixtures()
      defer { fixtures.remove() }
      let wav = try await fixtures.speech("play some music", name: "music")
      await #expect(throws: TranscribeError.recognizerUnavailable(reason: reason)) {
        try await missing.transcribe(wav: wav, phrases: nil)
      }
    }

    @Test(arguments: commands)
    func phraseListGivesExactTranscript(_ command: String) async throws {
      let fixtures = try AudioFixtures()
      defer { fixtures.remove() }
      let wav = try await fixtures.speech(command, name: "command")
      let transcript = try await recognizer.transcribe(wav: wav, phrases: commands)
      #expect(transcript.text == command)
      #expect(transcript.mode == .phrases)
      #expect(transcript.audioDuration > 0.5)
    }

    @Test(arguments: [(22_050, 1), (44_100, 1), (16_000, 2), (44_100, 2), (8_000, 1)])
    func otherRatesAndChannelsAreConverted(rate: Int, channels: Int) async throws {
      let fixtures = try AudioFixtures()
      defer { fixtures.remove() }
      let wav = try await fixtures.speech(
        "open the front door", name: "door", rate: rate, channels: channels)
      let file = try WAVFile.read(from: wav)
      #expect(file.sampleRate == rate)
      #expect(file.channels == channels)
      let transcript = try await recognizer.transcribe(wav: wav, phrases: commands)
      #expect(transcript.text == "open the front door")
    }

    @Test func freeSpeechRunsTheLanguageModel() async throws {
      let fixtures = try AudioFixtures()
      defer { fixtures.remove() }
      let wav = try await fixtures.speech("hello", name: "hello")
      let transcript = try await recognizer.transcribe(wav: wav, phrases: nil)
      #expect(transcript.mode == .freeSpeech)
      // espeak's robot voice is too far from the model's training speech for an exact free
      // transcript; what matters is that the general model ran and returned plain words.
      #expect(transcript.text.allSatisfy { $0.isLetter || $0 == " " || $0 == "'" })
    }

    @Test func silenceGivesAnEmptyTranscript() async throws {
      let fixtures = try AudioFixtures()
      defer { fixtures.remove() }
      let silence = AudioFixtures.wav(
        sampleRate: 16_000, channels: 1, samples: [Int16](repeating: 0, count: 16_000))
      let wav = try fixtures.write(silence, name: "silence.wav")
      let transcript = try await recognizer.transcribe(wav: wav, phrases: commands)
      #expect(transcript.text.isEmpty)
    }

    @Test func unknownPhraseWordsAreReported() async throws {
      let fixtures = try AudioFixtures()
      defer { fixtures.remove() }
      let wav = try await fixtures.speech("play some music", name: "music")
      await #expect(throws: TranscribeError.unknownWords(["zzxqv"])) {
        try await recognizer.transcribe(wav: wav, phrases: ["play some music", "zzxqv music"])
      }
    }

    @Test func cancellingBeforeDecodingThrowsCancellation() async throws {
      let fixtures = try AudioFixtures()
      defer { fixtures.remove() }
      let wav = try await fixtures.speech("play some music", name: "music")
      let recognizer = recognizer
      let (started, startedSink) = AsyncStream<Void>.makeStream()
      let (go, goSink) = AsyncStream<Void>.makeStream()
      let task = Task {
        startedSink.yield()
        for await _ in go { break }
        return try await recognizer.transcribe(wav: wav, phrases: nil)
      }
      for await _ in started { break }
      task.cancel()
      goSink.finish()
      await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func cancellingStopsARunningTranscription() async throws {
      let fixtures = try AudioFixtures()
      defer { fixtures.remove() }
      let long = Array(repeating: "turn on the kitchen lights and open the front door", count: 6)
        .joined(separator: ", ")
      let wav = try await fixtures.speech(long, name: "long")
      let reached = Mutex<[Double]>([])
      let recognizer = recognizer
      let (firstChunk, decoded) = AsyncStream<Void>.makeStream()
      let task = Task {
        // Ends the wait below if the transcription stops before its first chunk.
        defer { decoded.finish() }
        return try await recognizer.transcribe(wav: wav, phrases: nil) { fraction in
          let count = reached.withLock {
            $0.append(fraction)
            return $0.count
          }
          if count == 1 { decoded.yield() }
        }
      }
      // Cancel once the first chunk has been decoded, while the rest is still to go.
      for await _ in firstChunk { break }
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
      let fractions = reached.withLock { $0 }
      #expect(!fractions.isEmpty)
      #expect(fractions.allSatisfy { $0 > 0 && $0 < 1 })
    }

    @Test(arguments: [
      "open the door and turn on the lights", "the quick brown fox jumps over the lazy dog",
      "the weather is lovely today", "what time is it",
    ])
    func freeSpeechIsNeverForcedOntoAPhrase(_ sentence: String) async throws {
      let fixtures = try AudioFixtures()
      defer { fixtures.remove() }
      let wav = try await fixtures.speech(sentence, name: "free")
      let transcript = try await recognizer.transcribe(wav, phrases: commands) { _, _ in }
      #expect(transcript.mode == .freeSpeech)
      #expect(!commands.contains(transcript.text))
    }

    @Test(arguments: commands)
    func aSpokenPhraseIsConfirmedThroughTheProtocol(_ command: String) async throws {
      let fixtures = try AudioFixtures()
      defer { fixtures.remove() }
      let wav = try await fixtures.speech(command, name: "command")
      let transcript = try await recognizer.transcribe(wav, phrases: commands) { _, _ in }
      #expect(transcript.text == command)
      #expect(transcript.mode == .phrases)
    }

    @Test func otherFormatsAreRefusedWithTheFix() async throws {
      let mp3 = URL(fileURLWithPath: "/tmp/song.mp3")
      await #expect(
        throws: TranscribeError.unsupportedFormat(path: mp3.path, recognizer: "PocketSphinx")
      ) {
        try await recognizer.transcribe(mp3, phrases: nil) { _, _ in }
      }
      #expect(!recognizer.audioExtensions.contains("mp3"))
    }
  }
#endif
