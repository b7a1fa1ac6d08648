/* Tests of the C API (include/puny.h), written in C99 and compiled as C with
 * -std=c99 -Wall -Wextra -pedantic -Werror.
 *
 *   puny_c_api_test [GROUP]   runs one group (ctest registers each), or all.
 *
 * The groups live in c_api_*_test.c by API area; c_api_check.h has the
 * shared checks.
 *
 * Every error kind the C API can produce is triggered with its code, offset,
 * label, code point and UTS #46 code checked; the kinds no input can reach
 * through the C API (bad_parameters and case_flags_mismatch need a custom
 * Bootstring call; input_too_long needs 2^32 code points; label_has_dot and
 * punycode_encode_failed cannot follow from UTS #46 mapping; out_of_memory
 * and internal) have their names, messages and UTS #46 codes checked. */
#include "c_api_check.h"

struct group {
  const char* name;
  void (*run)(void);
};

static const struct group groups[] = {
    {"punycode", test_punycode},
    {"utf32_and_annotation", test_utf32_and_annotation},
    {"idna", test_idna},
    {"utf16", test_utf16},
    {"buffer_too_small", test_buffer_too_small},
    {"punycode_errors", test_punycode_errors},
    {"idna_errors", test_idna_errors},
    {"invalid_arguments", test_invalid_arguments},
    {"struct_versions", test_struct_versions},
    {"names_and_messages", test_names_and_messages},
    {"versions", test_versions},
    {"idna2008", test_idna2008},
    {"display", test_display},
    {"presets", test_presets},
    {"option_flags", test_option_flags},
    {"email", test_email},
    {"overlap", test_overlap},
    {"error_table", test_error_table},
};

int main(int argc, char** argv) {
  size_t i;
  int ran = 0;
  for (i = 0; i < sizeof groups / sizeof groups[0]; ++i) {
    if (argc > 1 && strcmp(argv[1], groups[i].name) != 0) continue;
    groups[i].run();
    ++ran;
  }
  if (ran == 0) {
    fprintf(stderr, "no test group named %s\n", argc > 1 ? argv[1] : "(none)");
    return 2;
  }
  printf("%d group(s), %d checks, %d failed\n", ran, checks, failures);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
