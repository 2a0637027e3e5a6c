#include "BSPAtomics.h"
#include <stdatomic.h>
#include <stdlib.h>

struct bsp_counter {
    _Atomic int64_t value;
};

bsp_counter *bsp_counter_create(int64_t initial) {
    bsp_counter *counter = malloc(sizeof(bsp_counter));
    if (counter == NULL) abort();
    atomic_init(&counter->value, initial);
    return counter;
}

void bsp_counter_destroy(bsp_counter *counter) { free(counter); }

int64_t bsp_counter_add(bsp_counter *counter, int64_t delta) {
    return atomic_fetch_add_explicit(&counter->value, delta, memory_order_relaxed) + delta;
}

int64_t bsp_counter_add_releasing(bsp_counter *counter, int64_t delta) {
    return atomic_fetch_add_explicit(&counter->value, delta, memory_order_release) + delta;
}

int64_t bsp_counter_load(bsp_counter *counter) {
    return atomic_load_explicit(&counter->value, memory_order_relaxed);
}

int64_t bsp_counter_load_acquiring(bsp_counter *counter) {
    return atomic_load_explicit(&counter->value, memory_order_acquire);
}
