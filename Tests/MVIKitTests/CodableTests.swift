import Foundation
import MVIKit
import MVIKitNavigation
import Testing

/// A row for the encoding tests.
private struct Line: Codable, Equatable, Identifiable, Sendable {
  var id: Int
  var text: String
}

/// An intent for the encoding tests, with and without associated values.
private enum Action: Codable, Equatable, Sendable {
  case confirmed(Int)
  case dismissed
}

/// Encodes `value` to JSON and decodes it back.
private func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
  try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
}

/// Decodes `Value` from JSON text.
private func decode<Value: Decodable>(_: Value.Type, _ json: String) throws -> Value {
  try JSONDecoder().decode(Value.self, from: Data(json.utf8))
}

/// The JSON of `value`, with sorted keys.
private func json(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// The description of a `DecodingError.dataCorrupted`, or nil for any other error.
private func corruption(_ error: (any Error)?) -> String? {
  guard case .dataCorrupted(let context) = error as? DecodingError else { return nil }
  return context.debugDescription
}

@Suite struct CodableTests {
  @Test func keyedEncodesItsIDAndValue() throws {
    let keyed = Keyed(Int64(7), Action.confirmed(3))
    #expect(try roundTrip(keyed) == keyed)
    #expect(try json(Keyed(2, "hi")) == #"{"id":2,"value":"hi"}"#)
  }

  @Test func rowsEncodeAsAnArrayOfTheirElementsInOrder() throws {
    let rows: Rows<Line> = [Line(id: 3, text: "c"), Line(id: 1, text: "a"), Line(id: 2, text: "b")]
    #expect(try json(rows) == #"[{"id":3,"text":"c"},{"id":1,"text":"a"},{"id":2,"text":"b"}]"#)
    let decoded = try roundTrip(rows)
    #expect(decoded == rows)
    #expect(decoded.ids == [3, 1, 2])
  }

  @Test func decodedRowsAreReachableByID() throws {
    var decoded = try decode(Rows<Line>.self, #"[{"id":5,"text":"e"},{"id":9,"text":"i"}]"#)
    #expect(decoded[id: 9] == Line(id: 9, text: "i"))
    #expect(decoded[id: 1] == nil)
    decoded.update(id: 5) { $0.text = "E" }
    decoded.remove(id: 9)
    #expect(Array(decoded) == [Line(id: 5, text: "E")])
  }

  @Test func emptyRowsRoundTrip() throws {
    #expect(try json(Rows<Line>()) == "[]")
    #expect(try roundTrip(Rows<Line>()).isEmpty)
  }

  @Test func rowsWithARepeatedIDDoNotDecode() {
    let error = #expect(throws: DecodingError.self) {
      try decode(Rows<Line>.self, #"[{"id":1,"text":"a"},{"id":2,"text":"b"},{"id":1,"text":"c"}]"#)
    }
    let description = corruption(error)
    #expect(description?.contains("more than one row with id 1") == true)
    #expect(description?.contains("position 2") == true)
  }

  @Test func aStackKeepsItsScreensIDsAndTheNextID() throws {
    var stack = NavigationStackState(["home", "list"])
    stack.push("detail")
    stack.pop()
    stack.push("settings")
    #expect(stack.ids == [0, 1, 3])
    #expect(
      try json(stack)
        == #"{"entries":[{"element":"home","id":0},{"element":"list","id":1},"#
        + #"{"element":"settings","id":3}],"nextID":4}"#)
    var decoded = try roundTrip(stack)
    #expect(decoded == stack)
    #expect(decoded.ids == [0, 1, 3])
    #expect(decoded[id: 3] == "settings")
    // The decoded stack hands out the id the encoded one would have.
    #expect(decoded.push("about") == stack.push("about"))
    #expect(decoded == stack)
  }

  @Test func anEmptyStackRoundTrips() throws {
    let decoded = try roundTrip(NavigationStackState<String>())
    #expect(decoded.isEmpty)
  }

  @Test func aStackWithARepeatedIDDoesNotDecode() {
    let error = #expect(throws: DecodingError.self) {
      try decode(
        NavigationStackState<String>.self,
        #"{"entries":[{"id":0,"element":"a"},{"id":0,"element":"b"}],"nextID":1}"#)
    }
    #expect(corruption(error)?.contains("more than one screen with id 0") == true)
  }

  @Test func aStackWhoseNextIDIsTakenDoesNotDecode() {
    let taken = #expect(throws: DecodingError.self) {
      try decode(
        NavigationStackState<String>.self,
        #"{"entries":[{"id":0,"element":"a"},{"id":4,"element":"b"}],"nextID":4}"#)
    }
    #expect(corruption(taken)?.contains("nextID 4") == true)
    let negative = #expect(throws: DecodingError.self) {
      try decode(NavigationStackState<String>.self, #"{"entries":[],"nextID":-1}"#)
    }
    #expect(corruption(negative)?.contains("nextID -1") == true)
  }

  @Test func aStackWithoutItsNextIDDoesNotDecode() {
    #expect(throws: DecodingError.self) {
      try decode(NavigationStackState<String>.self, #"{"entries":[]}"#)
    }
  }

  @Test func everyNavigationIntentRoundTrips() throws {
    let intents: [NavigationIntent<Action>] = [
      .push(.confirmed(1)), .push(.dismissed), .pop, .popTo(2), .popToRoot, .setPath([0, 2]),
      .setPath([]),
    ]
    #expect(try roundTrip(intents) == intents)
  }

  @Test func aPushDecodesToTheSameScreenAsItsIntent() throws {
    var stack = NavigationStackState<String>()
    stack.apply(try roundTrip(NavigationIntent.push("first")))
    stack.apply(try roundTrip(NavigationIntent.push("second")))
    stack.apply(try roundTrip(NavigationIntent<String>.pop))
    #expect(stack.elements == ["first"])
  }

  @Test func anAlertRoundTripsWithItsButtons() throws {
    let alert = AlertState(
      title: "Delete this line?", message: "It cannot be undone.",
      buttons: [
        .destructive("Delete", send: Action.confirmed(4)), .cancel("Keep"),
        AlertButton("Later", send: .dismissed),
      ],
      dismissed: .dismissed)
    let decoded = try roundTrip(alert)
    #expect(decoded == alert)
    #expect(decoded.buttons.map(\.role) == [.destructive, .cancel, .plain])
    #expect(decoded.buttons[1].intent == nil)
  }

  @Test func anAlertWithoutButtonsRoundTrips() throws {
    let alert = AlertState(title: "Saved", dismissed: Action.dismissed)
    #expect(try roundTrip(alert) == alert)
    #expect(try roundTrip(Optional(alert)) == alert)
  }
}
