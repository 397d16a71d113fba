// Counts heap allocations by defining malloc and friends in the executable itself.
//
// The executable's definitions come first in symbol lookup, so every shared library (the Swift
// runtime, Foundation, OpenCombine's code) calls these instead of glibc's. Each one forwards to
// glibc's own entry point (__libc_malloc and friends), which avoids the dlsym bootstrapping
// problem of RTLD_NEXT (dlsym itself allocates). Counting is off unless a measurement turns it
// on, so timed runs pay one relaxed load per call.
//
// While counting, it also keeps the net change in live heap bytes: each block's usable size
// (malloc_usable_size, what the block really occupies) is added when it is allocated and
// subtracted when it is freed, whenever it was allocated. The result is how much more heap the
// process holds at the end of a measurement than at its start.

#include "MallocCounter.h"

#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static atomic_int counting;
static atomic_int_fast64_t allocations;
static atomic_int_fast64_t live_bytes;
static atomic_int interposed;

static inline int is_counting(void) {
    return atomic_load_explicit(&counting, memory_order_relaxed);
}

/// Counts one allocation of `pointer` (which may be NULL after a failure) when counting is on.
static inline void *counted(void *pointer) {
    atomic_store_explicit(&interposed, 1, memory_order_relaxed);
    if (is_counting()) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
        if (pointer != NULL) {
            atomic_fetch_add_explicit(&live_bytes, (int_fast64_t)malloc_usable_size(pointer), memory_order_relaxed);
        }
    }
    return pointer;
}

/// The usable size of a block, when counting is on and there is a block; else 0.
static inline size_t counted_size(void *pointer) {
    return pointer != NULL && is_counting() ? malloc_usable_size(pointer) : 0;
}

/// Takes `size` bytes that were freed off the live bytes.
static inline void uncount(size_t size) {
    if (size != 0) {
        atomic_fetch_sub_explicit(&live_bytes, (int_fast64_t)size, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    return counted(__libc_malloc(size));
}

void *calloc(size_t count, size_t size) {
    return counted(__libc_calloc(count, size));
}

void *realloc(void *pointer, size_t size) {
    size_t old = counted_size(pointer);
    void *result = __libc_realloc(pointer, size);
    // A failed realloc leaves the old block in place; realloc(p, 0) frees it.
    if (result != NULL || size == 0) uncount(old);
    return result == NULL ? NULL : counted(result);
}

void *memalign(size_t alignment, size_t size) {
    return counted(__libc_memalign(alignment, size));
}

void *aligned_alloc(size_t alignment, size_t size) {
    return counted(__libc_memalign(alignment, size));
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    void *pointer = counted(__libc_memalign(alignment, size));
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void free(void *pointer) {
    uncount(counted_size(pointer));
    __libc_free(pointer);
}

void malloc_counter_start(void) {
    atomic_store(&allocations, 0);
    atomic_store(&live_bytes, 0);
    atomic_store(&counting, 1);
}

int64_t malloc_counter_stop(void) {
    atomic_store(&counting, 0);
    return atomic_load(&allocations);
}

int64_t malloc_counter_live_bytes(void) {
    return atomic_load(&live_bytes);
}

int malloc_counter_is_active(void) {
    return atomic_load(&interposed);
}
