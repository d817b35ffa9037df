import Foundation
import MVIKit
import MVIKitTerminal

/// The Poster screen: the button, a spinner while fetching, and the poster as large as the
/// space left, with its title under it. Failures arrive as toasts from side effects.
public struct PosterView: View {
  let store: Store<PosterModel>

  /// A view of `store`'s poster.
  public init(store: Store<PosterModel>) {
    self.store = store
  }

  /// The screen for the current state.
  public var body: some View {
    VStack(alignment: .center) {
      HStack {
        Button("Get Poster!") { store.send(.getPosterTapped) }
        if store.isLoading {
          Spinner(Self.fetchingLabel(store.download)).foreground(.yellow)
        }
      }
      if let poster = store.poster {
        PosterImage(image: poster.image, kind: "\(poster.format.rawValue) poster")
        Text(store.title ?? "").bold()
        Text(Self.caption(poster)).dim()
      } else {
        // Fills the screen like a poster would, so the frame does not jump when one arrives.
        Text("Press g or the button for a poster.").dim().expanding(alignment: .center)
      }
    }
    .onKey("g", help: "Get poster") { store.send(.getPosterTapped) }
  }

  /// What was fetched: format, pixel size and file size.
  static func caption(_ poster: Poster) -> String {
    "\(poster.format.rawValue) \(poster.image.width)×\(poster.image.height), "
      + fileSize(poster.byteCount)
  }

  /// What the spinner says: how much has arrived, once a download is slow enough to say.
  static func fetchingLabel(_ download: DownloadProgress?) -> String {
    guard let download else { return "Fetching…" }
    let total = download.expected.map { " of \(fileSize($0))" } ?? ""
    return "Fetching… \(fileSize(download.received))\(total)"
  }

  /// A file size as people read it: bytes below a kilobyte, then KB and MB with one decimal
  /// below ten.
  static func fileSize(_ bytes: Int) -> String {
    func scaled(_ value: Double, _ unit: String) -> String {
      value < 9.95 ? String(format: "%.1f", value) + " \(unit)" : "\(Int(value.rounded())) \(unit)"
    }
    if bytes < 1_024 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
    if bytes < 1_024 * 1_024 { return scaled(Double(bytes) / 1_024, "KB") }
    return scaled(Double(bytes) / (1_024 * 1_024), "MB")
  }
}

/// The poster at full resolution, in a frame that takes the height and width the stack has
/// left; the terminal `Image` then shrinks it, keeping its aspect, to exactly that space.
struct PosterImage: View {
  /// The last image converted, and its conversion. Converting a poster's 86,400 pixels takes
  /// tens of milliseconds in a debug build, and the body is evaluated for every frame (each
  /// key, each spinner step), while the poster changes only when a new one arrives.
  private static var converted: (source: RGBImage, kind: String, image: Image)?

  let image: RGBImage
  /// What the image is, for the caption a terminal without colour shows in its place.
  let kind: String

  var body: some View {
    // As large as the window allows: a small poster grows, a large one shrinks.
    terminalImage.resizable().expanding(alignment: .center)
  }

  private var terminalImage: Image {
    // Equal images almost always share their pixel buffer, which makes this check instant.
    if let converted = Self.converted, converted.source == image, converted.kind == kind {
      return converted.image
    }
    // `terminalImage` only ever shrinks, so asking for the image's own size keeps every
    // pixel and leaves the fitting to the layout, which knows the window's size.
    let fresh = image.terminalImage(
      columns: image.width, rows: (image.height + 1) / 2, kind: kind)
    Self.converted = (image, kind, fresh)
    return fresh
  }
}
