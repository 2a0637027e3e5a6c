// Two entry points of the Swift runtime, part of its stable ABI on every platform, that let a
// notifier see whether an observer lives, and hold it while it runs, without a weak reference:
// a weak load goes through the object's side table and costs several times a retain.
// Valid only for objects that Swift's runtime counts (not Objective-C objects), whose memory is
// kept allocated (by an `unowned` reference) for as long as they are asked about.
#ifndef BSP_SWIFT_RUNTIME_H
#define BSP_SWIFT_RUNTIME_H

#include <stdbool.h>

void *_Nullable swift_tryRetain(void *_Nonnull object);
bool swift_isDeallocating(void *_Nonnull object);

/// Retains `object` unless its deinitialization has begun; returns whether it did.
static inline bool bsp_retain_if_alive(void *_Nonnull object) {
    return swift_tryRetain(object) != 0;
}

/// Whether the deinitialization of `object` has begun: its last strong reference has gone.
static inline bool bsp_is_deinitializing(void *_Nonnull object) {
    return swift_isDeallocating(object);
}

#endif
