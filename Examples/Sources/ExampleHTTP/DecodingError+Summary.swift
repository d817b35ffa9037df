/// A short, user-readable reason for a decoding failure, naming the field but never the data.
package func decodingSummary(_ error: any Error, dropping leadingKeys: Int = 0) -> String {
  guard let error = error as? DecodingError else { return "it could not be decoded" }
  switch error {
  case .dataCorrupted(let context):
    return context.codingPath.count <= leadingKeys
      ? "it is not valid JSON" : "\(path(context, dropping: leadingKeys)) is invalid"
  case .keyNotFound(let key, let context):
    return "field '\(path(context, appending: key, dropping: leadingKeys))' is missing"
  case .typeMismatch(_, let context), .valueNotFound(_, let context):
    let field = path(context, dropping: leadingKeys)
    return field.isEmpty
      ? "it has the wrong shape at the top" : "field '\(field)' has the wrong type"
  @unknown default:
    return "it could not be decoded"
  }
}

private func path(
  _ context: DecodingError.Context, appending key: (any CodingKey)? = nil, dropping leadingKeys: Int
) -> String {
  let keys = (context.codingPath + (key.map { [$0] } ?? [])).dropFirst(leadingKeys)
  let parts = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
  return parts.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
}
