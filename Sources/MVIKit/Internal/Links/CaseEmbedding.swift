/// One case of a parent's enum that carries a child's value: how every link puts a child's
/// intent into the parent's intent, and a child's side effect into the parent's side effect,
/// and takes it out again.
@usableFromInline
struct CaseEmbedding<Parent, Child>: Sendable {
  @usableFromInline let embed: @Sendable (Child) -> Parent

  init(_ embed: @escaping @Sendable (Child) -> Parent) { self.embed = embed }

  /// Taking a value out of its case is done by reflection; it never runs on the path of an
  /// ordinary send, only to route a side effect down to a scoped store.
  func extract(_ parent: Parent) -> Child? { EnumCase.extract(parent, embed: embed) }
}
