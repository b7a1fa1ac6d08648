/* Test shim: libidn2's test-punycode.c calls the library's internal Punycode
   functions; here they resolve to the exported compatibility symbols
   _idn2_punycode_encode@IDN2_0.0.0 and _idn2_punycode_decode@IDN2_0.0.0. */
#ifndef PUNY_IDN2_TEST_PUNYCODE_H
#define PUNY_IDN2_TEST_PUNYCODE_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
static void *puny_test_symbol(const char *name) {
  void *f = dlvsym(RTLD_DEFAULT, name, "IDN2_0.0.0");
  if (!f) {
    fprintf(stderr, "%s@IDN2_0.0.0 not found\n", name);
    abort();
  }
  return f;
}
static int _idn2_punycode_encode_internal(size_t n, const uint32_t *in, size_t *outlen, char *out) {
  int (*f)(size_t, const uint32_t *, size_t *, char *) =
      (int (*)(size_t, const uint32_t *, size_t *, char *))puny_test_symbol("_idn2_punycode_encode");
  return f(n, in, outlen, out);
}
static int _idn2_punycode_decode_internal(size_t n, const char *in, size_t *outlen, uint32_t *out) {
  int (*f)(size_t, const char *, size_t *, uint32_t *) =
      (int (*)(size_t, const char *, size_t *, uint32_t *))puny_test_symbol("_idn2_punycode_decode");
  return f(n, in, outlen, out);
}
#endif
