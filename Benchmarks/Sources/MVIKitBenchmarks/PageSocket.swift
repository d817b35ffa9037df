import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A page's end of the inspector's WebSocket, as far as the benchmark needs one: it opens the
/// socket as the page does and reads everything on a thread of its own, as fast as it comes,
/// noting when a given text has arrived.
final class PageSocket: @unchecked Sendable {
  private let descriptor: Int32
  private let lock = NSLock()
  private var tail: [UInt8] = []
  private var awaited: (marker: [UInt8], arrived: CheckedContinuation<Void, Never>)?
  private(set) var bytesRead = 0

  /// Connects to `url` (the inspector's address with its token) and upgrades to a WebSocket.
  init?(inspector url: URL) {
    guard let port = url.port, let token = url.query else { return nil }
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return nil }
    let host = "127.0.0.1:\(port)"
    let handshake =
      "GET /ws?\(token) HTTP/1.1\r\nHost: \(host)\r\nOrigin: http://\(host)\r\n"
      + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
      + "Sec-WebSocket-Key: YmVuY2htYXJrLXBhZ2UtMDE=\r\n\r\n"
    _ = Array(handshake.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
    Thread.detachNewThread { [self] in readForever() }
  }

  deinit { close(descriptor) }

  /// Waits until `text` has arrived on the socket (counting from now).
  func waitFor(_ text: String) async {
    await withCheckedContinuation { continuation in
      lock.lock()
      tail = []
      awaited = (Array(text.utf8), continuation)
      lock.unlock()
    }
  }

  private func readForever() {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return }
      lock.lock()
      bytesRead += count
      var arrived: CheckedContinuation<Void, Never>?
      if let (marker, continuation) = awaited {
        tail += chunk[..<count]
        if tail.count >= marker.count,
          (0...(tail.count - marker.count)).contains(where: {
            tail[$0..<$0 + marker.count].elementsEqual(marker)
          })
        {
          arrived = continuation
          awaited = nil
        }
        // Only the end can begin a marker split across reads.
        if tail.count > marker.count { tail.removeFirst(tail.count - marker.count) }
      }
      lock.unlock()
      arrived?.resume()
    }
  }
}
