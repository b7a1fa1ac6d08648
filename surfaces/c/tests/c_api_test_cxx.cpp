// The C API test compiled as C++: include/puny.h must be usable from C++
// (extern "C", PUNY_ERROR_INIT, the macros) as well as from C.
#include "c_api_test.c"
