import MVIKitTerminalIO
import Testing

// The MVIKitTerminalIO landing page's code, compiled and run here: MVIKitTests'
// TerminalArticleSnippetTests fails when the page's block is not found in this file line for
// line. Only MVIKitTerminalIO is imported, as on the page.

@Suite struct MVIKitTerminalIOArticleTests {
  @Test func thePagesDecoderTurnsALetterAndAnArrowIntoKeys() {
    var decoder = KeyDecoder()
    let keys = decoder.decode(Array("q\u{1B}[A".utf8))  // [.char("q"), .up]
    #expect(keys == [.char("q"), .up])
    #expect(!decoder.hasPending)
  }
}
