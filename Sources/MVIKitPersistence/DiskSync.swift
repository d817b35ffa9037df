#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes a file's written bytes reach the disk itself, as SQLite does.
///
/// On Apple platforms `fsync` hands the bytes to the drive, whose cache may still lose them in a
/// power loss; `fcntl(F_FULLFSYNC)` asks the drive to write its cache out. Some file systems
/// (network and FAT volumes, among others) refuse `F_FULLFSYNC`, so a refusal falls back to
/// `fsync`, the best those offer. Elsewhere `fsync` already reaches the disk.
struct DiskSync {
  /// The strong sync, when the platform has one: 0 on success, as the system calls answer.
  var full: ((Int32) -> Int32)?
  /// `fsync`.
  var plain: (Int32) -> Int32

  /// The platform's calls.
  static var platform: DiskSync {
    #if canImport(Darwin)
      DiskSync(full: { fcntl($0, F_FULLFSYNC) }, plain: { fsync($0) })
    #else
      DiskSync(full: nil, plain: { fsync($0) })
    #endif
  }

  /// Syncs `descriptor`; true when the bytes reached the disk, false (with `errno` set by the
  /// last call) when neither call could sync it.
  func sync(_ descriptor: Int32) -> Bool {
    if let full, full(descriptor) == 0 { return true }
    return plain(descriptor) == 0
  }
}
