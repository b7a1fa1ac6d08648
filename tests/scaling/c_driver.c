/* The C API's rows of the scaling check (tests/scaling/scaling.py, issue 44):
 * reads FILE and hands it to one puny.h function, as a C program would,
 * either whole (one long name) or line by line (names and addresses of
 * legal length), and prints how many calls failed and the last failure's
 * error name.  Not a test by itself:
 * scaling.py measures its CPU time and peak memory against the input size.
 *
 *   puny_scaling_c FUNCTION whole|lines FILE
 *
 * FUNCTION: encode, decode, encode_utf32, decode_utf32,
 * encode_utf32_annotated, decode_utf32_annotated, to_ascii, to_unicode,
 * to_ascii_idna2008 / to_unicode_idna2008 (puny_to_*_preset), to_ascii_utf16,
 * to_unicode_utf16, idna2008_register, idna2008_lookup, skeleton, display,
 * display_decide, display_lists_parse (FILE is the list), email_ascii,
 * email_normalize, email_validate, hunt_find, hunt_index_parse (FILE is the
 * brand list).  The UTF-16 and UTF-32 forms convert each input from UTF-8
 * first (a linear pass, as their callers do). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puny.h"

static char* read_file(const char* path, size_t* length) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  size_t capacity = 1 << 16, n = 0, got;
  char* text = malloc(capacity);
  while (text && (got = fread(text + n, 1, capacity - n, f)) > 0) {
    n += got;
    if (n == capacity) {
      char* bigger = realloc(text, capacity *= 2);
      if (!bigger) free(text);
      text = bigger;
    }
  }
  fclose(f);
  *length = n;
  return text;
}

/* UTF-8 (valid: the inputs are generated) to UTF-32 / UTF-16; the number
 * of code points / units written. */
static size_t to_utf32(const char* s, size_t n, uint32_t* out) {
  size_t k = 0;
  for (size_t i = 0; i < n;) {
    const unsigned char c = (unsigned char)s[i];
    const size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    uint32_t cp = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
    for (size_t j = 1; j < len && i + j < n; ++j) cp = (cp << 6) | ((unsigned char)s[i + j] & 0x3F);
    out[k++] = cp;
    i += len;
  }
  return k;
}
static size_t to_utf16(const uint32_t* cps, size_t n, uint16_t* out) {
  size_t k = 0;
  for (size_t i = 0; i < n; ++i) {
    if (cps[i] < 0x10000) {
      out[k++] = (uint16_t)cps[i];
    } else {
      out[k++] = (uint16_t)(0xD800 + ((cps[i] - 0x10000) >> 10));
      out[k++] = (uint16_t)(0xDC00 + ((cps[i] - 0x10000) & 0x3FF));
    }
  }
  return k;
}

/* Built once in main: the same two brands as scaling.py's brand file. */
static const char brands[] = "paypal.com\nexample.org keywords=login,secure\n";
static puny_hunt_index* hunt_index;
/* Scratch for the UTF-16 / UTF-32 forms: room for the whole input. */
static uint32_t* scratch32;
static uint16_t* scratch16;
static unsigned char* flags; /* the annotated forms' case flags */

/* The last call's error (its name is printed: the limits' checks read it). */
static puny_error err;

