import Foundation

/// Where the app's MCP server is, and its token: read from the address the app printed (its
/// page's, `http://127.0.0.1:PORT/?token=…`, or its MCP server's) and an optional token.
struct BridgeConfiguration: Sendable {
  let endpoint: URL
  let token: String

  init?(url text: String?, token: String?) {
    guard let text, var components = URLComponents(string: text),
      components.scheme == "http" || components.scheme == "https", components.host != nil
    else { return nil }
    let queryToken = components.queryItems?.first { $0.name == "token" }?.value
    guard let token = token ?? queryToken, !token.isEmpty else { return nil }
    components.path = "/mcp"
    components.query = nil
    guard let endpoint = components.url else { return nil }
    self.endpoint = endpoint
    self.token = token
  }
}
