/// How many colours the terminal can show.
public enum ColorMode: Hashable, Sendable {
  /// 24-bit colour (`COLORTERM=truecolor`).
  case trueColor
  /// The 256-colour palette; 24-bit colours are approximated.
  case palette256

  /// The mode that the environment reports: truecolor when `COLORTERM` says so.
  public static func detect(environment: [String: String]) -> ColorMode {
    let value = environment["COLORTERM"]?.lowercased() ?? ""
    return value.contains("truecolor") || value.contains("24bit") ? .trueColor : .palette256
  }
}
