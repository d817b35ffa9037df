/// What may happen next in a schedule: the scenario's next intent, or the next delivery of a
/// job (by the order the jobs started in). A schedule string spells it `u` or `e<job>`.
@usableFromInline
enum ScheduleChoice: Hashable, CustomStringConvertible {
  case user
  case job(Int)

  init?(token: some StringProtocol) {
    if token == "u" {
      self = .user
    } else if token.first == "e", let index = Int(token.dropFirst()) {
      self = .job(index)
    } else {
      return nil
    }
  }

  @usableFromInline var description: String {
    switch self {
    case .user: "u"
    case .job(let index): "e\(index)"
    }
  }
}
