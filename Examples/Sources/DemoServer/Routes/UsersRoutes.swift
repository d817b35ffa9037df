import Hummingbird

/// `GET /users` and `GET /users/{id}`.
struct UsersRoutes: Sendable {
  let users: [DemoUser]

  func register(on router: Router<BasicRequestContext>) {
    router.get("users") { _, _ in
      JSONResponse.make(users)
    }
    router.get("users/:id") { _, context in
      let raw = context.parameters.get("id") ?? ""
      guard let id = Int(raw), let user = users.first(where: { $0.id == id }) else {
        return JSONResponse.error("No user with id \(raw.prefix(40))", status: .notFound)
      }
      return JSONResponse.make(user)
    }
  }
}
