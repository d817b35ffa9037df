/// A person in the users sample, in the JSON shape of jsonplaceholder's `/users`.
public struct User: Codable, Equatable, Hashable, Sendable, Identifiable {
  /// A postal address with map coordinates.
  public struct Address: Codable, Equatable, Hashable, Sendable {
    /// Map coordinates, kept as the decimal strings the API sends.
    public struct Geo: Codable, Equatable, Hashable, Sendable {
      /// Latitude, such as `"48.8566"`.
      public var lat: String
      /// Longitude, such as `"2.3522"`.
      public var lng: String

      /// Creates coordinates.
      public init(lat: String, lng: String) {
        self.lat = lat
        self.lng = lng
      }
    }

    /// Street name and number.
    public var street: String
    /// Apartment or suite.
    public var suite: String
    /// City.
    public var city: String
    /// Postal code.
    public var zipcode: String
    /// Map coordinates.
    public var geo: Geo

    /// Creates an address.
    public init(street: String, suite: String, city: String, zipcode: String, geo: Geo) {
      self.street = street
      self.suite = suite
      self.city = city
      self.zipcode = zipcode
      self.geo = geo
    }
  }

  /// The company a user works for.
  public struct Company: Codable, Equatable, Hashable, Sendable {
    /// Company name.
    public var name: String
    /// Slogan.
    public var catchPhrase: String
    /// What the company does, in buzzwords.
    public var bs: String

    /// Creates a company.
    public init(name: String, catchPhrase: String, bs: String) {
      self.name = name
      self.catchPhrase = catchPhrase
      self.bs = bs
    }
  }

  /// Identifier, unique in a list.
  public var id: Int
  /// Full name.
  public var name: String
  /// Login name.
  public var username: String
  /// Email address.
  public var email: String
  /// Postal address.
  public var address: Address
  /// Phone number.
  public var phone: String
  /// Website host name.
  public var website: String
  /// Employer.
  public var company: Company

  /// Creates a user.
  public init(
    id: Int, name: String, username: String, email: String, address: Address, phone: String,
    website: String, company: Company
  ) {
    self.id = id
    self.name = name
    self.username = username
    self.email = email
    self.address = address
    self.phone = phone
    self.website = website
    self.company = company
  }
}
