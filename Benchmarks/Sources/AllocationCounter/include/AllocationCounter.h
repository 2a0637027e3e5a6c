#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// Whether this platform's allocations are counted (glibc only).
int bsp_allocation_counting_available(void);

/// The number of heap allocations made by the process so far.
uint64_t bsp_allocation_count(void);

/// The bytes the heap has handed out and not taken back (glibc's mallinfo2), or 0.
uint64_t bsp_heap_bytes_in_use(void);

#endif
