/// The terminal's answer to "where is the cursor?" (`ESC [ 6 n`), which an inline viewport
/// asks to find the row it starts on.
package enum CursorPositionReport {
  package static let query = Array("\u{1B}[6n".utf8)

  /// Whether `answer` holds a whole report.
  package static func isComplete(_ answer: [UInt8]) -> Bool {
    row(in: answer) != nil
  }

  /// The zero-based row of the report `ESC [ row ; column R` in `answer`, or nil.
  package static func row(in answer: [UInt8]) -> Int? {
    guard let start = answer.lastIndex(of: 0x1B), start + 1 < answer.count,
      answer[start + 1] == UInt8(ascii: "["), answer.last == UInt8(ascii: "R")
    else { return nil }
    let fields = answer[(start + 2)..<(answer.count - 1)].split(separator: UInt8(ascii: ";"))
    guard fields.count == 2, let rowField = fields.first,
      rowField.allSatisfy({ (0x30...0x39).contains($0) }), rowField.count <= 5,
      let row = Int(String(decoding: rowField, as: UTF8.self)), row >= 1
    else { return nil }
    return row - 1
  }
}
