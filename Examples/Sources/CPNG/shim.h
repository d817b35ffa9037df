// libpng 1.6: only its simplified png_image API is used, which reports errors in the
// png_image struct instead of longjmp-ing through Swift frames.
#include <png.h>
