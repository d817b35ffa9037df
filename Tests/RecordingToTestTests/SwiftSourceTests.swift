import Foundation
import MVIKitRecording
import Testing

/// What a test made from a recording writes for each kind of value; each must be source that
/// compiles back to the value, which the generated tests in `Generated/` show for real.
@Suite struct SwiftSourceTests {
  enum Move: Codable, Equatable {
    case reset
    case step(Int)
    case moved(from: Int, to: Int)
    case picked(id: Int)
    indirect case nested(Move?)
    case titled(Title)
    case noted(note: String?, count: Int)
  }

  enum Filter: String, Codable { case all, active }

  struct Title: Codable, Equatable {
    var text: String
  }

  @Test func scalarsAreLiterals() {
    #expect(SwiftSource.expression(for: "say \"hi\"\n") == #""say \"hi\"\n""#)
    #expect(SwiftSource.expression(for: 42) == "42")
    #expect(SwiftSource.expression(for: UInt8(7)) == "7")
    #expect(SwiftSource.expression(for: 2.5) == "2.5")
    #expect(SwiftSource.expression(for: Double.infinity) == ".infinity")
    #expect(SwiftSource.expression(for: true) == "true")
    #expect(SwiftSource.expression(for: Int?.none as Any) == "nil")
    #expect(SwiftSource.expression(for: [1, 2]) == "[1, 2]")
    let id = UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!
    #expect(
      SwiftSource.expression(for: id)
        == #"UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!"#)
  }

  @Test func enumCasesKeepTheirLabels() {
    #expect(SwiftSource.expression(for: Move.reset) == ".reset")
    #expect(SwiftSource.expression(for: Move.step(3)) == ".step(3)")
    #expect(SwiftSource.expression(for: Move.moved(from: 1, to: 2)) == ".moved(from: 1, to: 2)")
    // A single labelled payload: Mirror drops the label, the JSON keeps it.
    #expect(SwiftSource.expression(for: Move.picked(id: 9)) == ".picked(id: 9)")
    #expect(SwiftSource.expression(for: Move.nested(.step(1))) == ".nested(.step(1))")
    #expect(
      SwiftSource.expression(for: Move.noted(note: nil, count: 2)) == ".noted(note: nil, count: 2)")
    // A lone payload that is nil leaves no label in the JSON: the case is decoded whole.
    #expect(SwiftSource.expression(for: Move.nested(nil)) == ##"recordedValue(#"{"nested":{}}"#)"##)
    #expect(SwiftSource.expression(for: Filter.active) == ".active")
  }

  @Test func structsAreDecodedFromTheirJSON() {
    #expect(
      SwiftSource.expression(for: Move.titled(Title(text: "milk")))
        == ##".titled(recordedValue(#"{"text":"milk"}"#))"##)
  }

  @Test func aRawStringHasTheHashesItsTextNeeds() {
    #expect(SwiftSource.rawString("plain") == ##"#"plain"#"##)
    #expect(SwiftSource.rawString(##"a"#b"##) == ###"##"a"#b"##"###)
    #expect(SwiftSource.rawString(##"a\#b"##) == ###"##"a\#b"##"###)
  }
}
