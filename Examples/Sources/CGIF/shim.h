// giflib 5: the record-by-record decoding API, so a frame's size is checked before its
// pixels are allocated. Debian's libgif-dev ships no pkg-config file.
#include <gif_lib.h>
