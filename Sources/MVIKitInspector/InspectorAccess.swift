import Foundation
import NIOHTTP1

/// Who may reach the inspector: every request must carry the token, name the server by an
/// address (not a DNS name someone could point at loopback), and a WebSocket must come from
/// the inspector's own page.
struct InspectorAccess: Sendable {
  let token: String
  let port: Int
  /// Whether the server listens on loopback only, so that only loopback addresses may be named.
  let isLoopback: Bool

  /// The cookie that carries the token for the page's own files and its WebSocket.
  var cookieName: String { "mvikit-inspector-\(port)" }

  /// Whether `given` is the token.
  func isToken(_ given: some StringProtocol) -> Bool { Self.same(given, token) }

  /// Whether the request's query carries the token (the cookie is not looked at).
  func hasTokenInQuery(_ head: HTTPRequestHead) -> Bool {
    guard let given = Self.query(head.uri)["token"] else { return false }
    return Self.same(given, token)
  }

  /// Whether the request carries the token, in its query or else its cookie. A token in the
  /// query must be the right one, whatever the cookie says.
  func hasToken(_ head: HTTPRequestHead) -> Bool {
    if let given = Self.query(head.uri)["token"] { return Self.same(given, token) }
    for header in head.headers["Cookie"] {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        if parts.count == 2, parts[0] == cookieName, Self.same(parts[1], token) { return true }
      }
    }
    return false
  }

  /// Whether the `Host` header names this server: `localhost` or an IP address, with its port.
  /// A name that a rebinding DNS server points at loopback is refused.
  func hostIsAllowed(_ head: HTTPRequestHead) -> Bool {
    guard head.headers["Host"].count == 1, let host = head.headers["Host"].first else {
      return false
    }
    return allows(host: host)
  }

  /// Whether a WebSocket upgrade comes from the page this server serves: its `Origin` is
  /// `http://` and the same host and port as its `Host`.
  func originIsAllowed(_ head: HTTPRequestHead) -> Bool {
    guard hostIsAllowed(head), let host = head.headers["Host"].first,
      head.headers["Origin"].count == 1, let origin = head.headers["Origin"].first
    else { return false }
    return origin.lowercased() == "http://" + host.lowercased()
  }

  /// Whether a WebSocket upgrade may go ahead.
  func allowsWebSocket(_ head: HTTPRequestHead) -> Bool {
    Self.path(head.uri) == "/ws" && hasToken(head) && originIsAllowed(head)
  }

  func allows(host value: String) -> Bool {
    guard let separator = value.lastIndex(of: ":"),
      Int(value[value.index(after: separator)...]) == port
    else { return false }
    let name = value[..<separator].lowercased()
    if name == "localhost" { return true }
    if name.hasPrefix("["), name.hasSuffix("]") {
      let address = name.dropFirst().dropLast()
      guard address.contains(":"), address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." })
      else { return false }
      return !isLoopback || address == "::1"
    }
    let octets = name.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
    guard octets.count == 4, octets.allSatisfy({ $0.map { (0...255).contains($0) } ?? false })
    else { return false }
    return !isLoopback || octets[0] == 127
  }

  /// The path of a request target, without its query.
  static func path(_ uri: String) -> String {
    String(uri.prefix { $0 != "?" && $0 != "#" })
  }

  /// The query parameters of a request target.
  static func query(_ uri: String) -> [String: String] {
    guard let components = URLComponents(string: uri) else { return [:] }
    var parameters: [String: String] = [:]
    for item in components.queryItems ?? [] { parameters[item.name] = item.value ?? "" }
    return parameters
  }

  /// Compares in time that does not depend on where the strings differ.
  private static func same(_ given: some StringProtocol, _ token: String) -> Bool {
    let (a, b) = (Array(given.utf8), Array(token.utf8))
    guard a.count == b.count else { return false }
    return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
