#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for programs that have their own main (compiler-rt FuzzerInterface.h):
/// parses the libFuzzer flags in argv and calls `callback` with each input until done. Defined
/// only in binaries linked with `-sanitize=fuzzer`, which is why only fuzz builds see this target.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
