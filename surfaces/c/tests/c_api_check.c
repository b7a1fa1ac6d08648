/* The C API tests' shared checks (declared in c_api_check.h). */
#include "c_api_check.h"

int failures = 0;
int checks = 0;

/* One IDNA error expectation: to_ascii (or to_unicode) of `input` with
 * `preset` (plus optional tweaks) fails with this code, UTS #46 code,
 * offset, label and code point. */
void expect_idna_error(int line, int to_unicode, const char* input,
                       const puny_idna_options* opt, int code, const char* uts46,
                       size_t offset, size_t label, uint32_t code_point) {
  char out[256];
  size_t written = 0;
  puny_error err = PUNY_ERROR_INIT;
  puny_errc rc = to_unicode
                     ? puny_to_unicode(input, PUNY_NUL_TERMINATED, out, sizeof out, &written,
                                       opt, &err)
                     : puny_to_ascii(input, PUNY_NUL_TERMINATED, out, sizeof out, &written, opt,
                                     &err);
  ++checks;
  if ((int)rc != code || err.code != code || strcmp(puny_uts46_code(&err), uts46) != 0 ||
      err.offset != offset || err.label != label || err.code_point != code_point) {
    ++failures;
    fprintf(stderr,
            "%s:%d: %s(\"%s\") gave %s (%s) offset %zu label %zu U+%04X; expected %s (%s) "
            "offset %zu label %zu U+%04X\n",
            __FILE__, line, to_unicode ? "to_unicode" : "to_ascii", input,
            puny_error_name(err.code), puny_uts46_code(&err), err.offset, err.label,
            (unsigned)err.code_point, puny_error_name(code), uts46, offset, label,
            (unsigned)code_point);
  }
}

void expect_punycode_error(int line, int decoding, const char* input, int code,
                           size_t offset, uint32_t code_point) {
  char out[256];
  puny_error err = PUNY_ERROR_INIT;
  puny_errc rc = decoding ? puny_decode(input, strlen(input), out, sizeof out, NULL, &err)
                          : puny_encode(input, strlen(input), out, sizeof out, NULL, &err);
  ++checks;
  if ((int)rc != code || err.code != code || err.offset != offset ||
      err.code_point != code_point) {
    ++failures;
    fprintf(stderr, "%s:%d: %s(\"%s\") gave %s offset %zu U+%04X; expected %s offset %zu U+%04X\n",
            __FILE__, line, decoding ? "decode" : "encode", input, puny_error_name(err.code),
            err.offset, (unsigned)err.code_point, puny_error_name(code), offset,
            (unsigned)code_point);
  }
}


/* The whole text of a file, or NULL (static buffer, for the vocabulary). */
const char* read_text(const char* path) {
  static char text[1 << 16];
  size_t n;
  FILE* f = path != NULL ? fopen(path, "rb") : NULL;
  if (f == NULL) return NULL;
  n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = '\0';
  return text;
}

/* `"key": "value"` found at or after *pos; moves *pos past it. */
int next_field(const char** pos, const char* key, const char* value) {
  char wanted[256];
  const char* at;
  snprintf(wanted, sizeof wanted, "\"%s\": \"%s\"", key, value);
  at = strstr(*pos, wanted);
  if (at == NULL) return 0;
  *pos = at + strlen(wanted);
  return 1;
}

size_t count_of(const char* text, const char* needle) {
  size_t n = 0;
  const char* at = text;
  while ((at = strstr(at, needle)) != NULL) {
    ++n;
    at += strlen(needle);
  }
  return n;
}

/* A quoted JSON string value after `"key": ` at or after *pos, copied into
 * `out`; moves *pos past it.  0 when there is none. */
int next_value(const char** pos, const char* key, char* out, size_t size) {
  char wanted[64];
  const char* at;
  size_t n = 0;
  snprintf(wanted, sizeof wanted, "\"%s\": \"", key);
  at = strstr(*pos, wanted);
  if (at == NULL) return 0;
  at += strlen(wanted);
  while (at[n] != '"' && at[n] != '\0' && n + 1 < size) {
    out[n] = at[n];
    ++n;
  }
  out[n] = '\0';
  *pos = at + n;
  return 1;
}
