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
}
