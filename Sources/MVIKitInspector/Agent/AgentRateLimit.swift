import Foundation
import NIOConcurrencyHelpers

/// A bound on how many requests the agent endpoint takes: a bucket of `burst` requests that
/// refills at `perSecond`. An agent's calls come one at a time and fit easily; a runaway
/// client (or a page of another site hammering the port) is answered 429 instead of holding
/// the app's main actor.
final class AgentRateLimit: Sendable {
  private struct Bucket {
    var tokens: Double
    var last: ContinuousClock.Instant
  }

  let burst: Double
  let perSecond: Double
  private let bucket: NIOLockedValueBox<Bucket>

  init(burst: Int = 1_000, perSecond: Int = 200) {
    self.burst = Double(burst)
    self.perSecond = Double(perSecond)
    bucket = NIOLockedValueBox(Bucket(tokens: Double(burst), last: .now))
  }

  /// Takes one request from the bucket; false when it is empty.
  func take() -> Bool {
    bucket.withLockedValue { bucket in
      let now = ContinuousClock.now
      let elapsed = bucket.last.duration(to: now)
      let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      bucket.tokens = min(burst, bucket.tokens + seconds * perSecond)
      bucket.last = now
      guard bucket.tokens >= 1 else { return false }
      bucket.tokens -= 1
      return true
    }
  }
}
