// PocketSphinx 5prealpha (Debian 12) and the sphinxbase logging switch.
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
