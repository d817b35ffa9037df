import DemoServer
import Foundation
import MVIKit
import MVIKitTerminal
import ShowcaseKit

// The showcase: starts the embedded server on loopback, then runs the home screen.
let options: ShowcaseOptions
do {
  options = try ShowcaseOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("Showcase: \(error)\n".utf8))
  exit(2)
}
if options.showsUsage {
  print(ShowcaseOptions.usage)
  exit(0)
}

let status = await ShowcaseRunner(options: options).run()
exit(status)
