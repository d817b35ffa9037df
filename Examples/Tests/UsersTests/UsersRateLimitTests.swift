import Foundation
import MVIKit
import MVIKitTesting
import Synchronization
import Testing

@testable import Users

/// HTTP 429: the screen says the server limits it and when it tries again, retries once by
/// itself after the wait the server asked for (up to a minute), and `r` still retries at once.
@MainActor
@Suite struct UsersRateLimitTests {
  nonisolated static let ada = User(
    id: 1, name: "Ada", username: "ada", email: "ada@example.com",
    address: User.Address(
      street: "", suite: "", city: "", zipcode: "", geo: User.Address.Geo(lat: "", lng: "")),
    phone: "", website: "", company: User.Company(name: "", catchPhrase: "", bs: ""))

  /// A clock whose sleeps return at once, keeping how long each asked for.
  final class Sleeps: Clock, Sendable {
    let asked = Mutex<[Duration]>([])
    var now: ContinuousClock.Instant { ContinuousClock.now }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
      asked.withLock { $0.append(deadline - ContinuousClock.now) }
      try Task.checkCancellation()
    }
  }

  /// Answers the fetches in turn: each item a list or an error.
  nonisolated static func interactor(_ answers: [Result<UserList, UsersError>]) -> UsersInteractor {
    let left = Mutex(answers)
    return UsersInteractor(fetchUsers: {
      try left.withLock { $0.isEmpty ? .success([Self.ada]) : $0.removeFirst() }.get()
    })
  }

  @Test func retryAfterIsReadAsSecondsOrAsADate() {
    let now = Date(timeIntervalSince1970: 1_764_288_000)  // Fri, 28 Nov 2025 00:00:00 GMT
    #expect(UsersError.retryAfterSeconds("120", now: now) == 120)
    #expect(UsersError.retryAfterSeconds("Fri, 28 Nov 2025 00:10:00 GMT", now: now) == 600)
    #expect(UsersError.retryAfterSeconds("Thu, 27 Nov 2025 23:00:00 GMT", now: now) == 0)
    #expect(UsersError.retryAfterSeconds("soon", now: now) == nil)
    #expect(UsersError.retryAfterSeconds("-3", now: now) == nil)
    #expect(UsersError.duration(45) == "45 s" && UsersError.duration(600) == "10 min")
    #expect(UsersError.duration(7_500) == "2 h 5 min")
  }

  @Test func aRateLimitIsWaitedOutOnceThenTheListLoads() async {
    let clock = Sleeps()
    let store = TestStore(
      initialState: UsersPresenter.State(),
      model: UsersPresenter(
        interactor: Self.interactor([.failure(.rateLimited(retryAfter: 7))]), clock: clock))
    await store.send(.appeared) { $0.isLoading = true }
    await store.receive(.rateLimited(retryAfter: 7)) {
      $0.isLoading = false
      $0.hasRetriedByItself = true
      $0.errorMessage =
        "The server is limiting how often it is asked (HTTP 429) and asks to wait 7 s. "
        + "Retrying by itself in 7 s; r retries now."
    }
    await store.receive(.retryDue) {
      $0.isLoading = true
      $0.errorMessage = nil
    }
    await store.receive(.usersLoaded([Self.ada])) {
      $0.isLoading = false
      $0.hasRetriedByItself = false
      $0.users = [Self.ada]
    }
    await store.finish()
    let asked = clock.asked.withLock { $0 }
    #expect(asked.count == 1 && asked[0] > .seconds(6.9) && asked[0] <= .seconds(7))
  }

  @Test func aSecondLimitWaitsForR() async {
    let store = TestStore(
      initialState: UsersPresenter.State(),
      model: UsersPresenter(
        interactor: Self.interactor([
          .failure(.rateLimited(retryAfter: nil)), .failure(.rateLimited(retryAfter: 30)),
        ]), clock: Sleeps()))
    store.exhaustivity = .off
    await store.send(.appeared)
    await store.receive(.rateLimited(retryAfter: nil))
    #expect(
      store.state.errorMessage?.hasSuffix("Retrying by itself in 5 s; r retries now.") == true)
    await store.receive(.retryDue)
    await store.receive(.rateLimited(retryAfter: 30))
    #expect(
      store.state.errorMessage
        == "The server is limiting how often it is asked (HTTP 429) and asks to wait 30 s. It "
        + "was still limited after one retry. Press r to try again once 30 s have passed.")
    await store.send(.retryTapped) { $0.isLoading = true }
    await store.receive(.usersLoaded([Self.ada]))
    #expect(store.state.users == [Self.ada] && store.state.errorMessage == nil)
    await store.finish()
  }

  @Test func aLongWaitIsLeftToTheUserAndRRetriesAtOnce() async {
    let store = TestStore(
      initialState: UsersPresenter.State(),
      model: UsersPresenter(
        interactor: Self.interactor([.failure(.rateLimited(retryAfter: 600))]),
        clock: ContinuousClock()))
    await store.send(.appeared) { $0.isLoading = true }
    await store.receive(.rateLimited(retryAfter: 600)) {
      $0.isLoading = false
      $0.errorMessage =
        "The server is limiting how often it is asked (HTTP 429) and asks to wait 10 min. "
        + "Press r to try again once 10 min have passed."
    }
    await store.send(.retryTapped) {
      $0.isLoading = true
      $0.errorMessage = nil
    }
    await store.receive(.usersLoaded([Self.ada])) {
      $0.isLoading = false
      $0.users = [Self.ada]
    }
    await store.finish()
  }

  @Test func rDuringTheWaitRetriesAtOnceAndDropsTheWait() async {
    let store = TestStore(
      initialState: UsersPresenter.State(),
      model: UsersPresenter(
        interactor: Self.interactor([.failure(.rateLimited(retryAfter: 60))]),
        clock: ContinuousClock()))
    store.exhaustivity = .off
    await store.send(.appeared)
    await store.receive(.rateLimited(retryAfter: 60))
    #expect(store.state.hasRetriedByItself)
    await store.send(.retryTapped) { $0.isLoading = true }
    await store.receive(.usersLoaded([Self.ada]))
    // The 60 s wait was cancelled: nothing is left running for finish to wait out.
    await store.finish(timeout: .seconds(1))
    #expect(store.state.users == [Self.ada])
  }
}
