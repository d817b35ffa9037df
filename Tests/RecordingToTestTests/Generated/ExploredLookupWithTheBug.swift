// swift-format-ignore-file
// Made by MVIKit from a recording of Lookup: every order in which its effects
// could have answered, each effect sending what it sent in the recording.
// Found: Final check failed: ends in another state than the user saw: results[0]: "results for ab" → "results for a"
// Shortest failing schedule: "u u e1 e0"
import Foundation
import MVIKitRecording
import MVIKitTesting
import Testing

@testable import ShoppingListExample

@MainActor
func exploredLookupWithTheBug() async throws {
  let recording = try Recording<Lookup>(
    data: Data(
      #"""
      {"model":"Lookup","mvikit":1,"state":{"query":"","results":[]}}
      {"intent":{"queryChanged":{"_0":"a"}},"origin":"view","site":"RecordingToTestTests/RecordingExplorationTests.swift:23","step":1}
      {"changes":[{"path":["query"],"value":"a"}],"step":1}
      {"started":1,"step":1}
      {"intent":{"resultsLoaded":{"_0":["results for a"]}},"origin":"effect","run":1,"step":2}
      {"changes":[{"path":["results",0],"value":"results for a"}],"step":2}
      {"intent":{"queryChanged":{"_0":"ab"}},"origin":"view","site":"RecordingToTestTests/RecordingExplorationTests.swift:24","step":3}
      {"changes":[{"path":["query"],"value":"ab"}],"step":3}
      {"started":2,"step":3}
      {"intent":{"resultsLoaded":{"_0":["results for ab"]}},"origin":"effect","run":2,"step":4}
      {"changes":[{"path":["results",0],"value":"results for ab"}],"step":4}
      """#.utf8))
  try await recording.explore(with: Lookup(search: { _ in [] }))
}
