import Foundation
import Testing

@testable import MVIKit

/// The direct read of an enum case's payload that a ``CaseLink`` uses after its first read.
@Suite struct EnumPayloadTests {
  /// Without the reader (`MVIKIT_ENUM_PAYLOAD_READER=off`, `make test` runs this suite both
  /// ways), every enum is read by reflection, and every other test here holds as well.
  @Test func enumsWithInlinePayloadsAreReadDirectlyOthersByReflection() {
    #expect((EnumWitnesses(Pane.State.self) != nil) == EnumWitnesses.isReaderOn)
    #expect((EnumWitnesses(Int?.self) != nil) == EnumWitnesses.isReaderOn)
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

  @Test func genericPayloadsAreChangedInPlace() {
    checkInPlace(Wrapped<Int>.value, 1, 2, other: .empty)
    checkInPlace(Wrapped<String>.value, "a", String(repeating: "b", count: 100), other: .empty)
    checkInPlace(Wrapped<Ref>.value, Ref(1), Ref(2), other: .empty)
    checkInPlace(Either<Int, String>.left, 1, 2, other: .right("a"))
    checkInPlace(Either<Int, String>.right, "a", "b", other: .left(1))
    checkInPlace(Either<Ref, Ref>.right, Ref(1), Ref(2), other: .left(Ref(3)))
    checkInPlace(Int?.some, 1, 2, other: nil)
    checkInPlace(String?.some, "a", String(repeating: "b", count: 100), other: nil)
  }

  @Test func payloadsOfTypesFromOtherModulesAreChangedInPlace() throws {
    let first = try #require(URL(string: "https://example.com/a"))
    let second = try #require(URL(string: "https://example.com/b"))
    checkInPlace(Foreign.link, first, second, other: .moment(Date(timeIntervalSince1970: 1)))
    checkInPlace(
      Foreign.moment, Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2),
      other: .link(first))
    checkInPlace(Foreign.wait, .seconds(1), .milliseconds(5), other: .none)
    checkInPlace(Foreign.id, UUID(), UUID(), other: .none)
  }

  @Test func anEnumWithAnIndirectCaseIsReadByReflection() {
    #expect(EnumWitnesses(Tree.self) == nil)
    let leaf = EnumPayload<Tree, Int>(embed: Tree.leaf)
    #expect(leaf.inPlace == nil)
    #expect(leaf.extract(.leaf(3)) == 3)
    #expect(leaf.extract(.node(.leaf(1), .leaf(2))) == nil)
    var tree = Tree.leaf(3)
    #expect(
      leaf.modify(&tree) { value -> Int in
        value += 1
        return value
      } == 4)
    #expect(tree == .leaf(4))
  }

  /// Threads that learn one case's tag at once each write the same value; under `make tsan`
  /// this is where a plain write would be reported as a race.
  @Test func threadsLearningTheSameCaseAtOnceAgree() async {
    for _ in 0..<50 {
      let payload = EnumPayload<Numbers, Int>(embed: Numbers.second)
      let reads = await withTaskGroup(of: Int?.self) { group in
        for value in 0..<8 {
          group.addTask { payload.extract(.second(value)) }
          group.addTask { payload.extract(.first(value)) }
        }
        return await group.reduce(into: [Int?]()) { $0.append($1) }
      }
      #expect(reads.compactMap { $0 }.sorted() == Array(0..<8))
      #expect(payload.inPlace?.isLearned == (EnumWitnesses.isReaderOn ? true : nil))
    }
  }

  // Whether a case skips the projection witnesses depends on where the enum keeps its tags;
  // these follow the layouts of Swift 6.3 on a 64-bit machine.
  @Test(.enabled(if: EnumWitnesses.isReaderOn, "the reader is off"))
  func aCaseWhoseTagLiesOutsideItsPayloadSkipsTheProjection() {
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
/// A payload of a generic type, beside an empty case.
private enum Wrapped<T: Equatable & Sendable>: Equatable, Sendable {
  case value(T)
  case empty
}
/// Two generic payloads.
private enum Either<A: Equatable & Sendable, B: Equatable & Sendable>: Equatable, Sendable {
  case left(A)
  case right(B)
}
/// Payloads whose types other modules define, with layouts this module does not see.
private enum Foreign: Equatable, Sendable {
  case link(URL)
  case moment(Date)
  case wait(Duration)
  case id(UUID)
  case none
}
/// An indirect case: the payloads are boxed.
private indirect enum Tree: Equatable, Sendable {
  case leaf(Int)
  case node(Tree, Tree)
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
  // In place with the reader; copied out and written back without it.
  let result = payload.modify(&root) { payload -> Int in
    payload = changed
    return 1
  }
  #expect(result == 1, sourceLocation: sourceLocation)
  #expect(root == embed(changed), sourceLocation: sourceLocation)
  #expect((payload.inPlace != nil) == EnumWitnesses.isReaderOn, sourceLocation: sourceLocation)
  var another = other
  #expect(payload.modify(&another) { _ in 1 } == nil, sourceLocation: sourceLocation)
  #expect(another == other, sourceLocation: sourceLocation)
  #expect(payload.extract(other) == nil, sourceLocation: sourceLocation)
  #expect(payload.extract(root) == changed, sourceLocation: sourceLocation)
  // Learned: the case's payload is reached with no witness but the tag's.
  let known = EnumPayload<Root, Value>.InPlace.load(payload.tag)
  return known >= 0
    && known & EnumPayload<Root, Value>.InPlace.asIs != 0
}
