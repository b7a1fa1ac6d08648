// The C API test compiled as C++: include/puny.h must be usable from C++
// (extern "C", PUNY_ERROR_INIT, the macros) as well as from C.  Every file
// of the C test is compiled here as one C++ file.
#include "c_api_check.c"
#include "c_api_punycode_test.c"
#include "c_api_idna_test.c"
#include "c_api_buffers_test.c"
#include "c_api_interface_test.c"
#include "c_api_display_test.c"
#include "c_api_presets_test.c"
#include "c_api_email_test.c"
#include "c_api_test.c"
