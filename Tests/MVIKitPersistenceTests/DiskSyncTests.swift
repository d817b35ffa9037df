import Foundation
import Testing

@testable import MVIKitPersistence

/// A state file is only durable when its sync reaches the disk: on Apple platforms that takes
/// `F_FULLFSYNC`, with `fsync` kept for the volumes that refuse it.
@Suite struct DiskSyncTests {
  final class Calls: @unchecked Sendable {
    var made: [String] = []
  }

  @Test func theFullSyncIsUsedWhenTheVolumeTakesIt() {
    let calls = Calls()
    let sync = DiskSync(
      full: { _ in
        calls.made.append("full")
        return 0
      },
      plain: { _ in
        calls.made.append("plain")
        return 0
      })
    #expect(sync.sync(3))
    #expect(calls.made == ["full"])
  }

  @Test func aVolumeThatRefusesTheFullSyncGetsFsync() {
    let calls = Calls()
    let sync = DiskSync(
      full: { _ in
        calls.made.append("full")
        return -1
      },
      plain: { descriptor in
        calls.made.append("plain \(descriptor)")
        return 0
      })
    #expect(sync.sync(7))
    #expect(calls.made == ["full", "plain 7"])
  }

  @Test func aSyncThatNeitherCallMakesFails() {
    let sync = DiskSync(full: { _ in -1 }, plain: { _ in -1 })
    #expect(!sync.sync(3))
  }

  @Test func thePlatformUsesTheFullSyncOnApplePlatformsOnly() {
    #if canImport(Darwin)
      #expect(DiskSync.platform.full != nil)
    #else
      #expect(DiskSync.platform.full == nil)
    #endif
  }

  @Test func aRealFileIsSyncedAndABadDescriptorIsNot() throws {
    let path = FileManager.default.temporaryDirectory.appending(path: "mvikit-sync-\(UUID())").path
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    #expect(DiskSync.platform.sync(descriptor))
    #expect(!DiskSync.platform.sync(-1))
  }
}
