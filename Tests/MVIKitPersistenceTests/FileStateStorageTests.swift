import Foundation
import Testing

@testable import MVIKitPersistence

@Suite struct FileStateStorageTests {
  let folder = FileManager.default.temporaryDirectory.appending(path: "mvikit-state-\(UUID())")

  func entries() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  @Test func aWriteReplacesTheFileAndLeavesNoTemporaryFile() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let storage = FileStateStorage(folder: folder)
    #expect(try storage.read("app") == nil)
    try storage.write(Data("one".utf8), to: "app")
    try storage.write(Data("two".utf8), to: "app")
    #expect(try storage.read("app") == Data("two".utf8))
    #expect(entries() == [".app.lock", "app"])
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
    #expect(attributes[.posixPermissions] as? Int == 0o700)
  }

  @Test func aTemporaryFileLeftByAPowerLossIsIgnoredThenRemoved() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let storage = FileStateStorage(folder: folder)
    try storage.write(Data("{\"whole\": true}".utf8), to: "app")
    // What a power loss mid-write leaves: the new bytes cut short, in the temporary file.
    try Data("{\"who".utf8).write(to: folder.appending(path: ".app.tmp-99999"))
    #expect(try storage.read("app") == Data("{\"whole\": true}".utf8))
    try storage.write(Data("{\"next\": true}".utf8), to: "app")
    #expect(entries() == [".app.lock", "app"])
  }

  @Test func aFileMovedAsideKeepsItsBytesUnderANameThatSaysWhen() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let storage = FileStateStorage(folder: folder)
    try storage.write(Data("broken".utf8), to: "app")
    let aside = try storage.moveAside("app")
    #expect(aside.hasPrefix("app.corrupt-20"))
    #expect(try storage.read("app") == nil)
    #expect(try Data(contentsOf: folder.appending(path: aside)) == Data("broken".utf8))
    // Nothing left to move: said, with the path.
    let missing = #expect(throws: FileStateStorageError.self) { try storage.moveAside("app") }
    #expect(missing?.description.contains(folder.appending(path: "app").path) == true)
  }

  @Test(arguments: ["", "../escape", "a/b", ".hidden"])
  func aNameThatWouldLeaveTheFolderIsRefused(name: String) {
    let storage = FileStateStorage(folder: folder)
    #expect(throws: FileStateStorageError.self) { try storage.write(Data(), to: name) }
  }

  @Test func theStandardFolderFollowsXDGThenTheHomeFolder() {
    #if !canImport(Darwin)
      let xdg = FileStateStorage.standardFolder(
        appIdentifier: "org.example.Notes",
        environment: ["XDG_STATE_HOME": "/var/state", "HOME": "/home/ada"])
      #expect(xdg.path == "/var/state/org.example.Notes")
      let home = FileStateStorage.standardFolder(
        appIdentifier: "org.example.Notes", environment: ["HOME": "/home/ada"])
      #expect(home.path == "/home/ada/.local/state/org.example.Notes")
      // A relative XDG path is ignored, as the specification says.
      let relative = FileStateStorage.standardFolder(
        appIdentifier: "org.example.Notes",
        environment: ["XDG_STATE_HOME": "state", "HOME": "/home/ada"])
      #expect(relative.path == "/home/ada/.local/state/org.example.Notes")
    #endif
  }
}

extension FileStateStorageTests {
  @Test func removingForgetsTheFileAndAMissingOneIsNoError() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let storage = FileStateStorage(folder: folder)
    try storage.write(Data("x".utf8), to: "app")
    try storage.remove("app")
    #expect(try storage.read("app") == nil)
    try storage.remove("app")
  }
}
