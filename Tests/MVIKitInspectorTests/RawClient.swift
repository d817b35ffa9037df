import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A bare TCP client that says exactly what a test tells it to: an HTTP request with chosen
/// headers, a WebSocket handshake with a forged `Origin` or `Host`, frames byte by byte.
final class RawClient: @unchecked Sendable {
  private let socket: Int32
  private var buffer: [UInt8] = []

  init(port: Int) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else { throw POSIXError(.ECONNREFUSED) }
  }

  deinit { close(socket) }

  func send(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
  }

  /// Sends a GET request for `path` with `headers`, and returns the response's status code,
  /// headers and body (read up to its Content-Length).
  func get(_ path: String, headers: [String: String]) -> (
    status: Int, headers: [String: String], body: String
  ) {
    var request = "GET \(path) HTTP/1.1\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    send(Array((request + "\r\n").utf8))
    return readResponse()
  }

  /// Sends a POST request for `path` with `body` and `headers`, and returns the response.
  func post(_ path: String, body: String, headers: [String: String]) -> (
    status: Int, headers: [String: String], body: String
  ) {
    let bytes = Array(body.utf8)
    var request = "POST \(path) HTTP/1.1\r\nContent-Length: \(bytes.count)\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    send(Array((request + "\r\n").utf8) + bytes)
    return readResponse()
  }

  func readResponse() -> (status: Int, headers: [String: String], body: String) {
    guard let end = read(until: Array("\r\n\r\n".utf8)) else { return (0, [:], "") }
    let head = String(decoding: buffer[..<end], as: UTF8.self)
    buffer.removeFirst(end + 4)
    var lines = head.components(separatedBy: "\r\n")
    let status = Int(lines.removeFirst().split(separator: " ")[1]) ?? 0
    var headers: [String: String] = [:]
    for line in lines {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2 {
        headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    let length = Int(headers["content-length"] ?? "0") ?? 0
    while buffer.count < length, fill() {}
    let body = String(decoding: buffer.prefix(length), as: UTF8.self)
    buffer.removeFirst(min(length, buffer.count))
    return (status, headers, body)
  }

  /// The next WebSocket text frame's payload from the server (unmasked), or nil.
  func readFrame() -> String? {
    while buffer.count < 2 { guard fill() else { return nil } }
    var length = Int(buffer[1] & 0x7F)
    var offset = 2
    if length == 126 {
      while buffer.count < 4 { guard fill() else { return nil } }
      length = Int(buffer[2]) << 8 | Int(buffer[3])
      offset = 4
    } else if length == 127 {
      while buffer.count < 10 { guard fill() else { return nil } }
      length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[$1]) }
      offset = 10
    }
    while buffer.count < offset + length { guard fill() else { return nil } }
    let payload = String(decoding: buffer[offset..<offset + length], as: UTF8.self)
    buffer.removeFirst(offset + length)
    return payload
  }

  /// Sends `text` as a masked text frame, as a browser does.
  func sendFrame(_ text: String) {
    sendFrame(Array(text.utf8), first: 0x81)
  }

  /// Sends `text` as one message in `count` frames: a text frame, then continuations, the last
  /// with FIN; each frame stays under the server's frame limit.
  func sendFrames(_ text: String, count: Int) {
    let bytes = Array(text.utf8)
    let size = (bytes.count + count - 1) / count
    for index in 0..<count {
      let piece = Array(
        bytes[min(bytes.count, index * size)..<min(bytes.count, (index + 1) * size)])
      let opcode: UInt8 = index == 0 ? 0x01 : 0x00
      sendFrame(piece, first: (index == count - 1 ? 0x80 : 0) | opcode)
    }
  }

  private func sendFrame(_ payload: [UInt8], first: UInt8) {
    let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
    var frame: [UInt8] = [first]
    if payload.count < 126 {
      frame.append(0x80 | UInt8(payload.count))
    } else {
      frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    }
    frame += mask
    frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    send(frame)
  }

  private func read(until marker: [UInt8]) -> Int? {
    while true {
      if buffer.count >= marker.count {
        for index in 0...(buffer.count - marker.count)
        where buffer[index..<index + marker.count].elementsEqual(marker) {
          return index
        }
      }
      guard fill() else { return nil }
    }
  }

  private func fill() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return false }
    buffer += chunk[..<count]
    return true
  }
}
