import Testing

@testable import MVIKit

/// How the store tells whether a step changed its state: by `==` when the state is
/// `Equatable`, looked up once; never equal otherwise.
@Suite struct EqualityTests {
  struct Plain { var cells: [Int] }
  struct Compared: Equatable {
    var cells: [Int]
    var title: String
  }
  final class Shared: Equatable {
    let id: Int
    init(id: Int) { self.id = id }
    static func == (lhs: Shared, rhs: Shared) -> Bool { lhs.id == rhs.id }
  }
  enum Screen: Equatable {
    case list([Compared])
    case detail(id: Int)
  }

  @Test func anEquatableValueComparesByItsOwnEquality() {
    let equality = Equality<Compared>()
    let value = Compared(cells: Array(0..<100), title: "milk")
    var changed = value
    changed.cells[99] = -1
    #expect(equality.areEqual(value, value))
    #expect(equality.areEqual(value, Compared(cells: Array(0..<100), title: "milk")))
    #expect(!equality.areEqual(value, changed))
    #expect(!equality.areEqual(value, Compared(cells: value.cells, title: "bread")))
  }

  @Test func classesAndEnumsUseTheirEquality() {
    let classes = Equality<Shared>()
    #expect(classes.areEqual(Shared(id: 1), Shared(id: 1)))
    #expect(!classes.areEqual(Shared(id: 1), Shared(id: 2)))
    let screens = Equality<Screen>()
    #expect(screens.areEqual(.detail(id: 3), .detail(id: 3)))
    #expect(!screens.areEqual(.detail(id: 3), .list([])))
    let optionals = Equality<Int?>()
    #expect(optionals.areEqual(nil, nil))
    #expect(!optionals.areEqual(1, nil))
  }

  @Test func aValueThatIsNotEquatableIsNeverEqual() {
    let equality = Equality<Plain>()
    let value = Plain(cells: [1, 2])
    #expect(!equality.areEqual(value, value))
  }

  @Test func anExistentialIsComparedOnlyWhenItsTypeSaysSo() {
    // `any Equatable` values of one type compare only through their type: the existential
    // itself does not conform, so they are never equal here, as before.
    let anything = Equality<Any>()
    #expect(!anything.areEqual(1, 1))
  }
}
