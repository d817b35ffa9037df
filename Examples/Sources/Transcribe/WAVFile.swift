import Foundation

/// The samples of a 16-bit PCM RIFF/WAVE file.
public struct WAVFile: Sendable, Equatable {
  /// Frames per second, such as `16_000` or `44_100`.
  public var sampleRate: Int
  /// Samples per frame: `1` for mono, `2` for stereo.
  public var channels: Int
  /// The samples, interleaved frame by frame when there is more than one channel.
  public var samples: [Int16]

  /// Creates a WAV file from its samples.
  /// - Parameters:
  ///   - sampleRate: Frames per second.
  ///   - channels: Samples per frame.
  ///   - samples: The interleaved samples.
  public init(sampleRate: Int, channels: Int, samples: [Int16]) {
    self.sampleRate = sampleRate
    self.channels = channels
    self.samples = samples
  }

  /// The number of frames (samples per channel).
  public var frameCount: Int { channels > 0 ? samples.count / channels : 0 }

  /// The length of the audio, in seconds.
  public var duration: Double {
    sampleRate > 0 ? Double(frameCount) / Double(sampleRate) : 0
  }

  /// Reads and parses a WAV file.
  /// - Parameter url: A file URL.
  /// - Returns: The parsed file.
  /// - Throws: ``TranscribeError/fileNotFound(path:)``,
  ///   ``TranscribeError/unreadableFile(path:reason:)``,
  ///   ``TranscribeError/emptyFile(path:)`` or any error of ``init(data:path:)``.
  public static func read(from url: URL) throws(TranscribeError) -> WAVFile {
    let path = url.path
    let found = RawFileName.fileExists(path)
    guard found.exists else { throw .fileNotFound(path: path) }
    guard !found.isFolder else { throw .unreadableFile(path: path, reason: "it is a folder") }
    let data: Data
    do {
      data = try RawFileName.contents(of: url)
    } catch {
      let reason = (error as NSError).localizedFailureReason ?? "permission denied or I/O error"
      throw .unreadableFile(path: path, reason: reason)
    }
    return try WAVFile(data: data, path: path)
  }

  /// Parses the bytes of a WAV file.
  /// - Parameters:
  ///   - data: The whole file.
  ///   - path: The name to use in errors.
  /// - Throws: ``TranscribeError/emptyFile(path:)``, ``TranscribeError/notAWAV(path:)``,
  ///   ``TranscribeError/corruptWAV(path:reason:)``,
  ///   ``TranscribeError/unsupportedEncoding(path:encoding:)`` or
  ///   ``TranscribeError/noAudio(path:)``.
  public init(data: Data, path: String = "audio") throws(TranscribeError) {
    let bytes = [UInt8](data)
    guard !bytes.isEmpty else { throw .emptyFile(path: path) }
    guard bytes.count >= 12, bytes.ascii(at: 0) == "RIFF", bytes.ascii(at: 8) == "WAVE" else {
      throw .notAWAV(path: path)
    }
    var format: Format?
    var sampleBytes: ArraySlice<UInt8>?
    var offset = 12
    while offset + 8 <= bytes.count {
      let id = bytes.ascii(at: offset)
      let declared = Int(bytes.uint32(at: offset + 4))
      let start = offset + 8
      // A writer that streamed the file may leave the size too large (or 0xFFFFFFFF); keep
      // what is there.
      let end = min(bytes.count, start + declared)
      switch id {
      case "fmt ":
        guard end - start >= 16 else {
          throw .corruptWAV(path: path, reason: "its format chunk is too short")
        }
        format = Format(bytes: bytes, at: start, length: end - start)
      case "data":
        sampleBytes = bytes[start..<end]
      default:
        break
      }
      offset = start + declared + (declared & 1)
    }
    guard let format else {
      throw .corruptWAV(path: path, reason: "it has no format chunk")
    }
    guard format.isPCM16 else {
      throw .unsupportedEncoding(path: path, encoding: format.summary)
    }
    guard format.channels > 0, format.sampleRate > 0 else {
      throw .corruptWAV(path: path, reason: "it declares no channels or a zero sample rate")
    }
    guard let sampleBytes, sampleBytes.count >= 2 * format.channels else {
      throw .noAudio(path: path)
    }
    let frames = sampleBytes.count / (2 * format.channels)
    var samples = [Int16]()
    samples.reserveCapacity(frames * format.channels)
    var index = sampleBytes.startIndex
    for _ in 0..<(frames * format.channels) {
      let value = UInt16(sampleBytes[index]) | UInt16(sampleBytes[index + 1]) << 8
      samples.append(Int16(bitPattern: value))
      index += 2
    }
    self.init(sampleRate: format.sampleRate, channels: format.channels, samples: samples)
  }

