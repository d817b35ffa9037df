import Foundation

/// The page's three files, read once from the package's resources.
struct InspectorPage: Sendable {
  let html: Data
  let css: Data
  let script: Data

  static func load() throws(InspectorError) -> InspectorPage {
    func file(_ name: String, _ type: String) throws(InspectorError) -> Data {
      guard
        let url = Bundle.module.url(
          forResource: name, withExtension: type, subdirectory: "Resources"),
        let data = try? Data(contentsOf: url)
      else { throw .pageMissing("\(name).\(type)") }
      return data
    }
    return InspectorPage(
      html: try file("index", "html"), css: try file("inspector", "css"),
      script: try file("inspector", "js"))
  }
}
