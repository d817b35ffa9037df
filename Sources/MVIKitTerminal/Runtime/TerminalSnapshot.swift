/// Renders a view once, without a terminal.
public enum TerminalSnapshot {
  /// The grid that `view` draws at `size`.
  ///
  /// ```swift
  /// let grid = TerminalSnapshot.render(Text("Hi").bold(), size: Size(width: 10, height: 1))
  /// #expect(grid.text == ["Hi        "])
  /// ```
  @MainActor
  public static func render(_ view: some View, size: Size) -> Grid {
    HeadlessTerminal(size: size) { view }.grid
  }
}
