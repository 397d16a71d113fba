#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer and fails on any report.
#
#   bash scripts/tsan.sh                      # every test
#   bash scripts/tsan.sh --filter Concurrency # extra arguments go to `swift test`
#   bash scripts/tsan.sh --build-only         # only the build; extra arguments go to `swift build`
#                                             # (CI starts it early, in the background)
#   bash scripts/tsan.sh --skip-build         # only the tests, on that build
#
# Builds into its own scratch path (.build-tsan), so the normal .build is left alone.
#
# Why there is a preloaded helper library
#   On Linux, Synchronization.Mutex is a priority-inheritance futex. Its uncontended path is an
#   atomic compare-and-exchange inlined into our code, which ThreadSanitizer sees; its contended
#   path (`_lockSlow`, `_tryLockSlow`, `_unlockSlow`) lives in the toolchain's uninstrumented
#   libswiftSynchronization.so and hands the lock over inside the kernel (FUTEX_LOCK_PI /
#   FUTEX_UNLOCK_PI), which ThreadSanitizer cannot see. Without help, every access made under a
#   contended Mutex is reported as a race. The helper below interposes those three functions, calls
#   the real ones, and tells ThreadSanitizer about the hand-over (`__tsan_release` before unlocking,
#   `__tsan_acquire` after locking), so only genuine races are left to report. It is built here,
#   outside the package, and loaded only into the test process.
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
test=1
case "${1:-}" in
    --build-only) test=0; shift ;;
    --skip-build) build=0; shift ;;
esac

scratch=.build-tsan
swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
clang="$swift_bin/clang"
sync_lib="$swift_bin/../lib/swift/linux/libswiftSynchronization.so"

lock_slow='$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF'
try_lock_slow='$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF'
unlock_slow='$s15Synchronization12_MutexHandleV11_unlockSlowyyF'

exported=$(nm -D --defined-only "$sync_lib")
for symbol in "$lock_slow" "$try_lock_slow" "$unlock_slow"; do
    if ! grep -qF " T $symbol" <<< "$exported"; then
        echo "tsan.sh: $sync_lib no longer exports $symbol; update the Mutex annotations" >&2
        exit 1
    fi
done

mkdir -p "$scratch"
shim="$scratch/libtsan-mutex-annotations.so"
cat > "$scratch/tsan-mutex-annotations.c" <<EOF
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>

#define SWIFTCALL __attribute__((swiftcall))
#define SELF __attribute__((swift_context))

/* Weak, so that an uninstrumented process that inherits LD_PRELOAD still runs. */
extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

typedef SWIFTCALL void (*LockSlow)(uint32_t, SELF void *);
typedef SWIFTCALL bool (*TryLockSlow)(SELF void *);
typedef SWIFTCALL void (*UnlockSlow)(SELF void *);

static LockSlow real_lock_slow;
static TryLockSlow real_try_lock_slow;
static UnlockSlow real_unlock_slow;

__attribute__((constructor)) static void find_real_functions(void) {
    real_lock_slow = (LockSlow)dlsym(RTLD_NEXT, "$lock_slow");
    real_try_lock_slow = (TryLockSlow)dlsym(RTLD_NEXT, "$try_lock_slow");
    real_unlock_slow = (UnlockSlow)dlsym(RTLD_NEXT, "$unlock_slow");
}

SWIFTCALL void $lock_slow(uint32_t thread_id, SELF void *handle) {
    real_lock_slow(thread_id, handle);
    if (__tsan_acquire) __tsan_acquire(handle);
}

SWIFTCALL bool $try_lock_slow(SELF void *handle) {
    bool locked = real_try_lock_slow(handle);
    if (locked && __tsan_acquire) __tsan_acquire(handle);
    return locked;
}

SWIFTCALL void $unlock_slow(SELF void *handle) {
    if (__tsan_release) __tsan_release(handle);
    real_unlock_slow(handle);
}
EOF
"$clang" -O1 -fPIC -shared -fdollars-in-identifiers -o "$shim" "$scratch/tsan-mutex-annotations.c" -ldl

# Line tables are all a ThreadSanitizer report needs to name file and line; leaving out the rest of
# the debug information takes about 20 s off CI on 2 cores.
if [ "$build" -eq 1 ]; then
    echo "== swift build --sanitize=thread"
    if [ "$test" -eq 1 ]; then
        swift build --build-tests --sanitize=thread --scratch-path "$scratch" -Xswiftc -gline-tables-only
    else
        swift build --build-tests --sanitize=thread --scratch-path "$scratch" -Xswiftc -gline-tables-only "$@"
    fi
fi
[ "$test" -eq 1 ] || exit 0

# The fuzz tests are single-threaded on virtual time: a twentieth of their cases is enough here
# (each still runs its whole count in `swift test`).
export FUZZ_CASES="${FUZZ_CASES:-200}"

echo "== swift test --sanitize=thread"
log="$scratch/tsan-test.log"
set +e
LD_PRELOAD="$(pwd)/$shim" TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" \
    swift test --skip-build --sanitize=thread --scratch-path "$scratch" "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

if grep -q "WARNING: ThreadSanitizer" "$log"; then
    echo "tsan.sh: ThreadSanitizer reported a problem (see above, or $log)" >&2
    exit 1
fi
exit "$status"
