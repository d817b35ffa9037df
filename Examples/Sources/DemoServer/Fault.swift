/// A way the demo server can misbehave on one path, so tests and demos can exercise error paths
/// against a real server.
public enum Fault: Sendable, Equatable {
  /// Answer with this HTTP status code and a JSON error body instead of the real response.
  case status(Int)
  /// Answer `200 OK` with a `Content-Type: application/json` body that is not valid JSON.
  case malformedJSON
  /// Declare a longer `Content-Length` than is sent, then close the connection mid-body.
  case truncatedBody
  /// Wait this long before answering normally. A server shutdown cuts the wait short.
  case delay(Duration)
  /// Answer `429 Too Many Requests` with this `Retry-After` value (seconds, or an HTTP date;
  /// none when nil) to the first `times` requests, then normally: a rate limit that lifts.
  case rateLimited(retryAfter: String?, times: Int)
}
