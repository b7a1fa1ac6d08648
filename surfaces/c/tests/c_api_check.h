/* What the C API test files share (c_api_test.c and c_api_*_test.c; the C++
 * build, c_api_test_cxx.cpp, compiles them all as one C++ file): the check
 * counters and macros, the error expectations and the vocabulary readers,
 * and the groups each file defines. */
#ifndef PUNY_C_API_CHECK_H
#define PUNY_C_API_CHECK_H

#include <puny.h>

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int failures;
extern int checks;

#define CHECK(cond)                                                           \
  do {                                                                        \
    ++checks;                                                                 \
    if (!(cond)) {                                                            \
      ++failures;                                                             \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                         \
  } while (0)

#define CHECK_STR(actual, expected)                                             \
  do {                                                                          \
    const char* a_ = (actual);                                                  \
    const char* e_ = (expected);                                                \
    ++checks;                                                                   \
    if (a_ == NULL || strcmp(a_, e_) != 0) {                                    \
      ++failures;                                                               \
      fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__, \
              #actual, a_ ? a_ : "(null)", e_);                                 \
    }                                                                           \
  } while (0)

/* c_api_check.c: an IDNA or Punycode failure with its code, offset, label
 * and code point; the whole text of a file (a static buffer, NULL when
 * unreadable); a JSON `"key": "value"` found at or after *pos; the count of
 * a needle in a text; a JSON string value copied out. */
void expect_idna_error(int line, int to_unicode, const char* input,
                       const puny_idna_options* opt, int code, const char* uts46,
                       size_t offset, size_t label, uint32_t code_point);
void expect_punycode_error(int line, int decoding, const char* input, int code,
                           size_t offset, uint32_t code_point);
const char* read_text(const char* path);
int next_field(const char** pos, const char* key, const char* value);
size_t count_of(const char* text, const char* needle);
int next_value(const char** pos, const char* key, char* out, size_t size);

/* c_api_punycode_test.c */
void test_punycode(void);
void test_utf32_and_annotation(void);
void test_utf16(void);
void test_punycode_errors(void);

/* c_api_idna_test.c */
void test_idna(void);
void test_idna_errors(void);
void test_idna2008(void);

/* c_api_buffers_test.c */
void test_buffer_too_small(void);
void test_overlap(void);

/* c_api_interface_test.c */
void test_invalid_arguments(void);
void test_struct_versions(void);
void test_names_and_messages(void);
void test_versions(void);
void test_error_table(void);

/* c_api_display_test.c */
void test_display(void);

/* c_api_presets_test.c */
void test_presets(void);
void test_option_flags(void);

/* c_api_email_test.c */
void test_email(void);

#endif
