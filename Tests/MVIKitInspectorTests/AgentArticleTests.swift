import Foundation
import MVIKit
import MVIKitRecording
import MVIKitTesting
import ShoppingListExample
import Testing

@testable import MVIKitInspector

/// The session of the article "Debugging with an Agent", call by call: the answers the article
/// shows are these calls' (abridged there), so the article stays true.
// With the page's socket tests, one at a time (see AgentToolTests.swift).
extension InspectorTests {
  /// The search field of the article, whose answers come back as fast as the search.
  static func searchField() -> Lookup {
    Lookup(search: { query in
      ["milk", "mint", "mango", "melon"].filter { $0.hasPrefix(query) }
    })
  }

  /// Calls `tool` and prints the call and its answer, as the article shows them.
  func callAndPrint(
    _ tools: any AgentToolbox, _ tool: String, _ arguments: [String: JSONValue] = [:]
  ) async -> String {
    let answer = await tools.call(tool, arguments)
    print("→ \(tool) \(JSONValue.object(arguments).text)\n← \(answer.text)\n")
    #expect(!answer.isError, "\(tool): \(answer.text)")
    return answer.text
  }

  @Test func theStaleSearchSessionOfTheArticle() async throws {
    let store = Store(initialState: Lookup.State(), model: Self.searchField())
    let inspector = try await Inspector.attach(
      to: store, token: "t0ken", announce: false, testModel: "Lookup(search: { _ in [] })")
    defer { Task { await inspector.stop() } }
    let tools = try #require(inspector.agentTools)
    // The user types "m", then "mi"; each answer comes before the next key.
    await store.send(.queryChanged("m")).finish()
    await store.send(.queryChanged("mi")).finish()
    #expect(await eventually { tools.heardStep >= 4 })

    let changed = await callAndPrint(tools, "list_steps", ["changed": .string("results")])
    #expect(changed.contains(#""intent":"resultsLoaded","origin":"effect""#))
    #expect(changed.contains(#""sentByRun":1"#) && changed.contains(#""sentByRun":2"#))
    let late = await callAndPrint(tools, "get_step", ["step": .int(2)])
    #expect(late.contains(#""member":"results[0]""#))
    let explored = await callAndPrint(tools, "explore_orders", [:])
    #expect(explored.contains(#""found":true"#))
    #expect(explored.contains("ends in another state than the user saw"))
    #expect(explored.contains("try await recording.explore(with: Lookup(search: { _ in [] }))"))

    // The exploration test carries the session: with the bug it fails, with the fix
    // (a new query cancels the search in flight) every order ends as the user saw.
    let recording = try Recording<Lookup>(data: try #require(inspector.feedRecording()))
    await withKnownIssue {
      let report = try await recording.explore(with: Lookup(search: { _ in [] }))
      #expect(report.failure == nil)
    }
    let fixed = try await recording.explore(
      with: Lookup(search: { _ in [] }, cancelsStaleRequests: true))
    #expect(fixed.failure == nil)
    #expect(fixed.isExhaustive)
  }
}
