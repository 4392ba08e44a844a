#ifndef LIB_FUZZER_DRIVER_H
#define LIB_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver (the linked `-sanitize=fuzzer` runtime) with the process's arguments,
/// calling `test` on every input; returns the driver's exit status.
int fuzz_driver_run(int argc, char **argv, int (*test)(const uint8_t *data, size_t size));

#endif
