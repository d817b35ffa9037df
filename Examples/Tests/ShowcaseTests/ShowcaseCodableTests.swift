import Foundation
import Login
import MVIKit
import MVIKitRecording
import Poster
import ShowcaseKit
import Testing
import Todos
import Transcribe
import Users

/// The showcase's state, intents and side effects survive a JSON round trip with a screen of
/// every kind on the stack, as a recording of a whole session needs.
@Suite struct ShowcaseCodableTests {
  static let ada = ShowcaseModelTests.ada
  static let milk = Todo(
    id: 3, title: "milk", createdAt: Date(timeIntervalSince1970: 1_700_000_000))

  func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
    try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
  }

  /// What every recorded secret decodes to: the stand-in for the redacted value.
  func redacted() throws -> Secret<String> {
    try roundTrip(Secret("anything"))
  }

  /// A stack with one screen of every kind, each with something in it; the login screen's
  /// password is `password`.
  func everyScreen(password: Secret<String>) throws -> [AppScreen.State] {
    var transcribe = TranscribeModel.State()
    transcribe.recognizerName = "Whisper"
    transcribe.availability = .available
    transcribe.pickedFile = URL(fileURLWithPath: "/samples/hello.wav")
    transcribe.transcript = Transcript(
      text: "hello", mode: .freeSpeech, audioDuration: 1,
      segments: [TranscriptSegment(start: 0, end: 1, text: "hello")])
    var poster = PosterModel.State()
    let image = try #require(
      RGBImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 9) + [255, 128, 0]))
    poster.poster = Poster(title: "ORBIT", image: image, byteCount: 640, format: .jpeg)
    var users = UsersPresenter.State()
    users.users = [Self.ada]
    var login = LoginModel.State()
    login.email = "demo@mvikit.dev"
    login.password = password
    var todos = TodosModel.State()
    todos.rows = [TodoRow.State(todo: Self.milk)]
    todos.draft = "bread"
    return [
      .transcribe(transcribe), .poster(poster), .users(users), .userDetail(Self.ada),
      .login(login), .todos(todos),
    ]
  }

  @Test func aStateWithEveryKindOfScreenRoundTrips() throws {
    func makeState(password: Secret<String>) throws -> ShowcaseModel.State {
      var state = ShowcaseModel.State()
      for screen in try everyScreen(password: password) { state.path.push(screen) }
      state.path.push(AppScreen.State(opening: .poster))
      state.path.pop()  // the next push gets 7, not 6
      state.selection = 4
      state.isHelpShown = true
      return state
    }
    // Everything comes back but the password, which a recording never holds.
    var state = try makeState(password: redacted())
    var decoded = try roundTrip(makeState(password: Secret("correct horse")))
    #expect(decoded == state)
    #expect(decoded.path.ids == Array(0..<6))
    guard case .todos(let todos)? = decoded.path[id: 5] else {
      Issue.record("screen 5 is not Todos after decoding")
      return
    }
    #expect(todos.rows[id: 3]?.todo == Self.milk)
    // Intents recorded after this state, keyed by stack id, reach the same screens.
    #expect(decoded.path.push(.userDetail(Self.ada)) == state.path.push(.userDetail(Self.ada)))
    #expect(decoded == state)
    #expect(try roundTrip(ShowcaseModel.State()) == ShowcaseModel.State())
  }

  @Test func everyIntentRoundTrips() throws {
    func makeIntents(password: Secret<String>) throws -> [ShowcaseModel.Intent] {
      let screenIntents: [AppScreen.Intent] = [
        .transcribe(
          .segmentDecoded(TranscriptSegment(start: 0, end: 1, text: "hi"), audioDuration: 3)),
        .poster(.posterFailed("Not an image.")), .users(.usersLoaded([Self.ada])),
        .login(.passwordChanged(password)),
        .todos(.row(Keyed(3, .toggled(isDone: true)))),
      ]
      var intents: [ShowcaseModel.Intent] = [
        .selectionMoved(2), .openTapped, .helpToggled, .path(.push(.userDetail(Self.ada))),
        .path(.push(try everyScreen(password: password)[4])), .path(.pop), .path(.popTo(1)),
        .path(.popToRoot), .path(.setPath([0, 2])),
      ]
      intents += screenIntents.enumerated().map { .screen(Keyed($0, $1)) }
      return intents
    }
    // Everything comes back but the passwords, which a recording never holds.
    let intents = try makeIntents(password: Secret("hunter22"))
    #expect(try roundTrip(intents) == makeIntents(password: redacted()))
  }

  @Test func everySideEffectRoundTrips() throws {
    let sideEffects: [ShowcaseModel.SideEffect] = [
      .screen(Keyed(1, .poster(.toast("The server answered 503.")))),
      .screen(Keyed(2, .users(.showDetail(Self.ada)))),
    ]
    #expect(try roundTrip(sideEffects) == sideEffects)
  }
}
