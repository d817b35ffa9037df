import Foundation
import MVIKitTerminal

/// One user's details: contact, address and company.
public struct UserDetailView: View {
  let user: User

  /// The details of `user`.
  public init(user: User) {
    self.user = user
  }

  /// The screen for the current state: the name, then the details in a view that scrolls
  /// (with a scroll bar) when long fields or a short terminal leave them no room.
  public var body: some View {
    VStack {
      Text(user.name).bold().foreground(.cyan).lineLimit(1)
      ScrollView(details)
      Text("Esc goes back to the list.").dim()
    }
  }

  /// The contact, address and company, a line each, empty parts left out.
  var details: String {
    let address = user.address
    let lines = [
      joined("@" + user.username, user.email), joined(user.phone, user.website), "",
      "Address", joined(address.street, address.suite, separator: ", "),
      joined(address.zipcode, address.city, separator: " "),
      address.geo.lat.isEmpty ? "" : "lat \(address.geo.lat), lng \(address.geo.lng)", "",
      "Company", user.company.name,
      user.company.catchPhrase.isEmpty ? "" : "“\(user.company.catchPhrase)”", user.company.bs,
    ]
    return lines.joined(separator: "\n").replacingOccurrences(of: "\n\n\n", with: "\n\n")
  }

  private func joined(_ parts: String..., separator: String = " · ") -> String {
    parts.filter { !$0.isEmpty && $0 != "@" }.joined(separator: separator)
  }
}
