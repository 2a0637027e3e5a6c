#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE  // pthread_getattr_np
#endif
#include "BSPStackBudget.h"

#if defined(__APPLE__) || defined(__linux__)
#include <pthread.h>
#endif

_Thread_local uintptr_t bsp_thread_stack_floor = UINTPTR_MAX;

/// The stack's lowest address and size, or 0 and 0 when the platform does not tell them.
static void bsp_stack_bounds(uintptr_t *low, uintptr_t *size) {
    *low = 0;
    *size = 0;
#if defined(__APPLE__)
    pthread_t self = pthread_self();
    uintptr_t high = (uintptr_t)pthread_get_stackaddr_np(self);  // the highest address
    *size = (uintptr_t)pthread_get_stacksize_np(self);
    *low = high - *size;
#elif defined(__linux__)
    // For the main thread, glibc reports the stack the resource limit allows it to grow to.
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return;
    void *address = 0;
    size_t bytes = 0;
    if (pthread_attr_getstack(&attributes, &address, &bytes) == 0) {
        *low = (uintptr_t)address;
        *size = (uintptr_t)bytes;
    }
    pthread_attr_destroy(&attributes);
#endif
}

uintptr_t bsp_thread_stack_floor_compute(void) {
    uintptr_t low, size;
    bsp_stack_bounds(&low, &size);
    if (low == 0 || size == 0) {
        bsp_thread_stack_floor = 0;  // Unknown: never cut by the stack.
        return 0;
    }
    // A quarter, and at least 128 KiB: room for the handlers still to run and for rendering the
    // notification that is cut, which describes a nested value through reflection, level by level.
    uintptr_t reserve = size / 4;
    if (reserve < 128 * 1024) reserve = 128 * 1024;
    bsp_thread_stack_floor = low + (reserve < size ? reserve : size);
    return bsp_thread_stack_floor;
}
