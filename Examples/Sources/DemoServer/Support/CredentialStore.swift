import Foundation
import HummingbirdBcrypt
import NIOPosix

/// The accounts the server accepts, each kept only as a salted bcrypt hash.
struct CredentialStore: Sendable {
  struct Account: Sendable {
    let name: String
    let email: String
    let passwordHash: String
  }

  let accounts: [Account]

  /// A store holding the demo account, hashed with a fresh random salt.
  static func demo(cost: UInt8) async -> CredentialStore {
    let hash = await offloaded { Bcrypt.hash(DemoAccount.password, cost: cost) }
    return CredentialStore(
      accounts: [Account(name: DemoAccount.name, email: DemoAccount.email, passwordHash: hash)]
    )
  }

  /// The account that `email` and `password` identify, or `nil`.
  ///
  /// bcrypt compares the hashes in constant time. An unknown email is still checked against a
  /// hash, so the answer takes as long whether or not the email exists.
  func account(email: String, password: String) async -> Account? {
    let normalized = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    let match = accounts.first { $0.email == normalized }
    guard let candidate = match ?? accounts.first else { return nil }
    let verified = await offloaded { Bcrypt.verify(password, hash: candidate.passwordHash) }
    return verified && match != nil ? candidate : nil
  }
}

/// Runs slow hashing on NIO's blocking pool rather than on the cooperative thread pool.
private func offloaded<T: Sendable>(_ work: @Sendable @escaping () -> T) async -> T {
  do {
    return try await NIOThreadPool.singleton.runIfActive(work)
  } catch {
    return work()
  }
}
