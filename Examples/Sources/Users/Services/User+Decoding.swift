import Foundation

/// Users as real user APIs send them, not only as jsonplaceholder does: an `id` given as a
/// number or a numeric string, coordinates as numbers or strings, a `null` or missing phone,
/// address or company, and the names of DummyJSON (`firstName`, `lastName`, an address's
/// `address`, `postalCode` and `coordinates`) and reqres (`first_name`, `last_name`).
///
/// A user needs an id, a name (or the parts of one, or a username) and an email; without one of
/// those it is skipped, and the list says why.
extension User {
  /// Reads a user from any of the shapes above.
  /// - Throws: `DecodingError` naming the missing id, name or email, or a mistyped member.
  public init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: AnyKey.self)
    id = try fields.lenientInt("id")
    guard let email = try fields.lenientString("email") else {
      throw DecodingError.keyNotFound(
        AnyKey("email"), .init(codingPath: fields.codingPath, debugDescription: "no email"))
    }
    self.email = email
    let username = try fields.lenientString("username")
    let parts = [
      try fields.lenientString("firstName") ?? fields.lenientString("first_name"),
      try fields.lenientString("lastName") ?? fields.lenientString("last_name"),
    ].compactMap { $0 }.filter { !$0.isEmpty }
    guard
      let name = try fields.lenientString("name")
        ?? (parts.isEmpty ? nil : parts.joined(separator: " ")) ?? username
    else {
      throw DecodingError.keyNotFound(
        AnyKey("name"), .init(codingPath: fields.codingPath, debugDescription: "no name"))
    }
    self.name = name
    self.username = username ?? ""
    phone = try fields.lenientString("phone") ?? ""
    website = try fields.lenientString("website") ?? fields.lenientString("domain") ?? ""
    address =
      try fields.present("address").map { _ in
        try fields.decode(Address.self, forKey: AnyKey("address"))
      }
      ?? Address(street: "", suite: "", city: "", zipcode: "", geo: Address.Geo(lat: "", lng: ""))
    company =
      try fields.present("company").map { _ in
        try fields.decode(Company.self, forKey: AnyKey("company"))
      }
      ?? Company(name: "", catchPhrase: "", bs: "")
  }
}

extension User.Address {
  /// Reads an address; every part may be missing.
  public init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: AnyKey.self)
    street = try fields.lenientString("street") ?? fields.lenientString("address") ?? ""
    suite = try fields.lenientString("suite") ?? ""
    city = try fields.lenientString("city") ?? ""
    zipcode = try fields.lenientString("zipcode") ?? fields.lenientString("postalCode") ?? ""
    let coordinates = try fields.present("geo") ?? fields.present("coordinates")
    geo = try coordinates.map { try fields.decode(Geo.self, forKey: $0) } ?? Geo(lat: "", lng: "")
  }
}

extension User.Address.Geo {
  /// Reads coordinates given as numbers or as text.
  public init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: AnyKey.self)
    lat = try fields.lenientString("lat") ?? ""
    lng = try fields.lenientString("lng") ?? ""
  }
}

extension User.Company {
  /// Reads a company; every part may be missing.
  public init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: AnyKey.self)
    name = try fields.lenientString("name") ?? ""
    catchPhrase = try fields.lenientString("catchPhrase") ?? ""
    bs = try fields.lenientString("bs") ?? ""
  }
}

/// Any member name.
struct AnyKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.init(stringValue) }
  init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer<AnyKey> {
  /// The key `name` when the member is there and not `null`.
  func present(_ name: String) throws -> AnyKey? {
    let key = AnyKey(name)
    return try contains(key) && !decodeNil(forKey: key) ? key : nil
  }

  /// A member that is text, or a number or a boolean written as text; nil when it is missing
  /// or `null`.
  func lenientString(_ name: String) throws -> String? {
    guard let key = try present(name) else { return nil }
    if let text = try? decode(String.self, forKey: key) { return text }
    if let number = try? decode(Int.self, forKey: key) { return String(number) }
    if let number = try? decode(Double.self, forKey: key) { return String(number) }
    if let flag = try? decode(Bool.self, forKey: key) { return String(flag) }
    throw DecodingError.typeMismatch(
      String.self,
      .init(codingPath: codingPath + [key], debugDescription: "text or a number was expected"))
  }

  /// A whole number, or text that is one.
  func lenientInt(_ name: String) throws -> Int {
    let key = AnyKey(name)
    if let number = try? decode(Int.self, forKey: key) { return number }
    if let text = try? decode(String.self, forKey: key),
      let number = Int(text.trimmingCharacters(in: .whitespaces))
    {
      return number
    }
    guard try present(name) != nil else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "no \(name)"))
    }
    throw DecodingError.typeMismatch(
      Int.self,
      .init(codingPath: codingPath + [key], debugDescription: "a whole number was expected"))
  }
}
