import Foundation
import MVIKit
import Testing

/// Keeps the Swift code that the docs show identical to code this package compiles, so that a
/// reader who pastes it gets code that builds.
///
/// The rule, for each ```swift block of a checked document: lines are compared with leading and
/// trailing whitespace trimmed and blank lines dropped; each `import` line must be an import of
/// the compiled file, except `@testable import MyApp`, the reader's own module in the README;
/// all other lines must appear in that file in the same order, with nothing in between.
/// A block that imports SwiftUI, UIKit or PackageDescription is not checked, as these tests
/// cannot import them; such a sample must show that import.
@Suite(.timeLimit(.minutes(1))) struct ReadmeTests {
  @Test func readmeSwiftBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "README.md",
      against: ["Tests/MVIKitTests/ReadmeSnippets.swift", "Sources/CounterExample/Counter.swift"])
    // The model, main.swift and the test; the manifest imports PackageDescription.
    #expect(checked == 3)
  }

  @Test func gettingStartedArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKit/MVIKit.docc/GettingStartedWithSwiftUIAndUIKit.md",
      against: ["Tests/MVIKitTests/GettingStartedArticleExample.swift"])
    // The counter, the fact service, the row and the list; the rest are SwiftUI or UIKit.
    #expect(checked == 4)
  }

  @Test func persistenceArticleBlocksAreCompiledCode() throws {
    let source = ["Tests/MVIKitPersistenceTests/ArticleExample.swift"]
    let landing = try DocumentedCode.check(
      "Sources/MVIKitPersistence/MVIKitPersistence.docc/MVIKitPersistence.md", against: source)
    let article = try DocumentedCode.check(
      "Sources/MVIKitPersistence/MVIKitPersistence.docc/KeepingStateAcrossLaunches.md",
      against: source)
    // The landing page's model and store; the article's declaration, store, migration and
    // two tests.
    #expect(landing == 2)
    #expect(article == 5)
  }

  @Test @MainActor func theSixtySecondExampleEndsAndPrintsWhatItSays() async {
    let output = Output()
    let ended = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await ReadmeExample.main(print: { output.lines.append(String(describing: $0)) })
        return true
      }
      // A hang, not a slow run: under ThreadSanitizer other suites hold the main actor for
      // seconds at a time (a million-intent chain is one synchronous send), and the README's
      // main waits its turn behind them.
      group.addTask {
        try? await Task.sleep(for: .seconds(60))
        return false
      }
      let first = await group.next() ?? false
      // Ends the loser: the sleep, or a main that hangs (its side-effect loop ends on cancel).
      group.cancelAll()
      return first
    }
    #expect(ended, "the README's main.swift did not end within 60 s")
    #expect(output.lines == ["1", "1 is odd", #"toast("Loaded")"#])
  }

  @Test @MainActor func theReadmeCounterBehavesLikeCounterExample() async {
    let steps: [Step] = [
      .increment, .factTapped, .increment, .factLoaded("given"), .factFailed("refused"),
    ]
    for fact in [Self.answers, Self.fails] {
      let readme = await Self.run(
        ReadmeExample.Counter(fact: fact), ReadmeExample.Counter.State(), steps,
        intent: { step in
          switch step {
          case .increment: .increment
          case .factTapped: .factTapped
          case .factLoaded(let text): .factLoaded(text)
          case .factFailed(let text): .factFailed(text)
          }
        },
        snapshot: { Snapshot(count: $0.count, fact: $0.fact, isLoading: $0.isLoading) },
        toast: { sideEffect in
          switch sideEffect {
          case .toast(let text): text
          }
        })
      let shared = await Self.run(
        Counter(fact: fact), Counter.State(), steps,
        intent: { step in
          switch step {
          case .increment: .increment
          case .factTapped: .factTapped
          case .factLoaded(let text): .factLoaded(text)
          case .factFailed(let text): .factFailed(text)
          }
        },
        snapshot: { Snapshot(count: $0.count, fact: $0.fact, isLoading: $0.isLoading) },
        toast: { sideEffect in
          switch sideEffect {
          case .toast(let text): text
          }
        })
      #expect(readme == shared)
    }
  }

  private static let answers: @Sendable (Int) async throws -> String = { "\($0) is odd" }
  private static let fails: @Sendable (Int) async throws -> String = { _ in throw FactError() }

  private enum Step {
    case increment, factTapped
    case factLoaded(String)
    case factFailed(String)
  }

  private struct Snapshot: Equatable {
    var count: Int
    var fact: String?
    var isLoading: Bool
    var toasts: [String] = []
  }

  /// The state after each step, once its effects are done, and the toasts emitted so far.
  @MainActor
  private static func run<M: Model>(
    _ model: M, _ initialState: M.State, _ steps: [Step],
    intent: (Step) -> M.Intent,
    snapshot: (M.State) -> Snapshot,
    toast: @escaping (M.SideEffect) -> String
  ) async -> [Snapshot] {
    let toasts = Output()
    let store = Store(
      initialState: initialState, model: model,
      attaching: [
        FlowObserver { event in
          if case .sideEffect(let sideEffect) = event { toasts.lines.append(toast(sideEffect)) }
        }
      ])
    var snapshots: [Snapshot] = []
    for step in steps {
      await store.send(intent(step)).finish()
      var taken = snapshot(store.state)
      taken.toasts = toasts.lines
      snapshots.append(taken)
    }
    return snapshots
  }
}

