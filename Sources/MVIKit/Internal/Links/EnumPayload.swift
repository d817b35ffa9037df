import CMVIKitAtomics
import Foundation

/// Reads the payload of one case of an enum without reflection, once the case is known.
///
/// Swift has no key paths to enum cases without macros. Reflection (``EnumCase``) finds a
/// case's payload but costs microseconds, too much for a scoped store that reads its state on
/// every render. So the first value of the case is read by reflection, which also learns the
/// case's tag; after that the enum's value witnesses give the tag of a value and project its
/// payload in place, as the runtime itself does for a `switch`.
///
/// The invariants this file rests on, each with its test (EnumPayloadTests, CaseLinkLayoutTests,
/// every enum layout Swift uses: payloads with and without spare bits, extra tag bytes, single
/// and multi-payload enums, generic payloads, payloads from other modules):
/// - The witnesses are read from the enum's value witness table at the offsets of the Swift
///   ABI (eight functions, size, stride, flags and extra inhabitants, then `getEnumTag`,
///   `destructiveProjectEnumData`, `destructiveInjectEnumTag`), only for metadata of kind enum
///   or Optional whose payloads are stored inline. An enum with an indirect case keeps its
///   payloads boxed: it is always read by reflection, as is every type that is not an enum.
/// - A tag is learned only from a value that reflection found to be of the case, and every
///   value of a case has the same tag, so the learned tag is the same whoever learns it.
/// - The payload sits at the enum's first byte once the tag is projected out of it; when the
///   projection changes no byte (the tag is in bytes of its own, or all zero bits), the payload
///   is used as it lies and never projected (``InPlace/asIs``).
/// - The tag is read and written atomically (relaxed): threads may learn it at once, each
///   writing the same value, and nothing else is published with it.
/// - The reader runs only where those tests run: on x86_64, and on arm64 whose function
///   pointers are not signed (on arm64e the witnesses are signed, and a cast to
///   `@convention(c)` cannot call them). Everywhere else, and wherever
///   `MVIKIT_ENUM_PAYLOAD_READER=off` is set (``EnumWitnesses/isReaderOn``), every read goes
///   through reflection: the sound path, whose cost `make bench-instructions` measures (5b).
@usableFromInline
final class EnumPayload<Root, Value>: @unchecked Sendable {
  @usableFromInline let embed: @Sendable (Value) -> Root
  @usableFromInline let witnesses: EnumWitnesses?
  /// The case's tag, or -1 until the first value of the case is seen; with
  /// ``InPlace/asIs`` when the case's payload can be used as it lies. Read and written only
  /// through ``InPlace/load(_:)`` and ``InPlace/store(_:_:)``.
  @usableFromInline let tag = UnsafeMutablePointer<Int64>.allocate(capacity: 1)

  init(embed: @escaping @Sendable (Value) -> Root) {
    self.embed = embed
    witnesses = EnumWitnesses(Root.self)
    tag.initialize(to: -1)  // Before the object is shared: no other thread sees it yet.
  }

  deinit { tag.deallocate() }

  @usableFromInline func extract(_ root: Root) -> Value? {
    guard let witnesses else { return EnumCase.extract(root, embed: embed) }
    var root = root
    // A copy of the payload, read in place from a copy of the enum.
    if InPlace.load(tag) >= 0 {
      return InPlace(witnesses: witnesses, tag: tag).modify(&root) { $0 }
    }
    guard let payload = EnumCase.extract(root, embed: embed) else { return nil }
    withUnsafeMutablePointer(to: &root) { pointer in
      let raw = UnsafeMutableRawPointer(pointer)
      let rootTag = witnesses.getTag(raw, witnesses.metadata)
      let asIs = Self.payloadIsAsIs(raw, rootTag, witnesses)
      InPlace.store(tag, Int64(rootTag) | (asIs ? InPlace.asIs : 0))
    }
    return payload
  }

  /// Whether `raw`, a value of the case tagged `caseTag`, holds its payload's bytes as they
  /// are: clearing the tag from the payload and putting it back change no byte. So it is when
  /// the enum keeps its tags in bytes after the payloads (payloads with no spare bits, such as
  /// numbers), or when this case's tag is all zero bits. It holds for every value of the
  /// case, as the bits a tag takes are never a payload's.
  private static func payloadIsAsIs(
    _ raw: UnsafeMutableRawPointer, _ caseTag: UInt32, _ witnesses: EnumWitnesses
  ) -> Bool {
    let bytes = UnsafeRawBufferPointer(start: raw, count: MemoryLayout<Root>.size)
    let before = Array(bytes)
    witnesses.project(raw, witnesses.metadata)
    let projected = before.elementsEqual(bytes)
    witnesses.inject(raw, caseTag, witnesses.metadata)
    return projected && before.elementsEqual(bytes)
  }

  /// What a send needs to reach the payload in place, once the tag is known: a value, so that
  /// reading it from a link retains nothing.
  var inPlace: InPlace? { witnesses.map { InPlace(witnesses: $0, tag: tag) } }

  /// Runs `body` on the case's payload in place, nil while `root` is another case.
  ///
  /// In place, so that the payload's arrays stay uniquely referenced and a change to one
  /// element does not copy them. Until the case's tag is known (or when the enum keeps its
  /// payloads boxed), the payload is copied out and the case written back.
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result? {
    guard let inPlace, inPlace.isLearned else {
      guard var payload = extract(root) else { return nil }
      defer { root = embed(payload) }
      return body(&payload)
    }
    return inPlace.modify(&root, body)
  }

