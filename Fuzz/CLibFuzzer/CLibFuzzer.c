// SwiftPM needs one source file in a C target; the header is the whole point of this one.
#include "CLibFuzzer.h"
