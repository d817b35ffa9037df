// The command-line front of the Transcribe sample; see `TranscribeCommand`.
do {
  let command = try TranscribeCommand.parse()
  try await command.run()
} catch {
  TranscribeCommand.exit(withError: error)
}
