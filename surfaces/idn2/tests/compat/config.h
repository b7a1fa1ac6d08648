/* config.h for compiling libidn2 2.3.3's tests/*.c against puny's idn2.h:
   the few macros of libidn2's own config.h that the tests use. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1 /* dlvsym in punycode.h, strverscmp */
#endif
#define HAVE_LIBUNISTRING 1
#define _GL_ATTRIBUTE_FORMAT_PRINTF_STANDARD(a, b) __attribute__((__format__(__printf__, a, b)))
