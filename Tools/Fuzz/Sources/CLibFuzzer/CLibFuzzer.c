// The declaration in include/CLibFuzzer.h is all this target provides.
#include "CLibFuzzer.h"
