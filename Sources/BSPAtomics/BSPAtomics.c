#include "BSPAtomics.h"
#include <stdlib.h>

bsp_counter *bsp_counter_create(int64_t initial) {
    bsp_counter *counter = malloc(sizeof(bsp_counter));
    if (counter == NULL) abort();
    atomic_init(&counter->value, initial);
    return counter;
}

void bsp_counter_destroy(bsp_counter *counter) { free(counter); }

_Thread_local void *bsp_thread_frame_slot = NULL;
_Thread_local uint64_t bsp_thread_fault_reports[BSP_FAULT_REPORTS_MAX];
_Thread_local intptr_t bsp_thread_fault_report_count = 0;
