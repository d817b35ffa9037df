import MVIKit
import Testing

// The list of rows as a value, without a store.
@Suite struct RowsCollectionTests {
  struct Tag: Equatable, Identifiable, Sendable {
    let id: String
    var count = 0
  }

  @Test func rowsAreOrderedUniqueAndReachableByID() {
    var rows = Rows([Tag(id: "a"), Tag(id: "b"), Tag(id: "a", count: 9)])
    #expect(rows.ids == ["a", "b"])
    let appended = rows.append(Tag(id: "c"))
    let replaced = !rows.append(Tag(id: "a", count: 1))
    #expect(appended && replaced)
    #expect(rows[id: "a"]?.count == 1)
    rows.insert(Tag(id: "z"), at: 0)
    rows.move(id: "c", to: 1)
    #expect(rows.ids == ["z", "c", "a", "b"])
    rows[id: "b"] = nil
    let missing = rows.remove(id: "missing")
    #expect(missing == nil)
    rows.removeAll { $0.id == "z" }
    #expect(rows.ids == ["c", "a"])
    #expect(rows.map(\.id) == ["c", "a"])
    rows[id: "c"]?.count += 2
    #expect(rows[id: "c"]?.count == 2)
  }

  @Test func aRowStoredUnderAnotherIDIsStillFoundByItsOwnID() {
    var rows: Rows = [Tag(id: "a"), Tag(id: "b")]
    rows[id: "a"] = Tag(id: "c", count: 3)
    #expect(rows.ids == ["c", "b"])
    #expect(rows[id: "c"]?.count == 3)
    #expect(rows[id: "a"] == nil)
    rows[id: "c"] = Tag(id: "b", count: 7)
    #expect(rows.ids == ["b"])
    #expect(rows[id: "b"]?.count == 7)
  }

  @Test func equalityComparesRowsNotTheirHistory() {
    var edited: Rows = [Tag(id: "a")]
    edited[id: "a"]?.count = 1
    edited[id: "a"]?.count = 0
    #expect(edited == [Tag(id: "a")])
    #expect(edited != [Tag(id: "a", count: 1)])
  }

  @Test func structureRevisionChangesOnlyWhenRowsComeGoOrMove() {
    var rows: Rows = [Tag(id: "a"), Tag(id: "b")]
    let start = rows.structureRevision
    rows[id: "a"]?.count = 5
    #expect(rows.structureRevision == start)
    rows.move(id: "b", to: 0)
    #expect(rows.structureRevision != start)
  }
}
