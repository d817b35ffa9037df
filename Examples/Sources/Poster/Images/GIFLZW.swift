/// GIF's variable-length LZW: codes of 3 to 12 bits, least significant bit first, with a clear
/// code that resets the table and an end code.
enum GIFLZW {
  /// The first `count` colour indices of `stream`.
  /// - Throws: ``PosterError/corruptImage(reason:)`` for a code that is not in the table yet,
  ///   or a stream that ends before `count` indices.
  static func decode(_ stream: [UInt8], minimumCodeSize: Int, count: Int) throws(PosterError)
    -> [UInt8]
  {
    let clear = 1 << minimumCodeSize
    let end = clear + 1
    // Each code is its prefix code plus one last index; the roots are the indices themselves.
    var prefix = [Int](repeating: -1, count: 4096)
    var suffix = [UInt8](repeating: 0, count: 4096)
    var first = [UInt8](repeating: 0, count: 4096)
    for root in 0..<clear {
      suffix[root] = UInt8(truncatingIfNeeded: root)
      first[root] = UInt8(truncatingIfNeeded: root)
    }
    var output: [UInt8] = []
    output.reserveCapacity(count)
    var string: [UInt8] = []
    var codeSize = minimumCodeSize + 1
    var next = end + 1
    var previous: Int?
    var bits = 0
    var bitCount = 0
    var position = 0
    while output.count < count {
      while bitCount < codeSize {
        guard position < stream.count else {
          throw .corruptImage(reason: "its image data ends early")
        }
        bits |= Int(stream[position]) << bitCount
        position += 1
        bitCount += 8
      }
      let code = bits & (1 << codeSize - 1)
      bits >>= codeSize
      bitCount -= codeSize
      if code == clear {
        codeSize = minimumCodeSize + 1
        next = end + 1
        previous = nil
        continue
      }
      if code == end { break }
      guard let last = previous else {
        guard code < clear else {
          throw .corruptImage(reason: "its image data starts with code \(code)")
        }
        output.append(UInt8(code))
        previous = code
        continue
      }
      // A code not in the table yet can only be the one about to be added: the last string
      // and its own first index.
      guard code <= next, code < 4096 else {
        throw .corruptImage(reason: "its image data holds code \(code) before it is defined")
      }
      let head = code < next ? first[code] : first[last]
      if next < 4096 {
        prefix[next] = last
        suffix[next] = head
        first[next] = first[last]
        next += 1
        if next == 1 << codeSize, codeSize < 12 { codeSize += 1 }
      }
      string.removeAll(keepingCapacity: true)
      var walk = code
      while walk >= 0 {
        string.append(suffix[walk])
        walk = walk < clear ? -1 : prefix[walk]
      }
      output.append(contentsOf: string.reversed().prefix(count - output.count))
      previous = code
    }
    guard output.count == count else { throw .corruptImage(reason: "its image data ends early") }
    return output
  }
}