/// What a test collects on the main actor while code under test runs.
@MainActor
private final class Output {
  var lines: [String] = []
}

/// The ```swift blocks of a document, checked against the files that compile them.
enum DocumentedCode {
  /// The package's root folder: this file is Tests/MVIKitTests/ReadmeTests.swift.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Records an issue for each block of `document` that is in none of `sources`; returns how
  /// many blocks were checked.
  static func check(
    _ document: String, against sources: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Int {
    let blocks = swiftBlocks(in: try read(document))
    let compiled = try sources.map { try significantLines(of: read($0)) }
    var checked = 0
    for block in blocks where !block.isUnchecked {
      checked += 1
      let failures = zip(sources, compiled).map { source, lines in
        (source, mismatch(block.lines, in: lines))
      }
      guard failures.allSatisfy({ $0.1 != nil }) else { continue }
      let report = failures.map { "\($0.0): \($0.1 ?? "")" }.joined(separator: "\n")
      Issue.record(
        "\(document):\(block.line): this swift block is not compiled code.\n\(report)",
        sourceLocation: sourceLocation)
    }
    return checked
  }

  struct Block {
    /// The line of the opening fence, counting from 1.
    let line: Int
    let lines: [String]

    /// Whether the block imports a module these tests cannot import.
    var isUnchecked: Bool {
      lines.contains {
        ["import SwiftUI", "import UIKit", "import PackageDescription"].contains($0)
      }
    }
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appending(path: path), encoding: .utf8)
  }

  static func swiftBlocks(in markdown: String) -> [Block] {
    var blocks: [Block] = []
    var open: (line: Int, lines: [String])?
    for (index, raw) in markdown.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if let current = open {
        if line == "```" {
          blocks.append(Block(line: current.line, lines: significantLines(of: current.lines)))
          open = nil
        } else {
          open?.lines.append(String(raw))
        }
      } else if line == "```swift" {
        open = (index + 1, [])
      }
    }
    return blocks
  }

  static func significantLines(of text: String) -> [String] {
    significantLines(
      of: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
  }

  static func significantLines(of lines: [String]) -> [String] {
    lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  static func isImport(_ line: String) -> Bool {
    line.hasPrefix("import ") || line.hasPrefix("@testable import ")
  }

  /// Nil when `block` is in `source` by the rule above; otherwise what is missing.
  static func mismatch(_ block: [String], in source: [String]) -> String? {
    let imports = Set(source.filter(isImport))
    if let missing = block.first(where: {
      isImport($0) && !imports.contains($0) && $0 != "@testable import MyApp"
    }) {
      return "no `\(missing)`"
    }
    let code = block.filter { !isImport($0) }
    guard !code.isEmpty else { return nil }
    // The longest run of the block's lines found anywhere, to name the first line that differs.
    var longest = 0
    for start in source.indices {
      var matched = 0
      while matched < code.count, start + matched < source.count,
        source[start + matched] == code[matched]
      {
        matched += 1
      }
      if matched == code.count { return nil }
      longest = max(longest, matched)
    }
    let after = longest == 0 ? "" : " after \(longest) matching lines"
    return "`\(code[longest])` not found\(after)"
  }
}
