extension DemoUser {
  /// The ten invented users that `GET /users` serves. Names, addresses and companies are made up;
  /// every email and website is under the reserved `.example` domain.
  public static let fixtures: [DemoUser] = [
    make(
      1, "Ada Whitfield", "adaw", "ada@whitfield.example", "12 Lantern Row", "Apt. 4",
      "Port Elmsley", "40101", ("51.5072", "-0.1276"), "+1 555 0101", "whitfield.example",
      ("Lantern Labs", "Light the way forward", "illuminate scalable pipelines")),
    make(
      2, "Bruno Castellano", "brunoc", "bruno@castellano.example", "88 Olive Grove", "Suite 210",
      "San Aurelio", "40102", ("41.9028", "12.4964"), "+1 555 0102", "castellano.example",
      ("Castellano & Figli", "Crafted to last", "handcraft artisanal supply chains")),
    make(
      3, "Chiara Okafor", "chiko", "chiara@okafor.example", "3 Baobab Lane", "Unit 7",
      "Lakeshore", "40103", ("6.5244", "3.3792"), "+1 555 0103", "okafor.example",
      ("Baobab Systems", "Deep roots, wide reach", "grow resilient networks")),
    make(
      4, "Dmitri Halvorsen", "dmitrih", "dmitri@halvorsen.example", "140 Fjord Street",
      "Floor 2", "North Vik", "40104", ("59.9139", "10.7522"), "+1 555 0104",
      "halvorsen.example",
      ("Fjordline", "Calm waters, fast ships", "navigate frictionless logistics")),
    make(
      5, "Esme Nakamura", "esmen", "esme@nakamura.example", "9 Cherry Hill", "Apt. 12",
      "Kitashore", "40105", ("35.6762", "139.6503"), "+1 555 0105", "nakamura.example",
      ("Sakura Forms", "Every detail in bloom", "cultivate delightful interfaces")),
    make(
      6, "Felix Moreau", "felixm", "felix@moreau.example", "27 Rue du Canal", "Suite 5",
      "Belleau", "40106", ("48.8566", "2.3522"), "+1 555 0106", "moreau.example",
      ("Canal Numérique", "Data that flows", "channel real-time insights")),
    make(
      7, "Greta Lindqvist", "gretal", "greta@lindqvist.example", "61 Birch Avenue", "Apt. 1",
      "Elmstad", "40107", ("59.3293", "18.0686"), "+1 555 0107", "lindqvist.example",
      ("Birchwood Studio", "Simple, sturdy, Swedish", "assemble modular furniture apps")),
    make(
      8, "Hassan Idrissi", "hassani", "hassan@idrissi.example", "5 Atlas Square", "Suite 900",
      "Marrow Bay", "40108", ("33.5731", "-7.5898"), "+1 555 0108", "idrissi.example",
      ("Atlas Freight", "We carry the world", "shoulder end-to-end deliveries")),
    make(
      9, "Ines Carvalho", "inesc", "ines@carvalho.example", "44 Tile Street", "Floor 3",
      "Azulejo", "40109", ("38.7223", "-9.1393"), "+1 555 0109", "carvalho.example",
      ("Azul Mosaic", "Piece by piece", "tile composable components")),
    make(
      10, "Jonas Weber", "jonasw", "jonas@weber.example", "230 Mill Road", "Unit 18",
      "Kornfeld", "40110", ("52.5200", "13.4050"), "+1 555 0110", "weber.example",
      ("Mühlenwerk", "Grinding out quality", "mill reliable microservices")),
  ]

  private static func make(
    _ id: Int, _ name: String, _ username: String, _ email: String, _ street: String,
    _ suite: String, _ city: String, _ zipcode: String, _ geo: (String, String),
    _ phone: String, _ website: String, _ company: (String, String, String)
  ) -> DemoUser {
    DemoUser(
      id: id, name: name, username: username, email: email,
      address: Address(
        street: street, suite: suite, city: city, zipcode: zipcode,
        geo: Address.Geo(lat: geo.0, lng: geo.1)),
      phone: phone, website: website,
      company: Company(name: company.0, catchPhrase: company.1, bs: company.2))
  }
}
