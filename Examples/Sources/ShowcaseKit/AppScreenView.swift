import Login
import MVIKit
import MVIKitTerminal
import Poster
import Todos
import Transcribe
import Users

/// One screen of an open app, framed with the app's name, pattern and seed; the app's view
/// gets the store scoped to its own model.
struct AppScreenView: View {
  let store: Store<AppScreen>
  let loginHint: String
  let usersRouter: UsersRouter

  var body: some View {
    let app = store.app
    Box("\(app.title) · \(app.pattern) · seed \(app.seed)", color: .cyan) {
      if let transcribe = store.scope(AppScreen.transcribe) {
        TranscribeView(store: transcribe)
      } else if let poster = store.scope(AppScreen.poster) {
        PosterView(store: poster)
      } else if let users = store.scope(AppScreen.users) {
        // VIPER: the router assembles the module, whose view shows the list.
        usersRouter.module(over: users).view
      } else if let user = store.userDetail {
        UserDetailView(user: user)
      } else if let login = store.scope(AppScreen.login) {
        LoginView(viewModel: LoginViewModel(store: login), hint: loginHint)
      } else if let todos = store.scope(AppScreen.todos) {
        TodosView(store: todos)
      }
    }
  }
}
