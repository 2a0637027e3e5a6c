// Relaxed atomic counters, the thread-local audit frame slot and (BSPStackBudget.h) what is left of
// the thread's stack, for BSPCore.
// `Synchronization.Atomic` needs macOS 15 / iOS 18; C11 atomics let the package keep the floor
// the Observation framework sets (macOS 14 / iOS 17).
// The operations are `static inline`, so that Swift inlines them as it would `Atomic`'s: they
// are on the path of every audited notification.
#ifndef BSP_ATOMICS_H
#define BSP_ATOMICS_H

#include <stdatomic.h>
#include <stdint.h>

#include "BSPStackBudget.h"

/// An atomic 64-bit counter, allocated by `bsp_counter_create` and freed by `bsp_counter_destroy`.
typedef struct bsp_counter {
    _Atomic int64_t value;
} bsp_counter;

bsp_counter *_Nonnull bsp_counter_create(int64_t initial);
void bsp_counter_destroy(bsp_counter *_Nonnull counter);

/// Adds `delta` (relaxed ordering) and returns the new value.
static inline int64_t bsp_counter_add(bsp_counter *_Nonnull counter, int64_t delta) {
    return atomic_fetch_add_explicit(&counter->value, delta, memory_order_relaxed) + delta;
}

/// Adds `delta` with release ordering: what was written before is seen by an acquiring load.
static inline int64_t bsp_counter_add_releasing(bsp_counter *_Nonnull counter, int64_t delta) {
    return atomic_fetch_add_explicit(&counter->value, delta, memory_order_release) + delta;
}

/// Loads the value (relaxed ordering).
static inline int64_t bsp_counter_load(bsp_counter *_Nonnull counter) {
    return atomic_load_explicit(&counter->value, memory_order_relaxed);
}

/// Loads the value with acquire ordering.
static inline int64_t bsp_counter_load_acquiring(bsp_counter *_Nonnull counter) {
    return atomic_load_explicit(&counter->value, memory_order_acquire);
}

/// This thread's audit frame slot (see `ThreadFrameSlot`), `NULL` until the thread first
/// sets it: a thread-local read is a few instructions, where `pthread_getspecific` is a call.
extern _Thread_local void *_Nullable bsp_thread_frame_slot;

/// The address of this thread's audit frame slot.
static inline void *_Nullable *_Nonnull bsp_thread_frame_slot_address(void) {
    return &bsp_thread_frame_slot;
}

/// How many contexts may report faults at once on one thread, one inside another's handler.
#define BSP_FAULT_REPORTS_MAX 8

/// The numbers of the contexts whose fault handlers run on this thread now, innermost last: a
/// fault raised in a context already reporting is dropped rather than reported, so that a fault
/// handler that raises faults cannot recurse.
extern _Thread_local uint64_t bsp_thread_fault_reports[BSP_FAULT_REPORTS_MAX];
/// How many of ``bsp_thread_fault_reports`` are in use.
extern _Thread_local intptr_t bsp_thread_fault_report_count;

/// The first of this thread's reporting contexts.
static inline uint64_t *_Nonnull bsp_thread_fault_reports_address(void) {
    return bsp_thread_fault_reports;
}

/// The address of how many of this thread's reporting contexts are in use.
static inline intptr_t *_Nonnull bsp_thread_fault_report_count_address(void) {
    return &bsp_thread_fault_report_count;
}

#endif
