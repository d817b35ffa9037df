import Foundation
import ServiceLifecycle

/// A demo server that is listening on `127.0.0.1`. Call ``stop()`` when done with it.
public struct RunningServer: Sendable {
  /// The port the server is bound to.
  public let port: Int
  /// The server's root URL, such as `http://127.0.0.1:54321`.
  public let baseURL: URL
  private let group: ServiceGroup
  private let task: Task<Void, any Error>

  init(port: Int, baseURL: URL, group: ServiceGroup, task: Task<Void, any Error>) {
    self.port = port
    self.baseURL = baseURL
    self.group = group
    self.task = task
  }

  /// The URL of `path` on this server, such as `url("/users")`.
  /// - Parameter path: An absolute path starting with `/`.
  public func url(_ path: String) -> URL {
    baseURL.appending(path: path)
  }

  /// Stops listening, closes idle connections, cuts injected delays short, and returns when the
  /// server has shut down. Calling it again does nothing.
  public func stop() async {
    await group.triggerGracefulShutdown()
    _ = try? await task.value
  }
}
