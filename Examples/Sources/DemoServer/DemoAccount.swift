/// The public demo account of the login sample.
///
/// These credentials are not a secret: the login screen shows them so anyone can try the app.
/// The server keeps only a salted bcrypt hash of ``password``, made at startup; the plaintext
/// lives here so the hash can be made and the screen can display it.
public enum DemoAccount {
  /// The display name returned on a successful login.
  public static let name = "Demo User"
  /// The demo account's email address.
  public static let email = "demo@mvikit.dev"
  /// The demo account's password, shown on the login screen.
  public static let password = "mvikit-demo-42"
}
