import Foundation

/// The posters, drawn once per process.
enum PosterGallery {
  struct Entry: Sendable {
    let title: String
    let files: [PosterFormat: [UInt8]]
  }

  static let width = 240
  static let height = 360

  static let shared: [Entry] = PosterTheme.allCases.compactMap { theme in
    var canvas = Canvas(width: width, height: height)
    theme.paint(on: &canvas)
    canvas.title(theme.title)
    var files: [PosterFormat: [UInt8]] = [:]
    for format in PosterFormat.allCases {
      files[format] = PosterEncoder.encode(
        canvas.rgb, width: canvas.width, height: canvas.height, as: format)
    }
    return files.isEmpty ? nil : Entry(title: theme.title, files: files)
  }
}
