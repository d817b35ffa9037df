// Instruction counts from callgrind, through its client requests: each measured run of a case
// is collected apart and written to a dump of its own, which the benchmark reads back. Outside
// valgrind a client request is a few instructions that do nothing; without valgrind's headers
// (another system) the counter says it is not counting.
#include "MallocCounter.h"
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>

int mvikit_under_callgrind(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }

void mvikit_instructions_begin(void) {
  CALLGRIND_ZERO_STATS;
  CALLGRIND_TOGGLE_COLLECT;
}

void mvikit_instructions_end(const char *label) {
  CALLGRIND_TOGGLE_COLLECT;
  CALLGRIND_DUMP_STATS_AT(label);
}
#else
int mvikit_under_callgrind(void) { return 0; }
void mvikit_instructions_begin(void) {}
void mvikit_instructions_end(const char *label) { (void)label; }
#endif
