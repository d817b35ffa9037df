import Testing

/// The terminal articles' Swift code kept identical to code this package compiles and runs, by
/// the rule of ``DocumentedCode``, as ArticleSnippetTests keeps the core articles'. The code is
/// in MVIKitTerminalTests and MVIKitTerminalIOTests, which can import the terminal; this module
/// cannot, so it reads those files by path.
@Suite(.timeLimit(.minutes(1))) struct TerminalArticleSnippetTests {
  @Test func buildingAScreenArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitTerminal/MVIKitTerminal.docc/BuildingAScreen.md",
      against: ["Tests/MVIKitTerminalTests/BuildingAScreenArticleExample.swift"])
    // The model, the view, the alert and key at the end of its body, main.swift and the test.
    #expect(checked == 5)
  }

  @Test func writingACustomWidgetArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitTerminal/MVIKitTerminal.docc/WritingACustomWidget.md",
      against: ["Tests/MVIKitTerminalTests/WritingACustomWidgetArticleExample.swift"])
    // The gauge, the box that shows it, the clicker and the test.
    #expect(checked == 4)
  }

  @Test func keysAndFocusArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitTerminal/MVIKitTerminal.docc/KeysAndFocus.md",
      against: ["Tests/MVIKitTerminalTests/KeysAndFocusArticleExample.swift"])
    // The title field whose focus follows the state.
    #expect(checked == 1)
  }

  @Test func terminalLandingPageBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitTerminal/MVIKitTerminal.docc/MVIKitTerminal.md",
      against: ["Tests/MVIKitTerminalTests/MVIKitTerminalArticleExample.swift"])
    // The counter app.
    #expect(checked == 1)
  }

  @Test func terminalIOLandingPageBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitTerminalIO/MVIKitTerminalIO.docc/MVIKitTerminalIO.md",
      against: ["Tests/MVIKitTerminalIOTests/MVIKitTerminalIOArticleExample.swift"])
    // The key decoder.
    #expect(checked == 1)
  }
}
