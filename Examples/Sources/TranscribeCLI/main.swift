import Foundation

// The command-line front of the Transcribe sample; see `TranscribeCommand`.
let command: TranscribeCommand
do {
  command = try TranscribeCommand.parse(Array(CommandLine.arguments.dropFirst()))
} catch .help {
  print(TranscribeCommand.usage)
  exit(0)
} catch .usage(let message) {
  FileHandle.standardError.write(Data("transcribe: \(message)\n".utf8))
  exit(2)
}
exit(await command.run())
