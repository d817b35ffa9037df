/// A user as the demo server sends it, in the same JSON shape as jsonplaceholder's `/users`.
public struct DemoUser: Codable, Equatable, Sendable {
  /// A postal address with map coordinates.
  public struct Address: Codable, Equatable, Sendable {
    /// Map coordinates, as decimal strings like jsonplaceholder sends them.
    public struct Geo: Codable, Equatable, Sendable {
      /// Latitude, such as `"48.8566"`.
      public var lat: String
      /// Longitude, such as `"2.3522"`.
      public var lng: String
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
  }

  /// The company a user works for.
  public struct Company: Codable, Equatable, Sendable {
    /// Company name.
    public var name: String
    /// Slogan.
    public var catchPhrase: String
    /// What the company does, in buzzwords.
    public var bs: String
  }

  /// Identifier, from 1.
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
}
