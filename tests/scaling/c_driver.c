/* The C API's rows of the scaling check (tests/scaling/scaling.py, issue 44):
 * reads FILE and hands it to one puny.h function, as a C program would,
 * either whole (one long name) or line by line (names and addresses of
 * legal length), and prints how many calls failed.  Not a test by itself:
 * scaling.py measures its CPU time and peak memory against the input size.
 *
 *   puny_scaling_c FUNCTION whole|lines FILE
 *
 * FUNCTION: to_ascii, to_unicode, skeleton, display, display_decide,
 * email_ascii, email_validate. */
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

/* One call; 1 when it failed. */
static int call(const char* function, const char* s, size_t n, char* out, size_t capacity) {
  size_t written = 0;
  puny_error err;
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
  if (!out) return 2;
  size_t failed = 0, calls = 0;
  if (strcmp(argv[2], "whole") == 0) {
    while (n > 0 && text[n - 1] == '\n') --n;
    failed += call(argv[1], text, n, out, capacity);
    ++calls;
  } else {
    size_t start = 0;
    while (start < n) {
      const char* end = memchr(text + start, '\n', n - start);
      const size_t length = end ? (size_t)(end - (text + start)) : n - start;
      failed += call(argv[1], text + start, length, out, capacity);
      ++calls;
      start += length + 1;
    }
  }
  printf("%zu calls, %zu failed\n", calls, failed);
  free(out);
  free(text);
  return 0;
}
