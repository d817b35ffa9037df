import Foundation

/// Explains in plain words why a folder could not be created.
enum FolderFailure {
  static func reason(for error: any Error, creating folder: URL) -> String {
    if let file = firstFileAncestor(of: folder) {
      return "\(file) is a file, not a folder."
    }
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code))) + "."
    }
    if nsError.code == CocoaError.fileWriteNoPermission.rawValue {
      return "Permission denied."
    }
    return nsError.localizedDescription
  }

  /// The nearest existing path above `folder`, or `folder` itself, that is a regular file.
  private static func firstFileAncestor(of folder: URL) -> String? {
    var current = folder.standardizedFileURL
    while current.path(percentEncoded: false) != "/" {
      var isFolder: ObjCBool = false
      let path = current.path(percentEncoded: false).trimmingTrailingSlash()
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
        return isFolder.boolValue ? nil : path
      }
      current = current.deletingLastPathComponent()
    }
    return nil
  }
}

extension String {
  fileprivate func trimmingTrailingSlash() -> String {
    count > 1 && hasSuffix("/") ? String(dropLast()) : self
  }
}
