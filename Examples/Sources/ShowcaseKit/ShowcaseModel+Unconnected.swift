import Foundation
import Login
import Poster
import Todos
import Transcribe
import Users

extension ShowcaseModel {
  /// The showcase with every app connected to nothing: each server, database and speech
  /// recognizer fails when called, saying so.
  ///
  /// For tests made from recordings (`Showcase --test-from-recording FILE`), whose effects
  /// never run: what the effects sent is taken from the recording, so the test needs none of
  /// the apps' backends. Transcribe's recognizer is named ``unconnectedRecognizerName``, which
  /// its screen shows; a session recorded with a real recognizer shows another name there.
  public static var unconnected: ShowcaseModel {
    let recognizer = SpeechRecognizer(
      name: unconnectedRecognizerName, audioExtensions: ["wav"],
      availability: { .unavailable(reason: Unconnected().description) },
      transcribe: { _, _, _ in throw Unconnected() })
    return ShowcaseModel(
      screen: AppScreen(
        transcribe: TranscribeModel(
          recognizer: recognizer, startFolder: FileManager.default.temporaryDirectory),
        poster: PosterModel(service: PosterService(fetch: { throw Unconnected() })),
        users: UsersPresenter(interactor: UsersInteractor(fetchUsers: { throw Unconnected() })),
        login: LoginModel(service: LoginService(login: { _, _ in throw Unconnected() })),
        todos: TodosModel(storage: TodoStorage(opening: { throw Unconnected() }))))
  }

  /// The name of ``unconnected``'s speech recognizer.
  public static let unconnectedRecognizerName = "No speech recognizer (not connected)"

  /// What every backend of ``unconnected`` throws.
  public struct Unconnected: Error, CustomStringConvertible {
    /// The error as a sentence.
    public var description: String {
      "This showcase is connected to no backend: it runs tests made from recordings, whose "
        + "effects do not run."
    }
  }
}
