#if canImport(SwiftUI)
  import SwiftUI

  extension Binding where Value: Sendable {
    /// A SwiftUI binding over a store binding: `TextField("Email", text: Binding(email))`.
    ///
    /// Only forwards; every rule (which intent, skipping equal values) is in ``StoreBinding``
    /// and tested on every platform.
    @MainActor
    public init(_ binding: StoreBinding<Value>) {
      self.init(
        get: { MainActor.assumeIsolated { binding.value } },
        set: { newValue in MainActor.assumeIsolated { binding.value = newValue } })
    }
  }
#endif
