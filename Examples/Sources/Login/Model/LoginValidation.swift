import Foundation
import MVIKit

/// The rules that decide whether the login button is enabled.
public enum LoginValidation {
  /// The shortest password the form accepts.
  public static let minimumPasswordLength = 6

  /// The email as it will be sent: no surrounding spaces, lowercased.
  public static func cleanEmail(_ email: String) -> String {
    email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }

  /// Whether `email` looks like an address: one `@`, a name before it, a dotted domain after.
  public static func isValidEmail(_ email: String) -> Bool {
    let parts = cleanEmail(email).split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(" ") else { return false }
    let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty && !$0.contains(" ") }
  }

  /// Whether `password` is long enough.
  public static func isValidPassword(_ password: String) -> Bool {
    password.count >= minimumPasswordLength
  }

  /// Whether the form may be submitted.
  public static func canSubmit(_ state: LoginModel.State) -> Bool {
    isValidEmail(state.email) && isValidPassword(state.password.value)
  }
}
