// libwebp's simple decoding and encoding API.
#include <webp/decode.h>
#include <webp/encode.h>
