import Foundation
import MVIKitPersistence
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGKILL, which no process can catch: it stops a writer wherever it is.
private func sendKill(_ process: Int32) {
  #if canImport(Glibc)
    _ = Glibc.kill(process, SIGKILL)
  #elseif canImport(Darwin)
    _ = Darwin.kill(process, SIGKILL)
  #endif
}

/// Writers killed with SIGKILL at random moments, hundreds of times: every file left behind is
/// one whole write, never a mix of two or a cut-off one.
///
/// They keep both cores busy with writer processes, which would slow the suites that run beside
/// them past their time limits, so `make test` runs them in a step of their own
/// (`MVIKIT_KILL_TESTS=1 swift test --filter KillTests`).
@Suite(
  .serialized, .enabled(if: ProcessInfo.processInfo.environment["MVIKIT_KILL_TESTS"] != nil))
struct KillTests {
  let folder = FileManager.default.temporaryDirectory.appending(path: "mvikit-kill-\(UUID())")

  /// The probe writer, built beside this test bundle (Sources/PersistenceProbe).
  static func probe() throws -> URL {
    let directory = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()
    let probe = directory.appending(path: "PersistenceProbe")
    try #require(
      FileManager.default.isExecutableFile(atPath: probe.path),
      "PersistenceProbe is not built beside \(directory.path)")
    return probe
  }

  func start(_ tag: String) throws -> Process {
    let process = Process()
    process.executableURL = try Self.probe()
    process.arguments = [folder.path, "app", tag]
    try process.run()
    return process
  }

  func stop(_ process: Process) {
    sendKill(process.processIdentifier)
    process.waitUntilExit()
  }

  /// The tag of the whole write in the file, nil when there is no file; records an issue for
  /// anything else.
  func wholeWrite() throws -> String? {
    guard let data = try FileStateStorage(folder: folder).read("app") else { return nil }
    let object = try #require(
      try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      "not JSON: \(data.count) bytes")
    let members = try #require(object["members"] as? [String: [String: Any]])
    let text = try #require(members["text"]?["value"] as? String)
    let pieces = text.split(separator: "|")
    #expect(pieces.count == 8_000, "a write of \(pieces.count) pieces")
    #expect(Set(pieces).count == 1, "a mix of \(Set(pieces).count) writes")
    return pieces.first.map { String($0.prefix { $0 != "-" }) }
  }

  @Test func aWriterKilledAtAnyMomentLeavesTheOldFileOrTheNewOne() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    var random = SystemRandomNumberGenerator()
    var outcomes: [String: Int] = ["none": 0, "earlier writer": 0, "this writer": 0]
    var tags: Set<String> = []
    for round in 0..<300 {
      let tag = "w\(round)"
      let writer = try start(tag)
      usleep(UInt32.random(in: 0..<25_000, using: &random))
      stop(writer)
      switch try wholeWrite() {
      case nil: outcomes["none", default: 0] += 1
      case tag?: outcomes["this writer", default: 0] += 1
      case let other?:
        #expect(tags.contains(other), "a tag nobody wrote: \(other)")
        outcomes["earlier writer", default: 0] += 1
      }
      tags.insert(tag)
    }
    print("KillTests: 300 writers killed:", outcomes.sorted { $0.key < $1.key })
    // The writers were killed at moments where they had written, and where they had not.
    #expect(outcomes["this writer", default: 0] > 0)
    #expect(outcomes["earlier writer", default: 0] > 0)
  }

  @Test func twoWritersTakeTurnsAndAReaderOnlyEverSeesWholeFiles() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    for round in 0..<10 {
      let first = try start("a\(round)")
      let second = try start("b\(round)")
      let deadline = Date().addingTimeInterval(0.3)
      var reads = 0
      while Date() < deadline {
        _ = try wholeWrite()
        reads += 1
      }
      stop(first)
      stop(second)
      _ = try wholeWrite()
      #expect(reads > 0)
    }
    // What the killed writers left half-written is removed by the next write.
    try FileStateStorage(folder: folder).write(Data("{}".utf8), to: "app")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.contains(".tmp-") }
    #expect(leftovers.isEmpty)
  }
}
