// Counts heap allocations by interposing the C allocator in the benchmark executable (glibc
// only): every call goes to glibc's own implementation after bumping a counter. The library
// never links this; only the benchmark does, to check that a step allocates nothing.
#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static int64_t allocations = 0;

static void count(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t count_, size_t size) { count(); return __libc_calloc(count_, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12; // ENOMEM
    *result = pointer;
    return 0;
}

int64_t allocation_count(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }
#else
int64_t allocation_count(void) { return -1; }
#endif
