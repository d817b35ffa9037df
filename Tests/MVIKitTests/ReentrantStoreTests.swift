import Foundation
import MVIKit
import Testing

/// What a `reduce` reaches through a dependency that holds its own store, as a logger or a
/// coordinator might: a send, and a binding's set, wait until the reduce is done, on the fast
/// path and the slow one; a read (of a member, through a binding, by a scope) stops the program
/// with what to do instead, as Swift's own exclusivity check would (see "Unchecked
/// exclusivity" in the Architecture article, which says why no access to the store's members
/// overlaps another).
@MainActor
@Suite struct ReentrantStoreTests {
  @MainActor final class StoreHolder: Sendable {
    weak var store: Store<Relay>?
  }

  struct Relay: Model {
    struct State: Equatable, Sendable {
      var log: [String] = []
      var draft = ""
    }
    enum Intent: Equatable, Sendable {
      case tap, echo, bindingSet
      case draftEdited(String)
    }
    let holder: StoreHolder

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      // `reduce` is not isolated; a store reduces on the main actor, where this runs.
      switch intent {
      case .tap:
        state.log.append("tap")
        _ = MainActor.assumeIsolated { holder.store?.send(.echo) }
        state.log.append("after the send")
      case .echo:
        state.log.append("echo")
      case .bindingSet:
        state.log.append("set")
        MainActor.assumeIsolated {
          holder.store?.binding(\.draft, send: Intent.draftEdited).value = "typed"
        }
        state.log.append("after the set")
      case .draftEdited(let text):
        state.draft = text
        state.log.append("draft \(text)")
      }
      return .none
    }
  }

  @Test(arguments: [false, true])
  func aSendFromInsideAReduceWaitsUntilTheReduceIsDone(observed: Bool) {
    let holder = StoreHolder()
    let store = Store(initialState: Relay.State(), model: Relay(holder: holder))
    holder.store = store
    var runs = 0
    let observation =
      observed
      ? store.observe {
        _ = $0.log
        runs += 1
      } : nil
    store.send(.tap)
    #expect(store.log == ["tap", "after the send", "echo"])
    if observed { #expect(runs == 2) }
    observation?.cancel()
  }

  @Test(arguments: [false, true])
  func aBindingSetFromInsideAReduceSendsAndWaits(observed: Bool) {
    let holder = StoreHolder()
    let store = Store(initialState: Relay.State(), model: Relay(holder: holder))
    holder.store = store
    let observation = observed ? store.observe { _ = $0.draft } : nil
    store.send(.bindingSet)
    #expect(store.log == ["set", "after the set", "draft typed"])
    #expect(store.draft == "typed")
    observation?.cancel()
  }

  @Test func whatRunsBetweenTheReducesOfASendReadsTheWholeState() {
    let holder = StoreHolder()
    var seen: [[String]] = []
    let store = Store(initialState: Relay.State(), model: Relay(holder: holder))
    holder.store = store
    // An observer runs inside the send, after the reduce: its read is whole.
    let observation = store.observe { seen.append($0.log) }
    store.send(.tap)
    #expect(seen.last == ["tap", "after the send", "echo"])
    observation.cancel()
  }

  /// Runs Sources/ReentryProbe, built beside this test bundle, with the read it makes from
  /// inside its reduce: whether it ended normally and what it wrote to standard error.
  ///
  /// Off the main actor, where the other tests run, and without the runtime's backtracer,
  /// which would keep the probe's standard error open while it symbolicates (minutes under
  /// ThreadSanitizer).
  nonisolated func probe(_ read: String) async throws -> (endedNormally: Bool, errors: String) {
    let directory = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()
    let probe = directory.appending(path: "ReentryProbe")
    try #require(
      FileManager.default.isExecutableFile(atPath: probe.path),
      "ReentryProbe is not built beside \(directory.path)")
    let process = Process()
    process.executableURL = probe
    process.arguments = [read]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let written = await Task.detached {
      errors.fileHandleForReading.readDataToEndOfFile()
    }.value
    process.waitUntilExit()
    return (
      process.terminationReason == .exit && process.terminationStatus == 0,
      String(decoding: written, as: UTF8.self)
    )
  }

  @Test(arguments: ["member", "scope", "case"])
  func aReadFromInsideAReduceStopsTheProgramAndSaysWhatToDo(read: String) async throws {
    let run = try await probe(read)
    #expect(!run.endedNormally, "\(run.errors)")
    #expect(run.errors.contains("Store<Screen>: its state was read from inside its own reduce"))
    #expect(run.errors.contains("A send from there is fine"))
  }

  /// The probe's control: the same dependency sending instead of reading ends normally.
  @Test func theProbeSendingInsteadEndsNormally() async throws {
    let run = try await probe("send")
    #expect(run.endedNormally, "\(run.errors)")
  }
}
