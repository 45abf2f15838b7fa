#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver with the command line arguments, calling `callback` for each input.
/// Provided by the compiler's libFuzzer runtime (`-sanitize=fuzzer`).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
