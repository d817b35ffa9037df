/// Which directions a view grows in to fill the space its stack offers.
struct Flex: Equatable {
  var horizontal: Bool
  var vertical: Bool

  static let none = Flex(horizontal: false, vertical: false)
  static let both = Flex(horizontal: true, vertical: true)

  func along(_ axis: Axis) -> Bool { axis == .horizontal ? horizontal : vertical }

  func union(_ other: Flex) -> Flex {
    Flex(horizontal: horizontal || other.horizontal, vertical: vertical || other.vertical)
  }
}
