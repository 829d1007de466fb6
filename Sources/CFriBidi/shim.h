#include <fribidi.h>

// FriBidi's paragraph direction and flag values are macros Swift does not import.

/// A paragraph's direction from its first strong character (UAX #9, P2 and P3), left to right when it has none.
static inline FriBidiParType tagflow_fribidi_paragraph_from_text(void) { return FRIBIDI_PAR_ON; }

/// FriBidi's default reordering flags.
static inline FriBidiFlags tagflow_fribidi_default_flags(void) { return FRIBIDI_FLAGS_DEFAULT; }
