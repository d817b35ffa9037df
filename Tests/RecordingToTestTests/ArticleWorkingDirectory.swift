import Foundation
import Testing

/// Runs `body` with the process's working directory in a new temporary folder, then restores
/// the directory and removes the folder: where the articles' code, run as written, reads and
/// writes its files by relative paths (`URL(filePath: "session.jsonl")`).
///
/// The working directory is the whole process's, so the articles' tests take it one at a time;
/// no other test of the package reads or writes a relative path.
@MainActor
func inTemporaryWorkingDirectory(_ body: @MainActor () async throws -> Void) async throws {
  while ArticleWorkingDirectory.isTaken {
    try await Task.sleep(for: .milliseconds(5))
  }
  ArticleWorkingDirectory.isTaken = true
  defer { ArticleWorkingDirectory.isTaken = false }
  let files = FileManager.default
  let previous = files.currentDirectoryPath
  let folder = files.temporaryDirectory.appending(path: "mvikit-article-\(UUID().uuidString)")
  try files.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? files.removeItem(at: folder) }
  try #require(files.changeCurrentDirectoryPath(folder.path))
  defer { _ = files.changeCurrentDirectoryPath(previous) }
  try await body()
}

/// Whether an article's test is in its temporary working directory.
@MainActor
private enum ArticleWorkingDirectory {
  static var isTaken = false
}
