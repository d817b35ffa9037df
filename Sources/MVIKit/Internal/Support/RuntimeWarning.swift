import Foundation

/// Writes a misuse that MVIKit survived to standard error, for when no flow observer listens.
@usableFromInline
func writeRuntimeWarning(_ message: String) {
  try? FileHandle.standardError.write(contentsOf: Data("MVIKit: \(message)\n".utf8))
}
