import MVIKit
import MVIKitTesting
import Testing

@testable import Poster

/// Repeated presses under every order in which the fetches answer.
@MainActor
@Suite struct PosterExplorationTests {
  @Test func repeatedPressesEndWithAPosterAndNoProgressInAnyOrder() async throws {
    let poster = try Poster.sample(title: "Dune", shade: 90)
    let service = PosterService(fetchWithProgress: { progress in
      await progress(DownloadProgress(received: 512, expected: 1_024))
      return poster
    })
    let explorer = ScheduleExplorer(
      model: PosterModel(service: service), initialState: PosterModel.State())
    let report = await explorer.explore(
      [.getPosterTapped, .getPosterTapped, .getPosterTapped],
      invariant: { state in
        state.download == nil || state.isLoading ? nil : "shows download progress while idle"
      },
      finally: { state in
        !state.isLoading && state.download == nil && state.poster == poster
          ? nil : "ends with \(state) instead of the poster, idle"
      })
    #expect(report.failure == nil)
    #expect(report.isExhaustive)
    // Each press cancels the fetch before it, so some orders drop deliveries: fewer than
    // the 3 presses × (progress, poster) could otherwise interleave.
    #expect(report.schedules > 1)
  }
}
