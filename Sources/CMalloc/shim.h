// glibc's malloc tuning (mallopt), for the executable only. macOS has no <malloc.h> of that kind, and the
// executable tunes nothing there.
#ifdef __linux__
#include <malloc.h>
#endif
