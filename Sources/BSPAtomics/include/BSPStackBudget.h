// How much of the current thread's stack is left, for BSPCore to cut a cycle of nested
// notifications before it overflows the stack, whatever the thread's stack size.
#ifndef BSP_STACK_BUDGET_H
#define BSP_STACK_BUDGET_H

#include <stdbool.h>
#include <stdint.h>

/// The lowest address this thread's stack may grow to before a nested notification is cut, or
/// `UINTPTR_MAX` until it is computed; 0 when the platform does not tell the stack's bounds.
extern _Thread_local uintptr_t bsp_thread_stack_floor;

/// Computes, stores and returns this thread's stack floor: its stack's lowest address plus a
/// reserve of a quarter of the stack, and at least 128 KiB, for the handlers still to run and
/// for rendering the notifications they send.
uintptr_t bsp_thread_stack_floor_compute(void);

/// Whether the stack has grown past this thread's floor. One thread-local read and a compare,
/// after the first call on a thread.
static inline bool bsp_stack_is_nearly_exhausted(void) {
    uintptr_t floor = bsp_thread_stack_floor;
    if (floor == UINTPTR_MAX) floor = bsp_thread_stack_floor_compute();
    char here;
    return (uintptr_t)&here < floor;
}

#endif
