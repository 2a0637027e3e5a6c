// Counts heap allocations by interposing the allocator's entry points. The executable's own
// definitions of malloc & co. take precedence over libc's for every caller in the process; each
// forwards to glibc's internal __libc_* function, so no dlsym (which itself allocates) is needed.

#include "AllocationCounter.h"

#if defined(__GLIBC__)
#include <malloc.h>
#include <stddef.h>
#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static uint64_t allocations = 0;

static void count(void) { __atomic_add_fetch(&allocations, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t count_, size_t size) { count(); return __libc_calloc(count_, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void free(void *pointer) { __libc_free(pointer); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

int bsp_allocation_counting_available(void) { return 1; }
uint64_t bsp_allocation_count(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }
// Small chunks in use plus those mapped on their own (a large buffer is not in `uordblks`).
uint64_t bsp_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)(info.uordblks + info.hblkhd);
}

#else

int bsp_allocation_counting_available(void) { return 0; }
uint64_t bsp_allocation_count(void) { return 0; }
uint64_t bsp_heap_bytes_in_use(void) { return 0; }

#endif
