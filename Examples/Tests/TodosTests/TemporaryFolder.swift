import Foundation

/// A fresh folder under the system's temporary directory, removed by `remove()`.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appending(path: "mvikit-todos-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var databaseURL: URL { url.appending(path: "todos.sqlite") }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// Runs `body` with a fresh temporary folder and removes the folder afterwards.
func withTemporaryFolder<T>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (TemporaryFolder) async throws -> T
) async throws -> T {
  let folder = try TemporaryFolder()
  defer { folder.remove() }
  return try await body(folder)
}
