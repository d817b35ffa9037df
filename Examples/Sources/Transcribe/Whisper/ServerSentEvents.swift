import Foundation

/// Splits a `text/event-stream` body into the `data` of each event, however the bytes are
/// chunked on the way.
struct ServerSentEvents {
  private var buffer = Data()

  /// Adds `chunk` and returns the data of every event it completes.
  mutating func feed(_ chunk: Data) -> [String] {
    buffer.append(chunk)
    var events: [String] = []
    while let end = Self.eventEnd(in: buffer) {
      let block = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
      buffer.removeSubrange(buffer.startIndex..<end.upperBound)
      let data = block.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        .compactMap { line -> Substring? in
          guard line.hasPrefix("data:") else { return nil }
          let value = line.dropFirst(5)
          return value.first == " " ? value.dropFirst() : value
        }
      if !data.isEmpty { events.append(data.joined(separator: "\n")) }
    }
    return events
  }

  /// Where the first blank line ends an event, LF or CRLF.
  private static func eventEnd(in data: Data) -> Range<Data.Index>? {
    let lf = data.firstRange(of: Data("\n\n".utf8))
    let crlf = data.firstRange(of: Data("\r\n\r\n".utf8))
    switch (lf, crlf) {
    case (let lf?, let crlf?): return lf.lowerBound < crlf.lowerBound ? lf : crlf
    case (let lf?, nil): return lf
    case (nil, let crlf?): return crlf
    case (nil, nil): return nil
    }
  }
}
