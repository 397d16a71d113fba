// Counts heap allocations by defining malloc and friends in the executable itself.
//
// The executable's definitions come first in symbol lookup, so every shared library (the Swift
// runtime, Foundation, OpenCombine's code) calls these instead of glibc's. Each one forwards to
// glibc's own entry point (__libc_malloc and friends), which avoids the dlsym bootstrapping
// problem of RTLD_NEXT (dlsym itself allocates). Counting is off unless a measurement turns it
// on, so timed runs pay one relaxed load per call.

#include "MallocCounter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static atomic_int counting;
static atomic_int_fast64_t allocations;
static atomic_int interposed;

static inline void count_one(void) {
    atomic_store_explicit(&interposed, 1, memory_order_relaxed);
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    count_one();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_one();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_one();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count_one();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void free(void *pointer) {
    __libc_free(pointer);
}

void malloc_counter_start(void) {
    atomic_store(&allocations, 0);
    atomic_store(&counting, 1);
}

int64_t malloc_counter_stop(void) {
    atomic_store(&counting, 0);
    return atomic_load(&allocations);
}

int malloc_counter_is_active(void) {
    return atomic_load(&interposed);
}
