import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A small HTTP server for the sample apps: users, login, and injectable faults.
///
/// It listens on `127.0.0.1` only.
///
/// ```swift
/// let server = try await DemoServer.start()
/// print(server.baseURL)  // http://127.0.0.1:54321
/// await server.stop()
/// ```
///
/// Routes:
/// - `GET /users`: the ten fixture users of ``DemoUser/fixtures``.
/// - `GET /users/{id}`: one user, or `404 {"error": ...}`.
/// - `POST /login` with `{"email", "password"}`: `200 {"name", "email", "token"}`,
///   `401 {"error": "Wrong email or password"}`, or `400` for a malformed body.
public enum DemoServer {
  /// The only address the server binds to.
  public static let host = "127.0.0.1"

  /// Starts a server and returns once it is listening.
  /// - Parameter configuration: The port, faults and log level.
  /// - Returns: The running server with its bound port and base URL.
  /// - Throws: ``DemoServerError`` when the configuration is invalid or the server can't bind.
  public static func start(_ configuration: Configuration = Configuration()) async throws
    -> RunningServer
  {
    guard (0...65_535).contains(configuration.port) else {
      throw DemoServerError.invalidPort(configuration.port)
    }
    guard (4...31).contains(configuration.bcryptCost) else {
      throw DemoServerError.invalidBcryptCost(configuration.bcryptCost)
    }
    for (path, fault) in configuration.faults {
      if case .status(let status) = fault, !(100...599).contains(status) {
        throw DemoServerError.invalidFaultStatus(path: path, status: status)
      }
    }
    var logger = Logger(label: "mvikit.demo-server")
    logger.logLevel = configuration.logLevel

    let credentials = await CredentialStore.demo(cost: configuration.bcryptCost)
    let router = makeRouter(faults: configuration.faults, credentials: credentials)
    let (ports, portSink) = AsyncStream<Int?>.makeStream()
    let app = Application(
      router: router,
      configuration: ApplicationConfiguration(
        address: .hostname(host, port: configuration.port),
        serverName: "MVIKit-DemoServer"
      ),
      onServerRunning: { channel in
        portSink.yield(channel.localAddress?.port)
        portSink.finish()
      },
      logger: logger
    )
    var groupConfiguration = ServiceGroupConfiguration(services: [app], logger: logger)
    groupConfiguration.maximumGracefulShutdownDuration = .seconds(5)
    let group = ServiceGroup(configuration: groupConfiguration)
    let task = Task {
      defer { portSink.finish() }
      try await group.run()
    }

    var iterator = ports.makeAsyncIterator()
    guard let reported = await iterator.next(), let port = reported else {
      await group.triggerGracefulShutdown()
      do {
        try await task.value
      } catch {
        throw DemoServerError.startFailed(String(describing: error))
      }
      throw DemoServerError.startFailed("the server stopped before it was listening")
    }
    guard let baseURL = URL(string: "http://\(host):\(port)") else {
      await group.triggerGracefulShutdown()
      throw DemoServerError.startFailed("no URL for port \(port)")
    }
    return RunningServer(port: port, baseURL: baseURL, group: group, task: task)
  }

  static func makeRouter(faults: [String: Fault], credentials: CredentialStore)
    -> Router<BasicRequestContext>
  {
    let router = Router()
    router.add(middleware: FaultMiddleware(faults: faults))
    UsersRoutes(users: DemoUser.fixtures).register(on: router)
    LoginRoutes(credentials: credentials).register(on: router)
    PosterRoutes().register(on: router)
    return router
  }
}

extension DemoServer {
  /// Starts a server, runs `body` with it, and stops it afterwards, even when `body` throws.
  /// - Parameters:
  ///   - configuration: The port, faults and log level.
  ///   - body: The work to do while the server runs.
  /// - Returns: What `body` returns.
  @discardableResult
  public static func withServer<T>(
    _ configuration: Configuration = Configuration(),
    isolation: isolated (any Actor)? = #isolation,
    _ body: (RunningServer) async throws -> T
  ) async throws -> T {
    let server = try await start(configuration)
    do {
      let result = try await body(server)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }
}