/* One call; 1 when it failed. */
static int call(const char* function, const char* s, size_t n, char* out, size_t capacity) {
  size_t written = 0;
  const puny_error init = PUNY_ERROR_INIT;
  err = init;
  if (strcmp(function, "encode") == 0)
    return puny_encode(s, n, out, capacity, &written, &err) != PUNY_OK;
  if (strcmp(function, "decode") == 0)
    return puny_decode(s, n, out, capacity, &written, &err) != PUNY_OK;
  if (strcmp(function, "encode_utf32") == 0)
    return puny_encode_utf32(scratch32, to_utf32(s, n, scratch32), out, capacity, &written, &err) !=
           PUNY_OK;
  if (strcmp(function, "decode_utf32") == 0)
    return puny_decode_utf32(s, n, (uint32_t*)out, capacity / 4, &written, &err) != PUNY_OK;
  if (strcmp(function, "encode_utf32_annotated") == 0) {
    /* Every other code point flagged uppercase (RFC 3492 appendix A). */
    const size_t count = to_utf32(s, n, scratch32);
    for (size_t i = 0; i < count; ++i) flags[i] = (unsigned char)(i & 1);
    return puny_encode_utf32_annotated(scratch32, flags, count, out, capacity, &written, &err) !=
           PUNY_OK;
  }
  if (strcmp(function, "decode_utf32_annotated") == 0)
    return puny_decode_utf32_annotated(s, n, scratch32, flags, n + 1, &written, &err) != PUNY_OK;
  if (strcmp(function, "to_unicode_idna2008") == 0)
    return puny_to_unicode_preset("idna2008", s, n, out, capacity, &written, NULL, &err) != PUNY_OK;
  /* Any preset by name (adversarial.py's rows): to_ascii_preset=NAME. */
  if (strncmp(function, "to_ascii_preset=", 16) == 0)
    return puny_to_ascii_preset(function + 16, s, n, out, capacity, &written, NULL, &err) != PUNY_OK;
  if (strncmp(function, "to_unicode_preset=", 18) == 0)
    return puny_to_unicode_preset(function + 18, s, n, out, capacity, &written, NULL, &err) != PUNY_OK;
  if (strcmp(function, "to_ascii_idna2008") == 0)
    return puny_to_ascii_preset("idna2008", s, n, out, capacity, &written, NULL, &err) != PUNY_OK;
  if (strcmp(function, "to_ascii_utf16") == 0) {
    const size_t units = to_utf16(scratch32, to_utf32(s, n, scratch32), scratch16);
    return puny_to_ascii_utf16(scratch16, units, out, capacity, &written, NULL, &err) != PUNY_OK;
  }
  if (strcmp(function, "to_unicode_utf16") == 0) {
    const size_t units = to_utf16(scratch32, to_utf32(s, n, scratch32), scratch16);
    return puny_to_unicode_utf16(scratch16, units, (uint16_t*)out, capacity / 2, &written, NULL,
                                 &err) != PUNY_OK;
  }
  if (strcmp(function, "idna2008_register") == 0)
    return puny_idna2008_register(s, n, out, capacity, &written, NULL, &err) != PUNY_OK;
  if (strcmp(function, "idna2008_lookup") == 0)
    return puny_idna2008_lookup(s, n, out, capacity, &written, NULL, &err) != PUNY_OK;
  if (strcmp(function, "display_lists_parse") == 0) {
    puny_display_lists* lists = NULL;
    const int failed = puny_display_lists_parse(s, n, s, n, "input", &lists, NULL, 0, &err) != PUNY_OK;
    puny_display_lists_free(lists);
    return failed;
  }
  if (strcmp(function, "email_normalize") == 0)
    return puny_email_normalize(s, n, out, capacity, &written, NULL, &err) != PUNY_OK;
  if (strcmp(function, "hunt_find") == 0) {
    puny_hunt_result* result = NULL;
    const int failed = puny_hunt_find(s, n, hunt_index, NULL, 0, NULL, &result, &err) != PUNY_OK;
    puny_hunt_result_free(result);
    return failed;
  }
  if (strcmp(function, "hunt_index_parse") == 0) {
    puny_hunt_index* index = NULL;
    const int failed =
        puny_hunt_index_parse(s, n, "input", NULL, &index, NULL, 0, &err) != PUNY_OK;
    puny_hunt_index_free(index);
    return failed;
  }
  if (strcmp(function, "to_ascii") == 0)
    return puny_to_ascii(s, n, out, capacity, &written, NULL, &err) != PUNY_OK;
  if (strcmp(function, "to_unicode") == 0)
    return puny_to_unicode(s, n, out, capacity, &written, NULL, &err) != PUNY_OK;
  if (strcmp(function, "skeleton") == 0)
    return puny_skeleton(s, n, out, capacity, &written, &err) != PUNY_OK;
  if (strcmp(function, "display") == 0)
    return puny_display(s, n, out, capacity, &written, NULL, NULL, &err) != PUNY_OK;
  if (strcmp(function, "display_decide") == 0) {
    puny_display_result* result = NULL;
    const int failed = puny_display_decide(s, n, NULL, NULL, &result, &err) != PUNY_OK;
    puny_display_result_free(result);
    return failed;
  }
  if (strcmp(function, "email_ascii") == 0)
    return puny_email_ascii(s, n, out, capacity, &written, NULL, &err) != PUNY_OK;
  if (strcmp(function, "email_validate") == 0) {
    puny_email_result* result = NULL;
    const int failed = puny_email_validate(s, n, NULL, &result, &err) != PUNY_OK;
    puny_email_result_free(result);
    return failed;
  }
  fprintf(stderr, "puny_scaling_c: unknown function %s\n", function);
  exit(2);
}

int main(int argc, char** argv) {
  if (argc != 4 || (strcmp(argv[2], "whole") != 0 && strcmp(argv[2], "lines") != 0)) {
    fprintf(stderr, "usage: puny_scaling_c FUNCTION whole|lines FILE\n");
    return 2;
  }
  size_t n = 0;
  char* text = read_file(argv[3], &n);
  if (!text) {
    fprintf(stderr, "puny_scaling_c: cannot read %s\n", argv[3]);
    return 2;
  }
  /* Room for any output: an A-label takes at most 4 + 5 x the code points
   * of its U-label (RFC 3492's generalized variable-length integers), and a
   * display form is made of either. */
  const size_t capacity = 8 * n + 1024;
  char* out = malloc(capacity);
  scratch32 = malloc(4 * (n + 1));
  scratch16 = malloc(4 * (n + 1));
  flags = malloc(n + 1);
  if (!out || !scratch32 || !scratch16 || !flags) return 2;
  if (strcmp(argv[1], "hunt_find") == 0) {
    /* Only for hunt_find: the index's build is not what its rows measure. */
    err = (puny_error)PUNY_ERROR_INIT;
    if (puny_hunt_index_parse(brands, sizeof brands - 1, "brands", NULL, &hunt_index, NULL, 0, &err) !=
        PUNY_OK) {
      fprintf(stderr, "puny_scaling_c: the brand index failed\n");
      return 2;
    }
  }
  size_t failed = 0, calls = 0;
  const char* last = "none";
  if (strcmp(argv[2], "whole") == 0) {
    while (n > 0 && text[n - 1] == '\n') --n;
    if (call(argv[1], text, n, out, capacity)) {
      ++failed;
      last = puny_error_name(err.code);
    }
    ++calls;
  } else {
    size_t start = 0;
    while (start < n) {
      const char* end = memchr(text + start, '\n', n - start);
      const size_t length = end ? (size_t)(end - (text + start)) : n - start;
      if (call(argv[1], text + start, length, out, capacity)) {
        ++failed;
        last = puny_error_name(err.code);
      }
      ++calls;
      start += length + 1;
    }
  }
  printf("%zu calls, %zu failed, last failure %s\n", calls, failed, last);
  puny_hunt_index_free(hunt_index);
  free(flags);
  free(scratch16);
  free(scratch32);
  free(out);
  free(text);
  return 0;
}
