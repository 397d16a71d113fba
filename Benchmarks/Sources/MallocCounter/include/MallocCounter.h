#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// Starts counting allocations from zero (malloc, calloc, realloc, aligned allocations).
void malloc_counter_start(void);

/// Stops counting and returns the number of allocations since `malloc_counter_start`.
int64_t malloc_counter_stop(void);

/// Whether this process's malloc is the counting one (false if the interposition did not take).
int malloc_counter_is_active(void);

#endif
