#ifndef CMVIKIT_ATOMICS_H
#define CMVIKIT_ATOMICS_H

#include <stdint.h>

// Relaxed atomic loads and stores of a 64-bit integer, for a value that several threads may
// learn at once, each writing the same bits (a CaseLink's learned enum tag). Relaxed is enough:
// nothing else is published with the value. Static inline, so that Swift code inlines them: on
// x86-64 and arm64 each is one plain load or store, the same instruction as a non-atomic one.
static inline int64_t mvikit_atomic_load_relaxed(const int64_t *address) {
  return __atomic_load_n(address, __ATOMIC_RELAXED);
}

static inline void mvikit_atomic_store_relaxed(int64_t *address, int64_t value) {
  __atomic_store_n(address, value, __ATOMIC_RELAXED);
}

#endif
