#ifndef BSP_FUZZ_DRIVER_H
#define BSP_FUZZ_DRIVER_H

// The fuzzing program's entry point, built only with -DBSP_FUZZING: SwiftPM names an
// executable's entry point after its module, so it runs libFuzzer's driver from there.
int bsp_fuzz_main(int argc, char **argv);

#endif
