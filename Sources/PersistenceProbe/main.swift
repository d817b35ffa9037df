// Writes state files without end, for the tests that kill it mid-write
// (Tests/MVIKitPersistenceTests/KillTests.swift): `PersistenceProbe FOLDER NAME TAG`.
// Each write is a state file whose one member is a long text made of one repeated piece,
// `TAG-N|`, so that a reader can tell a whole file from a mix of two.
import Foundation
import MVIKitPersistence

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
  FileHandle.standardError.write(Data("usage: PersistenceProbe FOLDER NAME TAG\n".utf8))
  exit(64)
}
let storage = FileStateStorage(folder: URL(filePath: arguments[1]))
var count = 0
while true {
  count += 1
  let piece = "\(arguments[3])-\(count)|"
  let text = String(repeating: piece, count: 8_000)
  let json = try JSONSerialization.data(
    withJSONObject: ["mvikitState": 1, "members": ["text": ["version": 1, "value": text]]])
  do {
    try storage.write(json, to: arguments[2])
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
  }
}
