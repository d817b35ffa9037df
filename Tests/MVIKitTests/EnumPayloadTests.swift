import Testing

@testable import MVIKit

/// The direct read of an enum case's payload that a ``CaseLink`` uses after its first read.
@Suite struct EnumPayloadTests {
  @Test func enumsWithInlinePayloadsAreReadDirectlyOthersByReflection() {
    #expect(EnumWitnesses(Pane.State.self) != nil)
    #expect(EnumWitnesses(Int?.self) != nil)
    #expect(EnumWitnesses(Outline.State.self) == nil)
    #expect(EnumWitnesses(Window.State.self) == nil)
    #expect(EnumWitnesses(Int.self) == nil)
  }

  @Test func theDirectReadFindsOnlyItsOwnCase() {
    let editor = EnumPayload<Pane.State, Sheet.State>(embed: Pane.State.editor)
    // Unknown until the case is first seen.
    #expect(editor.extract(.preview(Sheet.State(text: "p"))) == nil)
    #expect(editor.extract(.empty) == nil)
    #expect(editor.extract(.editor(Sheet.State(text: "e"))) == Sheet.State(text: "e"))
    // From here on, read directly.
    #expect(editor.extract(.preview(Sheet.State(text: "p"))) == nil)
    #expect(editor.extract(.empty) == nil)
    let long = Sheet.State(text: String(repeating: "x", count: 1_000), ticks: 3)
    #expect(editor.extract(.editor(long)) == long)
  }

  @Test func aPayloadIsChangedInPlaceWhateverTheEnumsLayout() {
    checkInPlace(Numbers.first, 1, 2, other: .second(1))
    checkInPlace(Numbers.second, 1, 2, other: .none)
    checkInPlace(Texts.first, "a", String(repeating: "b", count: 100), other: .third("a"))
    checkInPlace(Texts.second, "a", String(repeating: "b", count: 100), other: .first("a"))
    checkInPlace(Texts.third, String(repeating: "a", count: 100), "b", other: .second("b"))
    checkInPlace(Single.value, "a", String(repeating: "b", count: 100), other: .gone)
    checkInPlace(Mixed.small, 1, 2, other: .large(.init(a: 1, b: 2, c: 3)))
    checkInPlace(Mixed.large, .init(a: 1, b: 2, c: 3), .init(a: 4, b: 5, c: 6), other: .text("a"))
    checkInPlace(Mixed.text, "a", String(repeating: "b", count: 100), other: .small(1))
    checkInPlace(Refs.second, Ref(1), Ref(2), other: .third(Ref(1)))
    checkInPlace(Refs.third, Ref(1), Ref(2), other: .first(Ref(3)))
  }

  // Whether a case skips the projection witnesses depends on where the enum keeps its tags;
  // these follow the layouts of Swift 6.3 on a 64-bit machine.
  @Test func aCaseWhoseTagLiesOutsideItsPayloadSkipsTheProjection() {
    // Tags in a byte after the payloads: numbers have no spare bits, nor have strings bits
    // in common with the other cases' payloads.
    #expect(checkInPlace(Numbers.first, 1, 2, other: .second(1)))
    #expect(checkInPlace(Numbers.second, 1, 2, other: .first(1)))
    #expect(checkInPlace(Texts.second, "a", "b", other: .first("a")))
    // Tags in the spare bits of references: only the first case's tag is all zero bits.
    #expect(checkInPlace(Refs.first, Ref(1), Ref(2), other: .second(Ref(1))))
    #expect(!checkInPlace(Refs.second, Ref(1), Ref(2), other: .first(Ref(1))))
    #expect(!checkInPlace(Refs.third, Ref(1), Ref(2), other: .second(Ref(1))))
  }
}

/// Payloads with no spare bits.
private enum Numbers: Equatable, Sendable {
  case first(Int)
  case second(Int)
  case none
}
/// Payloads of the same type with spare bits.
private enum Texts: Equatable, Sendable {
  case first(String)
  case second(String)
  case third(String)
}
/// Payloads whose spare bits hold the tags.
private enum Refs: Equatable, Sendable {
  case first(Ref)
  case second(Ref)
  case third(Ref)
}
private final class Ref: Equatable, Sendable {
  let value: Int
  init(_ value: Int) { self.value = value }
  static func == (lhs: Ref, rhs: Ref) -> Bool { lhs.value == rhs.value }
}
/// One payload; the other cases are values the payload never takes.
private enum Single: Equatable, Sendable {
  case value(String)
  case empty, gone
}
/// Payloads of different sizes.
private enum Mixed: Equatable, Sendable {
  case small(Int8)
  case large(Triple)
  case text(String)
  struct Triple: Equatable, Sendable { var a, b, c: Int }
}

/// Learns `embed`'s case from `value`, then changes its payload in place to `changed`, and
/// checks that only that case is read and changed; returns whether the case's payload is
/// reached as it lies.
@discardableResult
private func checkInPlace<Root: Equatable, Value: Equatable>(
  _ embed: @escaping @Sendable (Value) -> Root, _ value: Value, _ changed: Value, other: Root,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  let payload = EnumPayload<Root, Value>(embed: embed)
  #expect(payload.extract(embed(value)) == value, sourceLocation: sourceLocation)
  var root = embed(value)
  let result = payload.inPlace?.modify(&root) { payload -> Int in
    payload = changed
    return 1
  }
  #expect(result == 1, sourceLocation: sourceLocation)
  #expect(root == embed(changed), sourceLocation: sourceLocation)
  var another = other
  #expect(payload.inPlace?.modify(&another) { _ in 1 } == nil, sourceLocation: sourceLocation)
  #expect(another == other, sourceLocation: sourceLocation)
  #expect(payload.extract(other) == nil, sourceLocation: sourceLocation)
  #expect(payload.extract(root) == changed, sourceLocation: sourceLocation)
  // Learned: the case's payload is reached with no witness but the tag's.
  return payload.tag.pointee >= 0
    && payload.tag.pointee & EnumPayload<Root, Value>.InPlace.asIs != 0
}
