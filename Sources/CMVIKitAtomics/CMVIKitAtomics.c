// The functions are static inline in the header; a C target needs a source file of its own.
#include "CMVIKitAtomics.h"
