/// Reads the payload of an enum case, given the function that builds the case.
///
/// Swift has no key paths to enum cases without macros, so this uses reflection, as the first
/// case paths did: the payload is the value's only reflected child, and re-embedding it with
/// `embed` must give a value of the same case (two cases may carry the same payload type).
/// Used only off the hot path: to route side effects down to scoped stores, and by a
/// ``CaseLink`` until it has learned its case's layout.
enum EnumCase {
  static func extract<Root, Value>(_ value: Root, embed: (Value) -> Root) -> Value? {
    if Value.self == Never.self { return nil }
    let mirror = Mirror(reflecting: value)
    // Optional reflects as an optional, not an enum, with its payload as the child "some".
    guard mirror.displayStyle == .enum || mirror.displayStyle == .optional,
      let payload = mirror.children.first,
      let extracted = payload.value as? Value
    else { return nil }
    let check = Mirror(reflecting: embed(extracted))
    return check.children.first?.label == payload.label ? extracted : nil
  }
}
