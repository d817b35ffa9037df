/// A true fact about `number`, computed locally; the pause lets the spinner show.
@Sendable
func numberFact(_ number: Int) async throws -> String {
  try await Task.sleep(for: .milliseconds(600))
  var facts = [number % 2 == 0 ? "even" : "odd"]
  if isPrime(number) { facts.append("prime") }
  let root = Int(Double(number).squareRoot())
  if number >= 0, root * root == number { facts.append("the square of \(root)") }
  return "\(number) is " + facts.joined(separator: ", ") + "."
}

private func isPrime(_ number: Int) -> Bool {
  guard number >= 2 else { return false }
  var divisor = 2
  while divisor * divisor <= number {
    if number % divisor == 0 { return false }
    divisor += 1
  }
  return true
}
