// swift-format-ignore-file
// Made by MVIKit from a recording of ShoppingList: 11 steps, 3 of them sent by effects.
// Effects do not run: what they sent in the recording is received in their place,
// so this test needs none of the app's dependencies.
import MVIKit
import MVIKitTesting
import Testing

@testable import ShoppingListExample

@MainActor
func recordedShoppingSessionAgainstARegression() async throws {
  let store = TestStore(
    initialState: try recordedValue(#"{"draft":"","isSaving":false,"items":[],"query":"","suggestions":[]}"#),
    model: ShoppingList(server: .offline, keepsDraftAfterAdding: true),
    effects: .recorded
  )
  // Sent from RecordingToTestTests/RecordedSessionTests.swift:75
  await store.send(.draftChanged(" milk ")) {
    $0.draft = " milk "
  }
  // Sent from RecordingToTestTests/RecordedSessionTests.swift:76
  await store.send(.addTapped) {
    $0.draft = ""
    $0.isSaving = true
  }
  try await store.receive(.saved(recordedValue(#"{"id":1,"isBought":false,"title":"milk"}"#))) {
    try $0.items.append(recordedValue(#"{"id":1,"isBought":false,"title":"milk"}"#))
    $0.isSaving = false
  }
  await store.receiveSideEffect(.toast("Added milk"))
  // Sent from RecordingToTestTests/RecordedSessionTests.swift:78
  await store.send(.queryChanged("b")) {
    $0.query = "b"
  }
  // Sent from RecordingToTestTests/RecordedSessionTests.swift:79
  await store.send(.queryChanged("br")) {
    $0.query = "br"
  }
  await store.receive(.suggested(["bread", "broccoli"], for: "br")) {
    $0.suggestions = ["bread", "broccoli"]
  }
  // Sent from RecordingToTestTests/RecordedSessionTests.swift:81
  await store.send(.draftChanged("bread")) {
    $0.draft = "bread"
  }
  // Sent from RecordingToTestTests/RecordedSessionTests.swift:82
  await store.send(.addTapped) {
    $0.draft = ""
    $0.isSaving = true
  }
  try await store.receive(.saved(recordedValue(#"{"id":2,"isBought":false,"title":"bread"}"#))) {
    try $0.items.append(recordedValue(#"{"id":2,"isBought":false,"title":"bread"}"#))
    $0.isSaving = false
  }
  await store.receiveSideEffect(.toast("Added bread"))
  // Sent from RecordingToTestTests/RecordedSessionTests.swift:84
  await store.send(.boughtToggled(id: 1)) {
    $0.items[0].isBought = true
  }
  // Sent from RecordingToTestTests/RecordedSessionTests.swift:85
  await store.send(.addTapped) {
    $0.message = "An item needs a title."
  }
  await store.finish()
}
