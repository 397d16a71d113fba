// Callgrind's client requests, for `streams-bench --instructions`: the requests are special
// instruction sequences that do nothing on a real CPU and talk to valgrind when run under it.
// Without valgrind's headers the functions are no-ops, and the mode reports that.

#include "InstructionCounter.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>

void instruction_counter_toggle(void) {
    CALLGRIND_TOGGLE_COLLECT;
}

void instruction_counter_start(void) {
    CALLGRIND_START_INSTRUMENTATION;
}

int instruction_counter_is_active(void) {
    return RUNNING_ON_VALGRIND ? 1 : 0;
}
#else
void instruction_counter_toggle(void) {}

void instruction_counter_start(void) {}

int instruction_counter_is_active(void) {
    return 0;
}
#endif
