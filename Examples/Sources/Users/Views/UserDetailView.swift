import MVIKitTerminal

/// One user's details: contact, address and company.
public struct UserDetailView: View {
  let user: User

  /// The details of `user`.
  public init(user: User) {
    self.user = user
  }

  /// The screen for the current state.
  public var body: some View {
    VStack {
      Text(user.name).bold().foreground(.cyan)
      Text("@\(user.username) · \(user.email)")
      Text("\(user.phone) · \(user.website)").dim()
      Divider()
      Text("Address").bold()
      Text("\(user.address.street), \(user.address.suite)")
      Text("\(user.address.zipcode) \(user.address.city)")
      Text("lat \(user.address.geo.lat), lng \(user.address.geo.lng)").dim()
      Divider()
      Text("Company").bold()
      Text(user.company.name)
      Text("“\(user.company.catchPhrase)”").italic()
      Text(user.company.bs).dim()
      Spacer()
      Text("Esc goes back to the list.").dim()
    }
  }
}
