import DemoServer
import Foundation
import Logging
import MVIKit
import MVIKitRecording
import Testing

@testable import Login

/// A whole login session, logged and recorded, against the real server: the password shows up
/// nowhere.
@MainActor
@Suite struct LoginSecretsTests {
  @Test func passwordAppearsInNoLogRecordingOrErrorText() async throws {
    try await DemoServer.withServer(DemoServer.Configuration(bcryptCost: 4)) { server in
      let lines = LogLines()
      let logger = Logger(label: "login") { _ in LineCollector(lines: lines) }
      var recording: [String] = []
      let log = FlowLogger<LoginModel>(logger: logger, level: .info)
      let observer = FlowObserver<LoginModel> { event in
        log.log(event)
        var dumped = ""
        dump(event, to: &dumped)
        recording.append(dumped)
      }
      let viewModel = LoginViewModel(
        store: Store(
          initialState: LoginModel.State(),
          model: LoginModel(service: LoginService(client: LoginClient(baseURL: server.baseURL))),
          attaching: [observer]))
      let wrong = "hunter2-wrong"
      viewModel.send(.emailChanged(DemoAccount.email))
      viewModel.send(.passwordChanged(wrong))
      var alerts: [String] = []
      await viewModel.send(.loginTapped).finish()
      alerts += viewModel.output.alert.map { ["\($0.title): \($0.message)"] } ?? []
      viewModel.send(.alertDismissed)
      viewModel.send(.passwordChanged(DemoAccount.password))
      await viewModel.send(.loginTapped).finish()
      alerts += viewModel.output.alert.map { ["\($0.title): \($0.message)"] } ?? []
      #expect(viewModel.output.signedInName == DemoAccount.name)
      #expect(alerts.count == 2)
      #expect(alerts.first?.contains("Wrong email or password") == true)

      let everything = lines.all + recording + alerts + [String(describing: viewModel.store.state)]
      #expect(lines.all.count >= 8)
      for secret in [wrong, DemoAccount.password] {
        #expect(everything.allSatisfy { !$0.contains(secret) }, "\(secret) leaked")
      }
    }
  }
}

final class LogLines: @unchecked Sendable {
  private var lines: [String] = []
  private let lock = NSLock()
  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}

struct LineCollector: LogHandler {
  let lines: LogLines
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace
  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }
  func log(event: LogEvent) { lines.append(event.message.description) }
}
