import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The stdio bridge to a running app's inspector, for MCP clients that only launch servers on
// standard input and output:
//
//   mvikit-mcp-bridge 'http://127.0.0.1:PORT/?token=TOKEN'
//   mvikit-mcp-bridge --url http://127.0.0.1:PORT/mcp --token TOKEN
//
// The address is the one the app printed (the page's, with its token, or the MCP server's);
// MVIKIT_INSPECTOR_URL and MVIKIT_INSPECTOR_TOKEN may give them instead, so that the token
// need not stand in a client's command line. Each line read is one JSON-RPC message, posted to
// the app's `/mcp`; each message the app answers (a JSON body or server-sent events) is written
// as one line. The app's notifications (new steps) come over a stream the bridge keeps open.
// The token is never written to standard error.

let arguments = CommandLine.arguments.dropFirst()

func option(_ name: String) -> String? {
  guard let index = arguments.firstIndex(of: name),
    arguments.index(after: index) < arguments.endIndex
  else { return nil }
  return arguments[arguments.index(after: index)]
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("mvikit-mcp-bridge: \(message)\n".utf8))
  exit(2)
}

/// The first argument that is neither an option nor an option's value: the address.
func positional() -> String? {
  var skipsNext = false
  for argument in arguments {
    if skipsNext {
      skipsNext = false
    } else if argument == "--url" || argument == "--token" {
      skipsNext = true
    } else if !argument.hasPrefix("--") {
      return argument
    }
  }
  return nil
}

guard
  let bridge = BridgeConfiguration(
    url: option("--url") ?? positional()
      ?? ProcessInfo.processInfo.environment["MVIKIT_INSPECTOR_URL"],
    token: option("--token") ?? ProcessInfo.processInfo.environment["MVIKIT_INSPECTOR_TOKEN"])
else {
  fail(
    "give the inspector's address as the app printed it ('http://127.0.0.1:PORT/?token=…'), "
      + "or --url http://127.0.0.1:PORT/mcp --token TOKEN (or MVIKIT_INSPECTOR_URL and "
      + "MVIKIT_INSPECTOR_TOKEN)")
}

let relay = BridgeRelay(configuration: bridge)
while let line = readLine(strippingNewline: true) {
  guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
  await relay.forward(line)
}
await relay.close()
