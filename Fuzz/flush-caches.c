/* Preloaded into tagflow by `make leaks` (Fuzz/sanitize.mk) for its second valgrind pass. At exit it empties the
 * process-wide caches of Cairo (scaled fonts and font faces, which keep tagflow's FreeType faces alive through their
 * user data) and of fontconfig, so that whatever FreeType, HarfBuzz, fontconfig or Cairo memory is still reachable
 * afterwards is a handle tagflow never released, not a cache. */
#include <cairo.h>
#include <fontconfig/fontconfig.h>

__attribute__((destructor)) static void tagflow_flush_caches(void) {
    cairo_debug_reset_static_data();
    FcFini();
}
