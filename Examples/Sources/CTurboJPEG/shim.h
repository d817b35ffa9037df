// libjpeg-turbo's TurboJPEG API: it reports errors by return value and message, where the
// classic libjpeg API would longjmp through Swift frames.
#include <stddef.h>
#include <turbojpeg.h>
