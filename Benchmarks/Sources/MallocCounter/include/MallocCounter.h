#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
/// Heap allocations made by the whole process so far (Linux only; 0 elsewhere).
long mvikit_malloc_count(void);
/// Bytes currently allocated on the heap (Linux only; 0 elsewhere).
long mvikit_heap_bytes(void);
#endif
