#include <isa-l/igzip_lib.h>

/// The level buffer igzip's `level` needs by default: the header's sizes are macros Swift cannot import.
static inline uint32_t tagflow_igzip_level_buffer_size(int level) {
    switch (level) {
    case 0: return ISAL_DEF_LVL0_DEFAULT;
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    default: return ISAL_DEF_LVL3_DEFAULT;
    }
}
