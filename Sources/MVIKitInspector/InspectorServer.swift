import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// What a page asks of the app over the WebSocket.
enum InspectorCommand: Equatable, Sendable {
  case travel(step: Int)
  case live

  /// The command in a page's message, or nil for anything else.
  init?(message: String) {
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any],
      let type = object["type"] as? String
    else { return nil }
    switch type {
    case "travel":
      guard let step = object["step"] as? Int else { return nil }
      self = .travel(step: step)
    case "live":
      self = .live
    default:
      return nil
    }
  }
}

/// The inspector's HTTP and WebSocket server, on SwiftNIO: the routes answer HTTP requests,
/// and each WebSocket is one page, fed from its mailbox and sending commands back.
final class InspectorServer: Sendable {
  private enum Connection: Sendable {
    case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
    case http(NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>)
  }

  /// The port the server listens on.
  let port: Int
  private let listener: NIOAsyncChannel<EventLoopFuture<Connection>, Never>
  private let open = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])
  private let accepting = NIOLockedValueBox<Task<Void, Never>?>(nil)

  private let refused: NIOLockedValueBox<[ObjectIdentifier: HTTPRequestHead]>

  private init(
    port: Int, listener: NIOAsyncChannel<EventLoopFuture<Connection>, Never>,
    refused: NIOLockedValueBox<[ObjectIdentifier: HTTPRequestHead]>
  ) {
    self.port = port
    self.listener = listener
    self.refused = refused
  }

  /// Listens on `host`:`port` (0 for any free port) and serves until ``stop()``.
  ///
  /// - Parameters:
  ///   - routes: Answers HTTP requests, once the port is known.
  ///   - allowsWebSocket: Whether an upgrade request may open a WebSocket.
  ///   - page: Serves one connected page: called with its mailbox when it connects, and with
  ///     each command it sends.
  static func start(
    host: String, port: Int,
    routes: @escaping @Sendable (_ port: Int) -> InspectorRoutes,
    join: @escaping @Sendable (InspectorMailbox) -> Void,
    leave: @escaping @Sendable (InspectorMailbox) -> Void,
    command: @escaping @Sendable (InspectorCommand) -> Void
  ) async throws(InspectorError) -> InspectorServer {
    // Set once bound; the channel initialiser runs only for connections, after that.
    let bound = NIOLockedValueBox<InspectorRoutes?>(nil)
    // NIO's upgrade handler does not pass on the head of a request whose upgrade was refused,
    // only its end; the head is kept here so that the request is answered (403) all the same.
    let refused = NIOLockedValueBox<[ObjectIdentifier: HTTPRequestHead]>([:])
    let listener: NIOAsyncChannel<EventLoopFuture<Connection>, Never>
    do {
      listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        .bind(host: host, port: port) { channel in
          channel.eventLoop.makeCompletedFuture {
            let upgrader = NIOTypedWebSocketServerUpgrader<Connection>(
              maxFrameSize: 1 << 16,
              shouldUpgrade: { channel, head in
                let allowed = bound.withLockedValue { $0?.access.allowsWebSocket(head) } ?? false
                if !allowed { refused.withLockedValue { $0[ObjectIdentifier(channel)] = head } }
                return channel.eventLoop.makeSucceededFuture(allowed ? HTTPHeaders() : nil)
              },
              upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                  .webSocket(try NIOAsyncChannel(wrappingChannelSynchronously: channel))
                }
              })
            let configuration = NIOTypedHTTPServerUpgradeConfiguration<Connection>(
              upgraders: [upgrader],
              notUpgradingCompletionHandler: { channel in
                channel.eventLoop.makeCompletedFuture {
                  .http(try NIOAsyncChannel(wrappingChannelSynchronously: channel))
                }
              })
            return try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
              configuration: .init(upgradeConfiguration: configuration))
          }
        }
    } catch {
      throw .cannotListen(host: host, port: port, reason: String(describing: error))
    }
    let actualPort = listener.channel.localAddress?.port ?? port
    let serving = routes(actualPort)
    bound.withLockedValue { $0 = serving }
    let server = InspectorServer(port: actualPort, listener: listener, refused: refused)
    let task = Task {
      await server.accept(routes: serving, join: join, leave: leave, command: command)
    }
    server.accepting.withLockedValue { $0 = task }
    return server
  }

  /// Stops listening and closes every connection.
  func stop() async {
    try? await listener.channel.close()
    let channels = open.withLockedValue { open in
      defer { open = [:] }
      return Array(open.values)
    }
    for channel in channels { try? await channel.close() }
    await accepting.withLockedValue { $0 }?.value
  }

  private func accept(
    routes: InspectorRoutes, join: @escaping @Sendable (InspectorMailbox) -> Void,
    leave: @escaping @Sendable (InspectorMailbox) -> Void,
    command: @escaping @Sendable (InspectorCommand) -> Void
  ) async {
    try? await withThrowingDiscardingTaskGroup { group in
      try await listener.executeThenClose { connections in
        for try await connection in connections {
          group.addTask {
            guard let connection = try? await connection.get() else { return }
            switch connection {
            case .http(let channel):
              let head = self.refused.withLockedValue {
                $0.removeValue(forKey: ObjectIdentifier(channel.channel))
              }
              await self.tracking(channel.channel) {
                await Self.serve(channel, routes, refused: head)
              }
            case .webSocket(let channel):
              await self.tracking(channel.channel) {
                await Self.serve(channel, join: join, leave: leave, command: command)
              }
            }
          }
        }
      }
    }
  }

  /// Runs `body` with `channel` listed, so that ``stop()`` can close it.
  private func tracking(_ channel: any Channel, _ body: () async -> Void) async {
    let id = ObjectIdentifier(channel)
    open.withLockedValue { $0[id] = channel }
    await body()
    _ = open.withLockedValue { $0.removeValue(forKey: id) }
  }

  private static func serve(
    _ channel: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>,
    _ routes: InspectorRoutes, refused: HTTPRequestHead?
  ) async {
    try? await channel.executeThenClose { inbound, outbound in
      var request = refused
      for try await part in inbound {
        switch part {
        case .head(let head):
          request = head
        case .body:
          continue
        case .end:
          guard let head = request else { continue }
          request = nil
          let response = await routes.respond(to: head)
          var headers = HTTPHeaders(response.headers)
          headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
          let keepAlive = head.isKeepAlive
          headers.replaceOrAdd(name: "Connection", value: keepAlive ? "keep-alive" : "close")
          try await outbound.write(
            .head(
              HTTPResponseHead(version: head.version, status: response.status, headers: headers)))
          if head.method != .HEAD {
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: response.body))))
          }
          try await outbound.write(.end(nil))
          if !keepAlive { return }
        }
      }
    }
  }

  private static func serve(
    _ channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>,
    join: @escaping @Sendable (InspectorMailbox) -> Void,
    leave: @escaping @Sendable (InspectorMailbox) -> Void,
    command: @escaping @Sendable (InspectorCommand) -> Void
  ) async {
    let mailbox = InspectorMailbox()
    join(mailbox)
    try? await channel.executeThenClose { inbound, outbound in
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
          while let text = await mailbox.next() {
            try await outbound.write(
              WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text)))
          }
          // The app stopped the inspector: say goodbye as the protocol asks.
          try? await outbound.write(
            WebSocketFrame(
              fin: true, opcode: .connectionClose, data: ByteBuffer(bytes: [0x03, 0xE9])))
        }
        group.addTask {
          var message = ByteBuffer()
          for try await frame in inbound {
            switch frame.opcode {
            case .text, .continuation:
              var data = frame.unmaskedData
              message.writeBuffer(&data)
              // A page's commands are a few bytes; anything far larger is not one.
              guard message.readableBytes <= 1 << 16 else { return }
              if frame.fin {
                if let found = InspectorCommand(message: String(buffer: message)) { command(found) }
                message.clear()
              }
            case .connectionClose:
              return
            default:
              continue
            }
          }
        }
        try await group.next()
        group.cancelAll()
      }
    }
    leave(mailbox)
  }
}
