import Foundation
import MCP
import MVIKitRecording
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// What a page asks of the app over the WebSocket.
enum InspectorCommand: Equatable, Sendable {
  case travel(step: Int)
  case live
  /// Send this intent (its JSON) to the store, as the View would.
  case send(intent: Data)
  /// Reduce this intent (its JSON) on the state before `step`, in place of the step's own, and
  /// say what it would have changed; the store is not touched.
  case fork(step: Int, intent: Data)

  /// The command in a page's message; what is wrong with the message when it is none.
  static func parse(_ message: String) -> Result<InspectorCommand, InspectorCommandError> {
    guard let data = message.data(using: .utf8),
      let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    else {
      return .failure(.init("The app could not read a message from the page: it is not JSON."))
    }
    guard let object = parsed as? [String: Any], let type = object["type"] as? String else {
      return .failure(.init("The app could not read a message from the page: it has no \"type\"."))
    }
    func step() -> Int? { (object["step"] as? NSNumber).flatMap { Int(exactly: $0.doubleValue) } }
    func intent() -> Data? {
      guard let intent = object["intent"], JSONSerialization.isValidJSONObject([intent]) else {
        return nil
      }
      return try? JSONSerialization.data(withJSONObject: intent, options: [.fragmentsAllowed])
    }
    switch type {
    case "travel":
      guard let step = step() else { return .failure(.init("A travel needs a step number.")) }
      return .success(.travel(step: step))
    case "live":
      return .success(.live)
    case "send":
      guard let intent = intent() else { return .failure(.init("A send needs an intent.")) }
      return .success(.send(intent: intent))
    case "fork":
      guard let step = step(), let intent = intent() else {
        return .failure(.init("A fork needs a step number and an intent."))
      }
      return .success(.fork(step: step, intent: intent))
    default:
      return .failure(.init("The app does not know the page's command \"\(type.prefix(40))\"."))
    }
  }
}

/// Why a page's message was not a command, said to the page.
struct InspectorCommandError: Error, Equatable, Sendable {
  let message: String
  init(_ message: String) { self.message = message }

  /// The message to the page.
  var pageMessage: String {
    JSONValue.object(["type": .string("error"), "message": .string(message)]).text
  }
}

/// The inspector's HTTP and WebSocket server, on SwiftNIO: the routes answer HTTP requests,
/// and each WebSocket is one page, fed from its mailbox and sending commands back.
final class InspectorServer: Sendable {
  /// The largest message from a page that the app reads: a command with an intent.
  static let largestMessage = 1 << 16

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
  /// The MCP server the routes carry, when the app has one.
  let agent: InspectorAgentServer?

  private init(
    port: Int, listener: NIOAsyncChannel<EventLoopFuture<Connection>, Never>,
    refused: NIOLockedValueBox<[ObjectIdentifier: HTTPRequestHead]>, agent: InspectorAgentServer?
  ) {
    self.port = port
    self.listener = listener
    self.refused = refused
    self.agent = agent
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
    command: @escaping @Sendable (InspectorCommand, InspectorMailbox) -> Void
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
    let server = InspectorServer(
      port: actualPort, listener: listener, refused: refused, agent: serving.agent)
    let task = Task {
      await server.accept(routes: serving, join: join, leave: leave, command: command)
    }
    server.accepting.withLockedValue { $0 = task }
    return server
  }

  /// Stops listening, ends the agents' sessions and closes every connection.
  func stop() async {
    await agent?.stop()
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
    command: @escaping @Sendable (InspectorCommand, InspectorMailbox) -> Void
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
      var body = Data()
      var bodyIsTooLarge = false
      var largestBody = InspectorRoutes.largestBody
      for try await part in inbound {
        switch part {
        case .head(let head):
          request = head
          body = Data()
          bodyIsTooLarge = false
          largestBody =
            InspectorAccess.path(head.uri) == InspectorAgentServer.path
            ? InspectorAgentServer.largestBody : InspectorRoutes.largestBody
        case .body(var buffer):
          // Only a recording to check and an agent's messages have a body; past the limit the
          // rest is not kept.
          guard !bodyIsTooLarge else { continue }
          if body.count + buffer.readableBytes > largestBody {
            bodyIsTooLarge = true
            body = Data()
          } else if let bytes = buffer.readBytes(length: buffer.readableBytes) {
            body.append(contentsOf: bytes)
          }
        case .end:
          guard let head = request else { continue }
          request = nil
          if let agent = routes.agent, InspectorAccess.path(head.uri) == InspectorAgentServer.path {
            let answer = await agent.respond(
              to: head, body: body.isEmpty ? nil : body, bodyIsTooLarge: bodyIsTooLarge)
            try await write(answer, to: outbound, for: head)
            if !head.isKeepAlive { return }
            continue
          }
          let response =
            bodyIsTooLarge
            ? InspectorResponse.text(
              .payloadTooLarge,
              "The recording is larger than \(InspectorRoutes.largestBody >> 20) MB; the app did not read it."
            )
            : await routes.respond(to: head, body: body)
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

  /// Writes an agent's answer: whole, or as a stream of server-sent events until it ends.
  private static func write(
    _ answer: MCP.HTTPResponse, to outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>,
    for head: HTTPRequestHead
  ) async throws {
    var headers = HTTPHeaders(answer.headers.map { ($0.key, $0.value) })
    for (name, value) in InspectorResponse(status: .ok, body: Data()).secured().headers {
      headers.replaceOrAdd(name: name, value: value)
    }
    headers.replaceOrAdd(name: "Connection", value: head.isKeepAlive ? "keep-alive" : "close")
    let status = HTTPResponseStatus(statusCode: answer.statusCode)
    if case .stream(let events, _) = answer {
      // No length: NIO sends the events chunked, each as soon as the session writes it.
      try await outbound.write(
        .head(HTTPResponseHead(version: head.version, status: status, headers: headers)))
      for try await event in events {
        try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: event))))
      }
      try await outbound.write(.end(nil))
      return
    }
    let body = answer.bodyData ?? Data()
    headers.replaceOrAdd(name: "Content-Length", value: String(body.count))
    try await outbound.write(
      .head(HTTPResponseHead(version: head.version, status: status, headers: headers)))
    if head.method != .HEAD, !body.isEmpty {
      try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body))))
    }
    try await outbound.write(.end(nil))
  }

  private static func serve(
    _ channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>,
    join: @escaping @Sendable (InspectorMailbox) -> Void,
    leave: @escaping @Sendable (InspectorMailbox) -> Void,
    command: @escaping @Sendable (InspectorCommand, InspectorMailbox) -> Void
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
          var isTooLarge = false
          for try await frame in inbound {
            switch frame.opcode {
            case .text, .continuation:
              var data = frame.unmaskedData
              // A page's commands are small, an intent with them; the rest of a message far
              // larger is not read, and the page is told.
              if !isTooLarge, message.readableBytes + data.readableBytes > Self.largestMessage {
                isTooLarge = true
                message.clear()
                mailbox.pushAlways(
                  InspectorCommandError(
                    "The page sent a message larger than \(Self.largestMessage / 1024) KB; the app "
                      + "did not read it."
                  ).pageMessage)
              }
              if !isTooLarge { message.writeBuffer(&data) }
              guard frame.fin else { continue }
              if !isTooLarge {
                switch InspectorCommand.parse(String(buffer: message)) {
                case .success(let found): command(found, mailbox)
                case .failure(let error): mailbox.pushAlways(error.pageMessage)
                }
              }
              message.clear()
              isTooLarge = false
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
