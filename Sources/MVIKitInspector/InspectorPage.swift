import Foundation

/// The page, read once from the package's resources: `index.html`, and the files it loads (its
/// style, its script and the ES modules that script imports), served as they are.
struct InspectorPage: Sendable {
  /// A file the page loads, with the type it is served as.
  struct File: Sendable {
    let contentType: String
    let data: Data
  }

  let html: Data
  /// Every `.css`, `.js` and `.mjs` file of the Resources folder, by file name: a module added
  /// there is served without a route of its own.
  let files: [String: File]

  /// The content type of each kind of file the page loads; the folder's other files are not
  /// served.
  static let contentTypes = [
    "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
    "mjs": "text/javascript; charset=utf-8",
  ]

  static func load() throws(InspectorError) -> InspectorPage {
    // The folder is found through index.html, the way the page's files were always found: a
    // bundle finds a file alike on every platform.
    guard
      let index = Bundle.module.url(
        forResource: "index", withExtension: "html", subdirectory: "Resources"),
      let html = try? Data(contentsOf: index)
    else { throw .pageMissing("index.html") }
    let folder = index.deletingLastPathComponent()
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      throw .pageMissing("Resources")
    }
    var files: [String: File] = [:]
    for name in names {
      let url = folder.appendingPathComponent(name)
      guard let contentType = contentTypes[url.pathExtension] else { continue }
      guard let data = try? Data(contentsOf: url) else { throw .pageMissing(name) }
      files[name] = File(contentType: contentType, data: data)
    }
    // The two that index.html names: without them the page would stay blank.
    for name in ["inspector.css", "inspector.js"] where files[name] == nil {
      throw .pageMissing(name)
    }
    return InspectorPage(html: html, files: files)
  }

  /// The file a request's path names (`/steps.mjs`), looked up by its exact file name: no path
  /// reaches outside the files read at start.
  func file(at path: String) -> File? {
    guard path.hasPrefix("/") else { return nil }
    return files[String(path.dropFirst())]
  }
}
