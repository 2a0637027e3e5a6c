#include "BSPFuzzDriver.h"

#if defined(BSP_FUZZING)
#include <stddef.h>
#include <stdint.h>

// The harness, written in Swift, and libFuzzer's driver, linked with -sanitize=fuzzer.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

int bsp_fuzz_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
#endif
