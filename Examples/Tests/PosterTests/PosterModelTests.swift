import Foundation
import MVIKit
import MVIKitTesting
import Synchronization
import Testing

@testable import Poster

/// The Poster model with stub fetches.
@MainActor
@Suite struct PosterModelTests {
  let dune: Poster
  let orbit: Poster

  init() throws {
    dune = try Poster.sample(title: "DUNE", shade: 200)
    orbit = try Poster.sample(title: "ORBIT", shade: 40)
  }

  @Test func aPressShowsThePoster() async {
    let store = TestStore(
      initialState: PosterModel.State(),
      model: PosterModel(service: PosterService(fetch: { [dune] in dune })))
    await store.send(.getPosterTapped) { $0.isLoading = true }
    await store.receive(.posterLoaded(dune)) {
      $0.isLoading = false
      $0.poster = dune
    }
    #expect(store.state.title == "DUNE")
    await store.finish()
  }

  @Test func aRestoredAddressIsFetchedWhenTheScreenAppearsAndOnlyThen() async throws {
    let address = try #require(URL(string: "http://127.0.0.1:8080/posters/3?format=webp"))
    let asked = Mutex<[URL?]>([])
    let service = PosterService(fetchFromAddress: { [dune] address, _ in
      asked.withLock { $0.append(address) }
      return dune
    })
    var state = PosterModel.State()
    state.restoredAddress = address
    let store = TestStore(initialState: state, model: PosterModel(service: service))
    await store.send(.appeared) { $0.isLoading = true }
    await store.receive(.posterLoaded(dune)) {
      $0.isLoading = false
      $0.poster = dune
    }
    // Shown already: appearing again fetches nothing; a press fetches a new one.
    await store.send(.appeared)
    await store.send(.getPosterTapped) { $0.isLoading = true }
    await store.receive(.posterLoaded(dune)) { $0.isLoading = false }
    await store.finish()
    #expect(asked.withLock { $0 } == [address, nil])
    // Without an address, appearing fetches nothing.
    let fresh = TestStore(initialState: PosterModel.State(), model: PosterModel(service: service))
    await fresh.send(.appeared)
  }

  @Test func aFailureKeepsThePreviousPosterAndToastsOnce() async {
    var state = PosterModel.State()
    state.poster = dune
    let store = TestStore(
      initialState: state,
      model: PosterModel(service: PosterService(fetch: { throw PosterError.http(status: 500) })))
    await store.send(.getPosterTapped) { $0.isLoading = true }
    let message = PosterError.http(status: 500).description
    await store.receive(.posterFailed(message)) { $0.isLoading = false }
    await store.receiveSideEffect(.toast(message))
    #expect(store.state.poster == dune)
    await store.finish()
  }

  @Test func aSecondPressCancelsTheFirstFetch() async {
    let fetches = StubFetches(answers: [nil, orbit])
    let store = TestStore(
      initialState: PosterModel.State(),
      model: PosterModel(service: PosterService(fetch: { try await fetches.next() })))
    await store.send(.getPosterTapped) { $0.isLoading = true }
    await fetches.waitUntilWaiting()
    await store.send(.getPosterTapped)
    await store.receive(.posterLoaded(orbit)) {
      $0.isLoading = false
      $0.poster = orbit
    }
    await store.finish()
    #expect(fetches.wasFirstCancelled)
  }

  @Test func anUntitledPosterSaysSo() throws {
    var state = PosterModel.State()
    #expect(state.title == nil)
    state.poster = try Poster.sample(title: nil, shade: 0)
    #expect(state.title == "Untitled")
  }
}

/// Fetches that answer in turn; a nil answer waits on a continuation until it is cancelled,
/// like a request to a server that never replies.
final class StubFetches: Sendable {
  private struct Record {
    var answers: [Poster?]
    var waiting: CheckedContinuation<Void, Never>?
    var isWaiting = false
    var wasCancelled = false
  }

  private let record: Mutex<Record>

  init(answers: [Poster?]) {
    record = Mutex(Record(answers: answers))
  }

  var wasFirstCancelled: Bool { record.withLock { $0.wasCancelled } }

  func next() async throws -> Poster {
    let answer = record.withLock { $0.answers.isEmpty ? nil : $0.answers.removeFirst() }
    if let answer { return answer }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = record.withLock { record -> Bool in
          record.isWaiting = true
          if record.wasCancelled { return true }
          record.waiting = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiting = record.withLock { record -> CheckedContinuation<Void, Never>? in
        record.wasCancelled = true
        defer { record.waiting = nil }
        return record.waiting
      }
      waiting?.resume()
    }
    throw CancellationError()
  }

  func waitUntilWaiting() async {
    var attempts = 0
    while !record.withLock({ $0.isWaiting }), attempts < 2_000 {
      attempts += 1
      try? await Task.sleep(for: .milliseconds(5))
    }
    #expect(record.withLock { $0.isWaiting })
  }
}

extension Poster {
  /// A small grey poster.
  static func sample(title: String?, shade: UInt8) throws -> Poster {
    let pixels = [UInt8](repeating: shade, count: 4 * 6 * 3)
    let image = try #require(RGBImage(width: 4, height: 6, pixels: pixels))
    return Poster(title: title, image: image, byteCount: pixels.count)
  }
}
