import MVIKit
import MVIKitInspector
import Testing

// The code of MVIKitInspector's landing page, compiled and run here: MVIKitTests'
// ArticleSnippetTestsTestingAndRecording fails when its swift block is not found in this file
// line for line, so change the two together.

/// What the landing page's code names: the app of the article "Inspecting a running app".
enum MVIKitInspectorLanding {
  typealias App = InspectingARunningAppArticle.App
}

// With the page's socket tests, one at a time (see AgentToolTests.swift).
extension InspectorTests {
  @MainActor
  @Suite struct MVIKitInspectorLandingTests {
    typealias App = MVIKitInspectorLanding.App

    @Test func anInspectorAttachesToTheRootStore() async throws {
      let store = Store(initialState: App.State(), model: App())
      #if DEBUG
        let inspector = try await Inspector.attach(to: store)
      #endif
      #if DEBUG
        #expect(inspector.isLive)
        await inspector.stop()
      #endif
    }
  }
}
