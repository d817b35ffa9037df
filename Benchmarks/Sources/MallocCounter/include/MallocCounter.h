#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
/// Heap allocations made by the whole process so far (Linux only; 0 elsewhere).
long mvikit_malloc_count(void);
/// Bytes currently allocated on the heap (Linux only; 0 elsewhere).
long mvikit_heap_bytes(void);
/// Whether the process runs under valgrind (callgrind, for `make bench-instructions`).
int mvikit_under_callgrind(void);
/// Starts collecting instructions, from zero (callgrind started with `--collect-atstart=no`).
void mvikit_instructions_begin(void);
/// Stops collecting and writes what was collected to the next dump file, under `label`.
void mvikit_instructions_end(const char *label);
#endif
