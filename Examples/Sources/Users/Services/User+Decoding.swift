import Foundation

/// Users as real user APIs send them, not only as jsonplaceholder does: an `id` given as a
/// number or a numeric string, coordinates as numbers or strings, a `null` or missing phone,
/// email, address or company, and the names of DummyJSON (`firstName`, `lastName`, an address's
/// `address`, `postalCode` and `coordinates`), reqres (`first_name`, `last_name`),
/// randomuser.me (`name.first` and `name.last`, `login.username`, `location`, `cell`) and
/// GitHub (`login`, `html_url`).
///
/// A user needs a name (or the parts of one, or a username or login); without one it is
/// skipped, and the list says why. One read on its own needs its id too; in a list, a user
/// whose id is missing or not a number (randomuser's `id` is an object) is given one.
extension User {
  /// The members a user's name is read from, as a message names them.
  static let nameFields =
    "\"name\" (text, or \"first\" and \"last\"), \"first_name\" and \"last_name\", "
    + "\"firstName\" and \"lastName\", \"username\" or \"login\""

  /// Reads a user from any of the shapes above.
  /// - Throws: `DecodingError` naming the missing id or name, or a mistyped member.
  public init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: AnyKey.self)
    try self.init(fields: fields, id: fields.lenientInt("id"))
  }

  /// Reads every member but the id from `fields`.
  init(fields: KeyedDecodingContainer<AnyKey>, id: Int) throws {
    self.id = id
    email = try fields.lenientString("email") ?? ""
    let login = try fields.nested("login")
    let username =
      try fields.lenientString("username") ?? login?.lenientString("username")
      ?? (login == nil ? fields.lenientString("login") : nil)
    let nameParts = try fields.nested("name")
    let parts = [
      try nameParts?.lenientString("first") ?? fields.lenientString("firstName")
        ?? fields.lenientString("first_name"),
      try nameParts?.lenientString("last") ?? fields.lenientString("lastName")
        ?? fields.lenientString("last_name"),
    ].compactMap { $0 }.filter { !$0.isEmpty }
    let fullName = nameParts == nil ? try fields.lenientString("name") : nil
    guard let name = fullName ?? (parts.isEmpty ? nil : parts.joined(separator: " ")) ?? username
    else {
      throw DecodingError.keyNotFound(
        AnyKey("name"), .init(codingPath: fields.codingPath, debugDescription: "no name"))
    }
    self.name = name
    self.username = username ?? ""
    phone = try fields.lenientString("phone") ?? fields.lenientString("cell") ?? ""
    website =
      try fields.lenientString("website") ?? fields.lenientString("domain")
      ?? fields.lenientString("blog").flatMap { $0.isEmpty ? nil : $0 }
      ?? fields.lenientString("html_url") ?? ""
    let place = try fields.present("address") ?? fields.present("location")
    address =
      try place.map { try fields.decode(Address.self, forKey: $0) }
      ?? Address(street: "", suite: "", city: "", zipcode: "", geo: Address.Geo(lat: "", lng: ""))
    company =
      try fields.present("company").map { _ in
        try fields.decode(Company.self, forKey: AnyKey("company"))
      }
      ?? Company(name: "", catchPhrase: "", bs: "")
  }
}

/// A user in a list: its id when it has a numeric one, else none yet, for ``UsersClient`` to
/// give it one.
struct ListedUser: Decodable {
  let user: User
  let hasID: Bool

  init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: AnyKey.self)
    let id = try? fields.lenientInt("id")
    user = try User(fields: fields, id: id ?? 0)
    hasID = id != nil
  }
}

extension User.Address {
  /// Reads an address; every part may be missing.
  public init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: AnyKey.self)
    // randomuser.me: {"street": {"number": 8929, "name": "Valwood Pkwy"}, …}
    if let street = try fields.nested("street") {
      self.street = [try street.lenientString("number"), try street.lenientString("name")]
        .compactMap { $0 }.joined(separator: " ")
    } else {
      street = try fields.lenientString("street") ?? fields.lenientString("address") ?? ""
    }
    suite = try fields.lenientString("suite") ?? ""
    city = try fields.lenientString("city") ?? ""
    zipcode =
      try fields.lenientString("zipcode") ?? fields.lenientString("postalCode")
      ?? fields.lenientString("postcode") ?? ""
    let coordinates = try fields.present("geo") ?? fields.present("coordinates")
    geo = try coordinates.map { try fields.decode(Geo.self, forKey: $0) } ?? Geo(lat: "", lng: "")
  }
}

extension User.Address.Geo {
  /// Reads coordinates given as numbers or as text.
  public init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: AnyKey.self)
    lat = try fields.lenientString("lat") ?? fields.lenientString("latitude") ?? ""
    lng = try fields.lenientString("lng") ?? fields.lenientString("longitude") ?? ""
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

  /// The member `name` when it is an object, read member by member; nil when it is missing,
  /// `null` or not an object.
  func nested(_ name: String) throws -> KeyedDecodingContainer<AnyKey>? {
    guard let key = try present(name) else { return nil }
    return try? nestedContainer(keyedBy: AnyKey.self, forKey: key)
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
