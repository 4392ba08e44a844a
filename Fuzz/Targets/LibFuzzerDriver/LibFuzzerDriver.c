#include "LibFuzzerDriver.h"

/// libFuzzer's entry for programs that have their own `main`, as a Swift executable does.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));

int fuzz_driver_run(int argc, char **argv, int (*test)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(&argc, &argv, test);
}