  /// The audio as one channel at `rate` frames per second: channels are averaged, and the
  /// rate is changed with a box filter when going down and linear interpolation when going up.
  /// - Parameter rate: The wanted sample rate; PocketSphinx's models want `16_000`.
  /// - Returns: Mono samples at `rate`.
  public func monoSamples(rate: Int = 16_000) -> [Int16] {
    AudioConverter.resample(
      AudioConverter.downmix(samples, channels: channels), from: sampleRate, to: rate)
  }
}

/// The fields of a `fmt ` chunk that matter here.
private struct Format {
  var tag: UInt16
  var channels: Int
  var sampleRate: Int
  var bitsPerSample: Int
  var subFormatTag: UInt16?

  init(bytes: [UInt8], at start: Int, length: Int) {
    tag = bytes.uint16(at: start)
    channels = Int(bytes.uint16(at: start + 2))
    sampleRate = Int(bytes.uint32(at: start + 4))
    bitsPerSample = Int(bytes.uint16(at: start + 14))
    // WAVE_FORMAT_EXTENSIBLE keeps the real format in the first two bytes of its GUID.
    subFormatTag = tag == 0xFFFE && length >= 26 ? bytes.uint16(at: start + 24) : nil
  }

  var effectiveTag: UInt16 { subFormatTag ?? tag }
  var isPCM16: Bool { effectiveTag == 1 && bitsPerSample == 16 }

  var summary: String {
    switch effectiveTag {
    case 1: return "\(bitsPerSample)-bit PCM"
    case 3: return "\(bitsPerSample)-bit floating point"
    case 6: return "A-law"
    case 7: return "mu-law"
    case 2, 0x11: return "ADPCM"
    case 0x55: return "MP3"
    default: return "encoding \(effectiveTag)"
    }
  }
}

/// Downmixing and sample-rate conversion, written here rather than run through `sox` so that
/// transcription needs no external program and works on any platform.
enum AudioConverter {
  /// Averages each frame's channels into one sample.
  static func downmix(_ samples: [Int16], channels: Int) -> [Float] {
    guard channels > 1 else { return samples.map(Float.init) }
    let frames = samples.count / channels
    var mono = [Float](repeating: 0, count: frames)
    for frame in 0..<frames {
      var sum: Float = 0
      for channel in 0..<channels {
        sum += Float(samples[frame * channels + channel])
      }
      mono[frame] = sum / Float(channels)
    }
    return mono
  }

  /// Changes the sample rate. Going down, each output sample is the mean of the input span it
  /// covers (a box filter, which also keeps most aliasing out); going up, it is interpolated
  /// linearly between its two neighbours.
  static func resample(_ input: [Float], from source: Int, to target: Int) -> [Int16] {
    guard source != target, source > 0, target > 0, !input.isEmpty else {
      return input.map(clamp)
    }
    let ratio = Double(source) / Double(target)
    let count = Int(Double(input.count) / ratio)
    var output = [Int16]()
    output.reserveCapacity(count)
    for index in 0..<count {
      let position = Double(index) * ratio
      if ratio > 1 {
        let lower = Int(position)
        let upper = min(input.count, max(lower + 1, Int(position + ratio)))
        var sum: Float = 0
        for sample in input[lower..<upper] { sum += sample }
        output.append(clamp(sum / Float(upper - lower)))
      } else {
        let lower = min(Int(position), input.count - 1)
        let upper = min(lower + 1, input.count - 1)
        let fraction = Float(position - Double(lower))
        output.append(clamp(input[lower] + (input[upper] - input[lower]) * fraction))
      }
    }
    return output
  }

  private static func clamp(_ value: Float) -> Int16 {
    Int16(max(-32_768, min(32_767, value.rounded())))
  }
}

extension [UInt8] {
  fileprivate func ascii(at offset: Int) -> String {
    guard offset + 4 <= count else { return "" }
    return String(decoding: self[offset..<offset + 4], as: UTF8.self)
  }

  fileprivate func uint16(at offset: Int) -> UInt16 {
    guard offset + 2 <= count else { return 0 }
    return UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
  }

  fileprivate func uint32(at offset: Int) -> UInt32 {
    guard offset + 4 <= count else { return 0 }
    return (0..<4).reduce(UInt32(0)) { $0 | UInt32(self[offset + $1]) << (8 * UInt32($1)) }
  }
}
