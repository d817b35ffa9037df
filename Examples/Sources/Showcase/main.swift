import ShowcaseKit

// The showcase: starts the embedded server on loopback, then runs the home screen.
do {
  let command = try ShowcaseCommand.parse()
  try await command.run()
} catch {
  ShowcaseCommand.exit(withError: error)
}
