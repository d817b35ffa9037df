import ExampleTestSupport
import Foundation
import Synchronization
import Testing

@testable import Transcribe

/// The embedded Whisper engine for real: faster-whisper and the bundled tiny.en model in the
/// virtual environment `scripts/bootstrap.sh` installs, over loopback HTTP.
@Suite(.serialized) struct WhisperEngineTests {
  static let sentence = "open the door and turn on the lights"

  /// Runs `body` with a started engine and always stops it.
  func withEngine<T>(
    _ engine: WhisperEngine = WhisperEngine(), _ body: (WhisperEngine) async throws -> T
  ) async throws -> T {
    do {
      let result = try await body(engine)
      await engine.stop()
      return result
    } catch {
      await engine.stop()
      throw error
    }
  }

  @Test func ordinarySpeechComesOutRightSegmentBySegment() async throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    try await withEngine { engine in
      let recognizer = WhisperRecognizer(backend: .embedded(engine))
      #expect(await recognizer.availability() == .available)
      let cases = [
        (Self.sentence, 0.0), ("the quick brown fox jumps over the lazy dog", 0.34),
        ("please remind me to call my sister tomorrow evening", 0.25),
      ]
      for (index, (said, allowed)) in cases.enumerated() {
        let wav = try await fixtures.speech(said, name: "speech\(index)")
        let received = Mutex<[TranscriptSegment]>([])
        let transcript = try await recognizer.transcribe(wav, phrases: nil) { segment, _ in
          received.withLock { $0.append(segment) }
        }
        #expect(
          EngineFixtures.wordErrorRate(heard: transcript.text, said: said) <= allowed,
          "heard \"\(transcript.text)\" for \"\(said)\"")
        #expect(transcript.mode == .freeSpeech)
        #expect(!transcript.segments.isEmpty)
        // What arrived as it was decoded is the transcript, besides the progress it said.
        #expect(received.withLock { $0 }.filter { !$0.isProgressOnly } == transcript.segments)
        #expect(received.withLock { $0 }.first == .progress(to: 0))
        #expect(transcript.audioDuration > 1)
      }
    }
  }

  @Test func tenSecondsOfSilenceAreNoSpeechNotAHallucination() async throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    let silence = fixtures.folder.appending(path: "silence.wav")
    try await Tool.run(
      "sox", ["-n", "-r", "16000", "-c", "1", "-b", "16", silence.path, "trim", "0.0", "10.0"])
    try await withEngine { engine in
      let recognizer = WhisperRecognizer(backend: .embedded(engine))
      let transcript = try await recognizer.transcribe(silence, phrases: nil) { _, _ in }
      // Without the voice-activity filter Whisper hears "You" here.
      #expect(transcript.text.isEmpty, "heard \"\(transcript.text)\" in silence")
      #expect(transcript.audioDuration > 9)
      // The same speech after the silence still comes out.
      let speech = try await fixtures.speech(Self.sentence, name: "after")
      let both = try await fixtures.effects(speech, name: "both.wav", ["pad", "5", "0"])
      let heard = try await recognizer.transcribe(both, phrases: nil) { _, _ in }
      #expect(EngineFixtures.wordErrorRate(heard: heard.text, said: Self.sentence) == 0)
    }
  }

  @Test func repeatedSpeechIsTranscribedOrSaidToBeSkippedWithProgressFromTheStart() async throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    let said = "The quick brown fox jumps over the lazy dog near the river bank"
    // One sentence said 24 times at 150 words a minute, about 100 s: decoded whole, the engine
    // dropped such stretches without a word, Whisper rating them as no speech (0.95).
    let raw = fixtures.folder.appending(path: "repeated-espeak.wav")
    let wav = fixtures.folder.appending(path: "repeated.wav")
    try await Tool.run(
      "espeak-ng",
      ["-s", "150", "-w", raw.path, Array(repeating: said + ".", count: 24).joined(separator: " ")])
    try await Tool.run("sox", [raw.path, "-r", "16000", "-c", "1", "-b", "16", wav.path])
    try await withEngine { engine in
      let recognizer = WhisperRecognizer(backend: .embedded(engine))
      let received = Mutex<[TranscriptSegment]>([])
      let transcript = try await recognizer.transcribe(wav, phrases: nil) { segment, _ in
        received.withLock { $0.append(segment) }
      }
      let pieces = received.withLock { $0 }
      // Progress from the start, before the first words, and rising to the end.
      #expect(pieces.first == .progress(to: 0))
      let marks = pieces.filter(\.isProgressOnly).map(\.end)
      #expect(marks == marks.sorted() && marks.count >= 3)
      #expect((marks.last ?? 0) > transcript.audioDuration - 5)
      // Every window of speech has words or a reason: none is lost in silence.
      let covered = transcript.segments.map { $0.end - $0.start }.reduce(0, +)
      #expect(covered > transcript.audioDuration * 0.8, "\(transcript.segments)")
      let dogs = transcript.text.lowercased().components(separatedBy: "lazy dog").count - 1
      #expect(dogs >= 20, "heard \"lazy dog\" \(dogs) times of 24: \(transcript.text)")
    }
  }

  @Test(arguments: ["mp3", "flac", "ogg", "opus", "m4a"])
  func everyCommonFormatIsDecoded(_ format: String) async throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    let wav = try await fixtures.speech(Self.sentence, name: "door")
    let file = try await EngineFixtures.encode(wav, as: "door.\(format)", in: fixtures)
    let recognizer = WhisperRecognizer(backend: .embedded(WhisperEngine()))
    #expect(recognizer.audioExtensions.contains(format))
    try await withEngine { engine in
      let transcript = try await WhisperRecognizer(backend: .embedded(engine))
        .transcribe(file, phrases: nil) { _, _ in }
      #expect(EngineFixtures.words(transcript.text) == EngineFixtures.words(Self.sentence))
    }
  }

  @Test func aNonAudioFileGivesTheEnginesReason() async throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    let text = try fixtures.write(Data("this is not audio at all\n".utf8), name: "notes.mp3")
    let wav = try await fixtures.speech(Self.sentence, name: "door")
    let mp3 = try await EngineFixtures.encode(wav, as: "door.mp3", in: fixtures)
    let bytes = try Data(contentsOf: mp3)
    let truncated = try fixtures.write(bytes.prefix(300), name: "cut.mp3")
    try await withEngine { engine in
      let recognizer = WhisperRecognizer(backend: .embedded(engine))
      for file in [text, truncated] {
        do {
          let transcript = try await recognizer.transcribe(file, phrases: nil) { _, _ in }
          // A few hundred bytes of MP3 may decode to a blip of sound; never to the sentence.
          #expect(file == truncated && EngineFixtures.words(transcript.text).count < 3)
        } catch let error as TranscribeError {
          guard case .undecodableAudio(let path, let reason) = error else {
            Issue.record("expected undecodableAudio, got \(error)")
            continue
          }
          #expect(path == file.path)
          #expect(reason.count > 10)
          #expect(error.description.hasPrefix("\(file.path) could not be read as audio: "))
        }
      }
      // The engine is still fine afterwards.
      let transcript = try await recognizer.transcribe(wav, phrases: nil) { _, _ in }
      #expect(EngineFixtures.words(transcript.text) == EngineFixtures.words(Self.sentence))
    }
  }

  @Test func notInstalledNamesTheFix() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "engine-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: EngineFixtures.directory.appending(path: "engine.py"),
      to: folder.appending(path: "engine.py"))
    let recognizer = WhisperRecognizer(backend: .embedded(WhisperEngine(directory: folder)))
    guard case .unavailable(let reason) = await recognizer.availability() else {
      Issue.record("an engine without its virtual environment must be unavailable")
      return
    }
    #expect(reason.contains("scripts/bootstrap.sh"))
    await #expect(throws: TranscribeError.recognizerUnavailable(reason: reason)) {
      try await recognizer.transcribe(folder.appending(path: "x.wav"), phrases: nil) { _, _ in }
    }
  }

  @Test func killedMidFileIsAnErrorAndTheRetryRestartsIt() async throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    let wav = try await fixtures.speech(Self.sentence, name: "door")
    let long = try await fixtures.effects(wav, name: "long.wav", ["pad", "0", "1", "repeat", "60"])
    try await withEngine { engine in
      let recognizer = WhisperRecognizer(backend: .embedded(engine))
      _ = try await engine.start()
      let first = try #require(await engine.processIdentifier)
      let killed = Mutex(false)
      await #expect {
        _ = try await recognizer.transcribe(long, phrases: nil) { _, _ in
          if !killed.withLock({ $0 }) {
            killed.withLock { $0 = true }
            kill(first, SIGKILL)
          }
        }
      } throws: { error in
        guard case .engineStopped(let reason) = error as? TranscribeError else { return false }
        return reason.contains("signal 9")
      }
      #expect(killed.withLock { $0 })
      let transcript = try await recognizer.transcribe(wav, phrases: nil) { _, _ in }
      #expect(EngineFixtures.words(transcript.text) == EngineFixtures.words(Self.sentence))
      let second = try #require(await engine.processIdentifier)
      #expect(second != first)
    }
  }

  @Test func anHourLongFileShowsProgressAndCancelStopsTheWork() async throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    let wav = try await fixtures.speech(Self.sentence, name: "door")
    // About 3.5 s of speech and silence, 1,030 times: just over an hour, as FLAC.
    let padded = try await fixtures.effects(wav, name: "padded.wav", ["pad", "0", "1"])
    let hour = try await fixtures.effects(padded, name: "hour.flac", ["repeat", "1029"])
    try await withEngine { engine in
      let recognizer = WhisperRecognizer(backend: .embedded(engine))
      let progress = Mutex<[Double]>([])
      let (twoSegments, reached) = AsyncStream<Void>.makeStream()
      let task = Task {
        // Ends the wait below if the transcription stops before two segments (a missing
        // engine): the test then fails on its error instead of waiting for ever.
        defer { reached.finish() }
        return try await recognizer.transcribe(hour, phrases: nil) { segment, duration in
          let count = progress.withLock {
            $0.append(segment.end / (duration ?? .infinity))
            return $0.count
          }
          if count == 2 { reached.yield() }
        }
      }
      for await _ in twoSegments { break }
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
      let fractions = progress.withLock { $0 }
      try #require(fractions.count >= 2)
      #expect(fractions[1] > fractions[0] && fractions[1] < 0.05)
      // Had the engine gone on with the hour, this would wait behind it for minutes.
      let started = ContinuousClock.now
      let transcript = try await recognizer.transcribe(wav, phrases: nil) { _, _ in }
      #expect(started.duration(to: .now) < .seconds(20))
      #expect(EngineFixtures.words(transcript.text) == EngineFixtures.words(Self.sentence))
    }
  }

  @Test func aTakenPortIsAvoided() async throws {
    let listener = try LoopbackListener()
    defer { listener.close() }
    try await withEngine(WhisperEngine(preferredPort: listener.port)) { engine in
      let url = try await engine.start()
      #expect(url.port != nil)
      #expect(url.port != listener.port)
    }
  }

  @Test func theEngineGoesWhenItsParentDoesAndWhenStopped() async throws {
    let engine = WhisperEngine()
    _ = try await engine.start()
    let first = try #require(await engine.processIdentifier)
    await engine.simulateParentExit()
    #expect(await EngineFixtures.waitUntilGone(first))
    _ = try await engine.start()
    let second = try #require(await engine.processIdentifier)
    await engine.stop()
    #expect(!EngineFixtures.isAlive(second))
  }

  @Test func aServiceWantsItsKeyAndNeverShowsIt() async throws {
    let secret = "sk-test-right-\(UUID().uuidString)"
    let wrong = "sk-test-wrong-\(UUID().uuidString)"
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    let wav = try await fixtures.speech(Self.sentence, name: "door")
    let engine = WhisperEngine(environment: ["MVIKIT_STT_API_KEY": secret])
    try await withEngine(engine) { engine in
      let root = try await engine.start()
      let missing = WhisperRecognizer(
        backend: .remote(TranscriptionService(baseURL: root, model: "whisper-1")))
      let host = "127.0.0.1:\(root.port ?? 0)"
      #expect(
        await missing.availability()
          == .unavailable(reason: TranscribeError.apiKeyMissing(service: host).description))
      let refused = WhisperRecognizer(
        backend: .remote(
          TranscriptionService(baseURL: root, model: "whisper-1", apiKey: APIKey(wrong))))
      do {
        _ = try await refused.transcribe(wav, phrases: nil) { _, _ in }
        Issue.record("a wrong key must be refused")
      } catch {
        #expect(error as? TranscribeError == .apiKeyRejected(service: host))
        #expect(!"\(error)".contains(wrong))
        #expect(!String(reflecting: error).contains(wrong))
      }
      let key = try #require(APIKey(secret))
      #expect(!"\(key)".contains(secret) && !String(reflecting: key).contains(secret))
      let accepted = WhisperRecognizer(
        backend: .remote(TranscriptionService(baseURL: root, model: "whisper-1", apiKey: key)))
      #expect(await accepted.availability() == .available)
      let transcript = try await accepted.transcribe(wav, phrases: nil) { _, _ in }
      #expect(EngineFixtures.words(transcript.text) == EngineFixtures.words(Self.sentence))
    }
  }
}

/// A TCP socket listening on a loopback port, to make that port taken.
struct LoopbackListener {
  let descriptor: Int32
  let port: Int

  init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.descriptor = descriptor
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(descriptor, socketAddress, length) == 0 && listen(descriptor, 1) == 0
          && getsockname(descriptor, socketAddress, &length) == 0
      }
    }
    guard bound else { throw POSIXError(.EADDRINUSE) }
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  func close() {
    _ = Glibc.close(descriptor)
  }
}
