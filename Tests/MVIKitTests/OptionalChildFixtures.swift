import MVIKit

/// A child that is not always there: a sheet with a long-running listener.
struct Sheet: Model {
  struct State: Equatable, Sendable {
    var text = ""
    var ticks = 0
  }
  enum Intent: Equatable, Sendable {
    case typed(String)
    case listenTapped
    case ticked
  }

  /// Counts listeners that ended by cancellation.
  var cancelled = Locked(0)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .typed(let text):
      state.text = text
      return .none
    case .listenTapped:
      return .run { [cancelled] send in
        await withTaskCancellationHandler {
          try? await Task.sleep(for: .seconds(3600))
        } onCancel: {
          cancelled.withLock { $0 += 1 }
        }
      }
    case .ticked:
      state.ticks += 1
      return .none
    }
  }
}

/// A screen that presents the sheet.
struct Host: Model {
  struct State: Equatable, Sendable {
    var sheet: Sheet.State?
    var presentations = 0
  }
  enum Intent: Equatable, Sendable {
    case sheet(Sheet.Intent)
    case presentTapped
    case dismissTapped
  }

  static let sheet = OptionalChildLink<Host, Sheet>(state: \.sheet, intent: Intent.sheet)

  var sheetModel = Sheet()

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .sheet(let intent):
      return Self.sheet.reduce(sheetModel, &state, intent)
    case .presentTapped:
      state.sheet = Sheet.State()
      state.presentations += 1
      return .none
    case .dismissTapped:
      state.sheet = nil
      return .none
    }
  }
}

/// The host one level down, to check that a dismissal deep in the tree still cancels.
struct Shell: Model {
  struct State: Equatable, Sendable { var host = Host.State() }
  enum Intent: Equatable, Sendable { case host(Host.Intent) }

  static let host = ChildLink<Shell, Host>(state: \.host, intent: Intent.host)

  var hostModel = Host()

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .host(let intent): return Self.host.reduce(hostModel, &state, intent)
    }
  }
}

/// The shell, itself presented and dismissed: the stores scoped from it must be cut off with it.
struct Desk: Model {
  struct State: Equatable, Sendable { var shell: Shell.State? }
  enum Intent: Equatable, Sendable {
    case shell(Shell.Intent)
    case opened
    case closed
  }

  static let shell = OptionalChildLink<Desk, Shell>(state: \.shell, intent: Intent.shell)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .shell(let intent): return Self.shell.reduce(Shell(), &state, intent)
    case .opened:
      state.shell = Shell.State()
      return .none
    case .closed:
      state.shell = nil
      return .none
    }
  }
}

/// A parent whose child's every intent feeds one more intent back (a scoped send that drains).
struct Echoer: Model {
  struct State: Equatable, Sendable {
    var sheet = Sheet.State()
    var echoes = 0
  }
  enum Intent: Equatable, Sendable {
    case sheet(Sheet.Intent)
    case echoed
  }

  static let sheet = ChildLink<Echoer, Sheet>(state: \.sheet, intent: Intent.sheet)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .sheet(let intent):
      _ = Self.sheet.reduce(Sheet(), &state, intent)
      return .send(.echoed)
    case .echoed:
      state.echoes += 1
      return .none
    }
  }
}

/// Two sheets presented and dismissed on their own: dismissing one must not stop the parent
/// from checking the other after each reduce.
struct TwoSheets: Model {
  struct State: Equatable, Sendable {
    var left: Sheet.State?
    var right: Sheet.State?
  }
  enum Intent: Equatable, Sendable {
    case left(Sheet.Intent)
    case right(Sheet.Intent)
    case bothPresented
    case leftDismissed
    case rightDismissed
    case rightPresented
  }

  static let left = OptionalChildLink<TwoSheets, Sheet>(state: \.left, intent: Intent.left)
  static let right = OptionalChildLink<TwoSheets, Sheet>(state: \.right, intent: Intent.right)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .left(let intent): return Self.left.reduce(Sheet(), &state, intent)
    case .right(let intent): return Self.right.reduce(Sheet(), &state, intent)
    case .bothPresented: (state.left, state.right) = (Sheet.State(), Sheet.State())
    case .leftDismissed: state.left = nil
    case .rightDismissed: state.right = nil
    case .rightPresented: state.right = Sheet.State()
    }
    return .none
  }
}
