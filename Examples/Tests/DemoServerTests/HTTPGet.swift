import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A plain HTTP call for checking what the server sends, without the service clients.
struct HTTPResult {
  let status: Int
  let body: Data

  func json() throws -> Any {
    try JSONSerialization.jsonObject(with: body)
  }
}

func send(_ url: URL, method: String = "GET", body: String? = nil) async throws -> HTTPResult {
  var request = URLRequest(url: url)
  request.httpMethod = method
  request.timeoutInterval = 30
  if let body {
    request.httpBody = Data(body.utf8)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
  }
  let session = URLSession(configuration: .ephemeral)
  defer { session.finishTasksAndInvalidate() }
  let (data, response) = try await session.data(for: request)
  let status = (response as? HTTPURLResponse)?.statusCode ?? -1
  return HTTPResult(status: status, body: data)
}
