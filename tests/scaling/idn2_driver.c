/* The libidn2-compatible library's rows of the scaling check
 * (tests/scaling/scaling.py, issue 44): reads FILE and hands it to one
 * exported function of our libidn2.so.0 (surfaces/idn2), as a C program
 * linked against libidn2 would, either whole (one long name: the DNS
 * limits' errors) or line by line, and prints how many calls failed and
 * the last failure's code.  Debian's idn2 program covers idn2_lookup_u8
 * and idn2_to_unicode_8z8z; this driver the rest of the exports.  Not a
 * test by itself: scaling.py measures its CPU time and peak memory.
 *
 *   puny_scaling_idn2 FUNCTION whole|lines FILE
 *
 * FUNCTION: lookup_u8, lookup_ul, register_u8, register_ul, to_ascii_8z,
 * to_ascii_lz, to_ascii_4z, to_ascii_4i, to_ascii_4i2, to_unicode_8z8z,
 * to_unicode_8zlz, to_unicode_lzlz, to_unicode_8z4z, to_unicode_4z4z,
 * to_unicode_44i.  The _4 forms convert each input from UTF-8 first; the
 * _l forms run under the C.UTF-8 locale.  (_idn2_punycode_encode/decode
 * exist only as non-default symbol versions, for old binaries: a new
 * program cannot link them; puny_encode/puny_decode have their own rows.) */
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idn2.h"

static char* read_file(const char* path, size_t* length) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  size_t capacity = 1 << 16, n = 0, got;
  char* text = malloc(capacity + 1);
  while (text && (got = fread(text + n, 1, capacity - n, f)) > 0) {
    n += got;
    if (n == capacity) {
      char* bigger = realloc(text, (capacity *= 2) + 1);
      if (!bigger) free(text);
      text = bigger;
    }
  }
  fclose(f);
  *length = n;
  return text;
}

/* UTF-8 (valid: the inputs are generated) to NUL-terminated UTF-32. */
static size_t to_utf32(const char* s, uint32_t* out) {
  size_t k = 0;
  for (size_t i = 0; s[i];) {
    const unsigned char c = (unsigned char)s[i];
    const size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    uint32_t cp = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
    for (size_t j = 1; j < len && s[i + j]; ++j) cp = (cp << 6) | ((unsigned char)s[i + j] & 0x3F);
    out[k++] = cp;
    i += len;
  }
  out[k] = 0;
  return k;
}

static uint32_t* scratch32; /* the UTF-32 input */
static uint32_t* out32;     /* idn2_to_unicode_44i's caller buffer */
static size_t out32_capacity;

/* One call on a NUL-terminated input; its return code. */
static int call(const char* function, const char* s) {
  const int flags = IDN2_NONTRANSITIONAL;
  char* out = NULL;
  uint32_t* out4 = NULL;
  int rc;
  if (strcmp(function, "lookup_u8") == 0)
    rc = idn2_lookup_u8((const uint8_t*)s, (uint8_t**)&out, flags);
  else if (strcmp(function, "lookup_ul") == 0)
    rc = idn2_lookup_ul(s, &out, flags);
  else if (strcmp(function, "register_u8") == 0)
    rc = idn2_register_u8((const uint8_t*)s, NULL, (uint8_t**)&out, 0);
  else if (strcmp(function, "register_ul") == 0)
    rc = idn2_register_ul(s, NULL, &out, 0);
  else if (strcmp(function, "to_ascii_8z") == 0)
    rc = idn2_to_ascii_8z(s, &out, flags);
  else if (strcmp(function, "to_ascii_lz") == 0)
    rc = idn2_to_ascii_lz(s, &out, flags);
  else if (strcmp(function, "to_ascii_4z") == 0) {
    to_utf32(s, scratch32);
    rc = idn2_to_ascii_4z(scratch32, &out, flags);
  } else if (strcmp(function, "to_ascii_4i") == 0) {
    char fixed[64]; /* the deprecated form's fixed 63 bytes and a NUL */
    rc = idn2_to_ascii_4i(scratch32, to_utf32(s, scratch32), fixed, flags);
  } else if (strcmp(function, "to_ascii_4i2") == 0)
    rc = idn2_to_ascii_4i2(scratch32, to_utf32(s, scratch32), &out, flags);
  else if (strcmp(function, "to_unicode_8z8z") == 0)
    rc = idn2_to_unicode_8z8z(s, &out, 0);
  else if (strcmp(function, "to_unicode_8zlz") == 0)
    rc = idn2_to_unicode_8zlz(s, &out, 0);
  else if (strcmp(function, "to_unicode_lzlz") == 0)
    rc = idn2_to_unicode_lzlz(s, &out, 0);
  else if (strcmp(function, "to_unicode_8z4z") == 0)
    rc = idn2_to_unicode_8z4z(s, &out4, 0);
  else if (strcmp(function, "to_unicode_4z4z") == 0) {
    to_utf32(s, scratch32);
    rc = idn2_to_unicode_4z4z(scratch32, &out4, 0);
  } else if (strcmp(function, "to_unicode_44i") == 0) {
    size_t length = out32_capacity;
    rc = idn2_to_unicode_44i(scratch32, to_utf32(s, scratch32), out32, &length, 0);
  } else {
    fprintf(stderr, "puny_scaling_idn2: unknown function %s\n", function);
    exit(2);
  }
  idn2_free(out);
  idn2_free(out4);
  return rc;
}

int main(int argc, char** argv) {
  if (argc != 4 || (strcmp(argv[2], "whole") != 0 && strcmp(argv[2], "lines") != 0)) {
    fprintf(stderr, "usage: puny_scaling_idn2 FUNCTION whole|lines FILE\n");
    return 2;
  }
  /* The _l forms read and write the locale's character set. */
  if (!setlocale(LC_ALL, "C.UTF-8")) {
    fprintf(stderr, "puny_scaling_idn2: no C.UTF-8 locale\n");
    return 2;
  }
  size_t n = 0;
  char* text = read_file(argv[3], &n);
  if (!text) {
    fprintf(stderr, "puny_scaling_idn2: cannot read %s\n", argv[3]);
    return 2;
  }
  text[n] = '\0';
  out32_capacity = n + 1;
  scratch32 = malloc(4 * (n + 1));
  out32 = malloc(4 * out32_capacity);
  if (!scratch32 || !out32) return 2;
  size_t failed = 0, calls = 0;
  int last = IDN2_OK;
  if (strcmp(argv[2], "whole") == 0) {
    while (n > 0 && text[n - 1] == '\n') text[--n] = '\0';
    last = call(argv[1], text);
    failed += last != IDN2_OK;
    ++calls;
  } else {
    for (char* line = text; *line;) {
      char* end = strchr(line, '\n');
      if (end) *end = '\0';
      const int rc = call(argv[1], line);
      if (rc != IDN2_OK) {
        ++failed;
        last = rc;
      }
      ++calls;
      if (!end) break;
      line = end + 1;
    }
  }
  printf("%zu calls, %zu failed, last failure %s\n", calls, failed,
         last == IDN2_OK ? "none" : idn2_strerror_name(last));
  free(out32);
  free(scratch32);
  free(text);
  return 0;
}
