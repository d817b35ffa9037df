/// A short, user-readable reason for a decoding failure, naming the field but never the data.
package func decodingSummary(_ error: any Error) -> String {
  guard let error = error as? DecodingError else { return "it could not be decoded" }
  switch error {
  case .dataCorrupted(let context):
    return context.codingPath.isEmpty ? "it is not valid JSON" : "\(path(context)) is invalid"
  case .keyNotFound(let key, let context):
    return "field '\(path(context, appending: key))' is missing"
  case .typeMismatch(_, let context), .valueNotFound(_, let context):
    return "field '\(path(context))' has the wrong type"
  @unknown default:
    return "it could not be decoded"
  }
}

private func path(_ context: DecodingError.Context, appending key: (any CodingKey)? = nil) -> String
{
  let keys = context.codingPath + (key.map { [$0] } ?? [])
  let parts = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
  return parts.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
}