  /// The enum's witnesses and the case's tag; the tag's storage belongs to the ``EnumPayload``,
  /// which whoever holds this keeps alive.
  @usableFromInline
  struct InPlace: @unchecked Sendable {
    @usableFromInline let witnesses: EnumWitnesses
    @usableFromInline let tag: UnsafeMutablePointer<Int64>

    /// The bits of ``EnumPayload/tag`` that hold the case's tag, a witness's 32-bit value.
    @inlinable static var caseTag: Int64 { 0xFFFF_FFFF }
    /// The bit of ``EnumPayload/tag`` that says the payload can be used as it lies.
    @inlinable static var asIs: Int64 { 1 << 32 }

    /// Whether the case's tag is known: its first value was seen.
    @inlinable var isLearned: Bool { Self.load(tag) >= 0 }

    /// The learned tag, read atomically.
    @inlinable @inline(__always)
    static func load(_ tag: UnsafeMutablePointer<Int64>) -> Int64 {
      mvikit_atomic_load_relaxed(tag)
    }

    /// Learns the tag, atomically: another thread may learn the same one at once.
    @inlinable
    static func store(_ tag: UnsafeMutablePointer<Int64>, _ value: Int64) {
      mvikit_atomic_store_relaxed(tag, value)
    }

    /// `body`'s result, or nil (`body` not run) unless the learned case is current and its
    /// payload sits as is.
    @inlinable @inline(__always)
    func modifyAsIs<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result? {
      // One comparison: the flag set, and the sign (not learned yet) clear.
      let known = Self.load(tag)
      guard known >> 32 == Self.asIs >> 32 else { return nil }
      return withUnsafeMutablePointer(to: &root) { pointer -> Result? in
        let raw = UnsafeMutableRawPointer(pointer)
        let current = Int64(witnesses.getTag(raw, witnesses.metadata))
        guard current == known & Self.caseTag else { return nil }
        return body(&raw.assumingMemoryBound(to: Value.self).pointee)
      }
    }

    /// Runs `body` on the payload of `root`, in place; nil when `root` is another case. The
    /// tag must be known.
    @inlinable
    func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result? {
      withUnsafeMutablePointer(to: &root) { pointer -> Result? in
        let raw = UnsafeMutableRawPointer(pointer)
        let rootTag = witnesses.getTag(raw, witnesses.metadata)
        let known = Self.load(tag)
        guard Int64(rootTag) == known & Self.caseTag else { return nil }
        let payload = raw.assumingMemoryBound(to: Value.self)
        if known & Self.asIs != 0 { return body(&payload.pointee) }
        // The payload sits at the enum's start once its tag bits are cleared; they are put
        // back however `body` ends.
        witnesses.project(raw, witnesses.metadata)
        defer { witnesses.inject(raw, rootTag, witnesses.metadata) }
        return body(&payload.pointee)
      }
    }
  }
}

/// The enum value witnesses of a type, when it is an enum whose payloads are stored inline.
@usableFromInline
struct EnumWitnesses {
  @usableFromInline typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  @usableFromInline typealias Project =
    @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  @usableFromInline typealias Inject =
    @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  @usableFromInline let metadata: UnsafeRawPointer
  @usableFromInline let getTag: GetTag
  @usableFromInline let project: Project
  @usableFromInline let inject: Inject

  /// Whether the reader of witnesses runs in this process: on the machines whose layouts its
  /// tests check, unless `MVIKIT_ENUM_PAYLOAD_READER=off`, which runs those tests (and any
  /// program) on the sound path instead. Read once.
  static let isReaderOn: Bool = {
    #if arch(x86_64) || (arch(arm64) && !_ptrauth(_arm64e))
      return ProcessInfo.processInfo.environment["MVIKIT_ENUM_PAYLOAD_READER"] != "off"
    #else
      return false
    #endif
  }()

  init?(_ type: Any.Type) {
    guard Self.isReaderOn else { return nil }
    let word = MemoryLayout<UnsafeRawPointer>.size
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    // Metadata kinds 0x201 and 0x202: an enum, or Optional.
    let kind = metadata.load(as: Int.self)
    guard kind == 0x201 || kind == 0x202, !Self.hasIndirectCase(metadata) else { return nil }
    self.metadata = metadata
    // The value witness table sits just before the metadata. The enum witnesses follow the
    // eight witness functions, size, stride, flags and extra inhabitant count.
    let table = metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
    let enumWitnesses = 8 * word + 2 * word + 8
    getTag = table.load(fromByteOffset: enumWitnesses, as: GetTag.self)
    project = table.load(fromByteOffset: enumWitnesses + word, as: Project.self)
    inject = table.load(fromByteOffset: enumWitnesses + 2 * word, as: Inject.self)
  }

  /// Whether a case of the enum is `indirect`, from the field records of its descriptor.
  private static func hasIndirectCase(_ metadata: UnsafeRawPointer) -> Bool {
    let descriptor = metadata.load(
      fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
    // The descriptor's fields: flags, parent, name, access function, then field records.
    let fieldsOffset = descriptor + 16
    let offset = fieldsOffset.load(as: Int32.self)
    guard offset != 0 else { return true }
    let fields = fieldsOffset + Int(offset)
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    for index in 0..<count {
      // Bit 0 of a field record's flags: an indirect case.
      if fields.load(fromByteOffset: 16 + index * recordSize, as: UInt32.self) & 1 != 0 {
        return true
      }
    }
    return false
  }
}
