/* Tests of the C API (include/puny.h), written in C99 and compiled as C with
 * -std=c99 -Wall -Wextra -pedantic -Werror.
 *
 *   puny_c_api_test [GROUP]   runs one group (ctest registers each), or all.
 *
 * Every error kind the C API can produce is triggered with its code, offset,
 * label, code point and UTS #46 code checked; the kinds no input can reach
 * through the C API (bad_parameters and case_flags_mismatch need a custom
 * Bootstring call; input_too_long needs 2^32 code points; label_has_dot and
 * punycode_encode_failed cannot follow from UTS #46 mapping; out_of_memory
 * and internal) have their names, messages and UTS #46 codes checked. */
#include <puny.h>

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

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

/* One IDNA error expectation: to_ascii (or to_unicode) of `input` with
 * `preset` (plus optional tweaks) fails with this code, UTS #46 code,
 * offset, label and code point. */
static void expect_idna_error(int line, int to_unicode, const char* input,
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

static void expect_punycode_error(int line, int decoding, const char* input, int code,
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

/* ---- groups ---- */

static void test_punycode(void) {
  char out[64];
  size_t written = 99;
  puny_error err = PUNY_ERROR_INIT;
  /* RFC 3492 section 7.1 sample (L), UTF-8 in. */
  CHECK(puny_encode("3\xe5\xb9\xb4" "B\xe7\xb5\x84\xe9\x87\x91\xe5\x85\xab\xe5\x85\x88\xe7\x94\x9f",
                    PUNY_NUL_TERMINATED, out, sizeof out, &written, &err) == PUNY_OK);
  CHECK_STR(out, "3B-ww4c5e180e575a65lsy2b");
  CHECK(written == strlen("3B-ww4c5e180e575a65lsy2b"));
  CHECK(err.code == PUNY_OK);
  CHECK(puny_decode("bcher-kva", 9, out, sizeof out, &written, &err) == PUNY_OK);
  CHECK_STR(out, "b\xc3\xbc" "cher");
  CHECK(written == 7);
  /* Length-delimited input: the bytes after `length` are not read. */
  CHECK(puny_decode("bcher-kvaXYZ", 9, out, sizeof out, &written, NULL) == PUNY_OK);
  CHECK_STR(out, "b\xc3\xbc" "cher");
  /* Empty input, and a NULL pointer with length 0. */
  CHECK(puny_encode(NULL, 0, out, sizeof out, &written, &err) == PUNY_OK);
  CHECK_STR(out, "");
  CHECK(written == 0);
  CHECK(puny_decode("", 0, out, sizeof out, &written, &err) == PUNY_OK);
  CHECK(written == 0);
  /* All-basic input keeps its trailing delimiter (RFC 3492 section 6.3). */
  CHECK(puny_encode("abc", 3, out, sizeof out, &written, &err) == PUNY_OK);
  CHECK_STR(out, "abc-");
}

static void test_utf32_and_annotation(void) {
  const uint32_t buecher[] = {'b', 0xFC, 'c', 'h', 'e', 'r'};
  const uint32_t upper[] = {'B', 0xFC, 'C', 'H', 'E', 'R'}; /* flags make it BÜCHER */
  const unsigned char flags[] = {1, 1, 1, 1, 1, 1};
  char out[64];
  uint32_t decoded[16];
  unsigned char decoded_flags[16];
  size_t written = 0;
  puny_error err = PUNY_ERROR_INIT;
  CHECK(puny_encode_utf32(buecher, 6, out, sizeof out, &written, &err) == PUNY_OK);
  CHECK_STR(out, "bcher-kva");
  CHECK(puny_decode_utf32("bcher-kva", 9, decoded, 16, &written, &err) == PUNY_OK);
  CHECK(written == 6 && memcmp(decoded, buecher, sizeof buecher) == 0 && decoded[6] == 0);
  /* RFC 3492 appendix A: the case of each code point rides on the last
   * digit of its delta and on the basic code points themselves. */
  CHECK(puny_encode_utf32_annotated(upper, flags, 6, out, sizeof out, &written, &err) == PUNY_OK);
  CHECK_STR(out, "BCHER-kvA");
  CHECK(puny_decode_utf32_annotated("BCHER-kvA", PUNY_NUL_TERMINATED, decoded, decoded_flags, 16,
                                    &written, &err) == PUNY_OK);
  CHECK(written == 6 && decoded[1] == 0xFC);
  CHECK(decoded_flags[0] == 1 && decoded_flags[1] == 1 && decoded_flags[5] == 1);
  CHECK(puny_decode_utf32_annotated("bcher-kva", 9, decoded, decoded_flags, 16, &written,
                                    &err) == PUNY_OK);
  CHECK(decoded_flags[0] == 0 && decoded_flags[1] == 0);
  /* UTF-32 errors count code points. */
  {
    const uint32_t surrogate[] = {'a', 'b', 0xD800};
    const uint32_t too_big[] = {0x110000};
    CHECK(puny_encode_utf32(surrogate, 3, out, sizeof out, NULL, &err) ==
          PUNY_ERR_INVALID_CODE_POINT);
    CHECK(err.offset == 2 && err.code_point == 0xD800);
    CHECK(puny_encode_utf32(too_big, 1, out, sizeof out, NULL, &err) ==
          PUNY_ERR_INVALID_CODE_POINT);
    CHECK(err.offset == 0);
  }
}

static void test_idna(void) {
  char out[256];
  size_t written = 0;
  puny_error err = PUNY_ERROR_INIT;
  puny_idna_options opt;
  CHECK(puny_to_ascii("B\xc3\xbc" "cher.example", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                      NULL, &err) == PUNY_OK);
  CHECK_STR(out, "xn--bcher-kva.example");
  CHECK(written == strlen("xn--bcher-kva.example"));
  CHECK(puny_to_unicode("XN--BCHER-KVA.DE", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                        NULL, &err) == PUNY_OK);
  CHECK_STR(out, "b\xc3\xbc" "cher.de");
  /* Presets and flags: nontransitional by default, transitional on request. */
  CHECK(puny_to_ascii("fa\xc3\x9f.de", PUNY_NUL_TERMINATED, out, sizeof out, NULL, NULL, &err) ==
        PUNY_OK);
  CHECK_STR(out, "xn--fa-hia.de");
  CHECK(puny_idna_options_init(&opt, PUNY_PRESET_UTS46) == PUNY_OK);
  CHECK(opt.struct_size == sizeof opt && opt.check_hyphens && !opt.transitional_processing);
  opt.transitional_processing = 1;
  CHECK(puny_to_ascii("fa\xc3\x9f.de", PUNY_NUL_TERMINATED, out, sizeof out, NULL, &opt, &err) ==
        PUNY_OK);
  CHECK_STR(out, "fass.de");
  /* url preset: all-ASCII input passes through lowercased. */
  CHECK(puny_idna_options_init(&opt, PUNY_PRESET_URL) == PUNY_OK);
  CHECK(opt.url_domain_to_ascii && !opt.check_hyphens);
  CHECK(puny_to_ascii("-X-.Example", PUNY_NUL_TERMINATED, out, sizeof out, NULL, &opt, &err) ==
        PUNY_OK);
  CHECK_STR(out, "-x-.example");
  /* url preset to_unicode is the URL Standard's domain to Unicode, which
   * never fails on what ToUnicode records: the output is the input
   * unchanged and the call succeeds (UTF-8 and UTF-16 alike); only
   * ill-formed input is an error. */
  CHECK(puny_to_unicode("XN--8I7CAA.com", PUNY_NUL_TERMINATED, out, sizeof out, &written, &opt,
                        &err) == PUNY_OK);
  CHECK_STR(out, "XN--8I7CAA.com");
  CHECK(written == 14 && err.code == PUNY_OK);
  {
    const uint16_t ace16[] = {'x', 'n', '-', '-', 'a', '.', 'c', 'o', 'm'};
    uint16_t out16[16];
    CHECK(puny_to_unicode_utf16(ace16, 9, out16, 16, &written, &opt, &err) == PUNY_OK);
    CHECK(written == 9 && memcmp(out16, ace16, sizeof ace16) == 0 && out16[9] == 0);
  }
  CHECK(puny_to_unicode("xn--a.\xff.com", PUNY_NUL_TERMINATED, out, sizeof out, &written, &opt,
                        &err) == PUNY_ERR_INVALID_UTF8);
  CHECK(err.offset == 6);
  CHECK(puny_to_unicode("XN--BCHER-KVA.DE", PUNY_NUL_TERMINATED, out, sizeof out, &written, &opt,
                        &err) == PUNY_OK);
  CHECK_STR(out, "b\xc3\xbc" "cher.de");
  CHECK(puny_idna_options_init(&opt, PUNY_PRESET_REGISTRATION) == PUNY_OK);
  CHECK(opt.use_std3_ascii_rules && opt.verify_dns_length && opt.check_bidi);
  CHECK(puny_idna_options_init(&opt, PUNY_PRESET_URL_STRICT) == PUNY_OK);
  CHECK(opt.use_std3_ascii_rules && !opt.url_domain_to_ascii);
  /* Flags beyond UTS #46: '_' under STD3 rules, forbidden code points. */
  CHECK(puny_idna_options_init(&opt, PUNY_PRESET_REGISTRATION) == PUNY_OK);
  CHECK(!opt.allow_underscore && opt.forbid_domain_code_points);
  CHECK(puny_to_ascii("_dmarc.example.com", PUNY_NUL_TERMINATED, out, sizeof out, NULL, &opt,
                      &err) == PUNY_ERR_STD3_DISALLOWED);
  opt.allow_underscore = 1;
  CHECK(puny_to_ascii("_dmarc.example.com", PUNY_NUL_TERMINATED, out, sizeof out, NULL, &opt,
                      &err) == PUNY_OK);
  CHECK_STR(out, "_dmarc.example.com");
  /* Host-name safety is the default (issue 43): forbidden domain code
   * points are errors under PUNY_PRESET_UTS46 and with NULL options, for
   * to_ascii and to_unicode; PUNY_PRESET_UTS46_RAW is plain UTS #46. */
  CHECK(puny_idna_options_init(&opt, PUNY_PRESET_UTS46) == PUNY_OK);
  CHECK(opt.forbid_domain_code_points);
  CHECK(puny_to_unicode("b\xc3\xbc" "cher de", PUNY_NUL_TERMINATED, out, sizeof out, NULL, &opt,
                        &err) == PUNY_ERR_FORBIDDEN_DOMAIN_CODE_POINT);
  CHECK(err.offset == 7 && err.code_point == ' ');
  CHECK(puny_to_ascii("a/b.com", PUNY_NUL_TERMINATED, out, sizeof out, NULL, NULL, &err) ==
        PUNY_ERR_FORBIDDEN_DOMAIN_CODE_POINT);
  CHECK(err.offset == 1 && err.code_point == '/' && err.label == 0);
  CHECK(puny_to_ascii("a\0b.com", 7, out, sizeof out, NULL, NULL, &err) ==
        PUNY_ERR_FORBIDDEN_DOMAIN_CODE_POINT);
  CHECK(err.offset == 1 && err.code_point == 0);
  CHECK(puny_to_ascii_preset("uts46", "a b.com", PUNY_NUL_TERMINATED, out, sizeof out, NULL, NULL,
                             &err) == PUNY_ERR_FORBIDDEN_DOMAIN_CODE_POINT);
  CHECK(puny_to_ascii_preset("idna2008-lookup", "a b.com", PUNY_NUL_TERMINATED, out, sizeof out,
                             NULL, NULL, &err) == PUNY_ERR_FORBIDDEN_DOMAIN_CODE_POINT);
  CHECK(puny_to_ascii_preset("uts46-raw", "a b.com", PUNY_NUL_TERMINATED, out, sizeof out, NULL,
                             NULL, &err) == PUNY_OK);
  CHECK_STR(out, "a b.com");
  CHECK(puny_idna_options_init(&opt, PUNY_PRESET_UTS46_RAW) == PUNY_OK);
  CHECK(!opt.forbid_domain_code_points);
  CHECK(puny_to_unicode("b\xc3\xbc" "cher de", PUNY_NUL_TERMINATED, out, sizeof out, NULL, &opt,
                        &err) == PUNY_OK);
  CHECK_STR(out, "b\xc3\xbc" "cher de");
  /* to_unicode writes the best-effort string with the error. */
  CHECK(puny_to_unicode("a\xe2\x80\xa8" "b.de", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                        NULL, &err) == PUNY_ERR_DISALLOWED);
  CHECK_STR(out, "a\xef\xbf\xbd" "b.de");
  CHECK(written == 8);
}

static void test_utf16(void) {
  /* "Bücher.de" and "a<U+2028>b" in UTF-16. */
  const uint16_t buecher[] = {'B', 0xFC, 'c', 'h', 'e', 'r', '.', 'd', 'e', 0};
  const uint16_t lone[] = {'a', 'b', 0xD800, 'c', 0};
  const uint16_t ace[] = {'x', 'n', '-', '-', 'b', 'c', 'h', 'e', 'r', '-', 'k', 'v', 'a', 0};
  const uint16_t pair[] = {0xD83D, 0xDE00, '.', 'x', 0}; /* U+1F600, valid in UTS #46 */
  char out[64];
  uint16_t wide[64];
  size_t written = 0;
  puny_error err = PUNY_ERROR_INIT;
  CHECK(puny_to_ascii_utf16(buecher, PUNY_NUL_TERMINATED, out, sizeof out, &written, NULL,
                            &err) == PUNY_OK);
  CHECK_STR(out, "xn--bcher-kva.de");
  CHECK(puny_to_unicode_utf16(ace, 13, wide, 64, &written, NULL, &err) == PUNY_OK);
  CHECK(written == 6 && wide[1] == 0xFC && wide[6] == 0);
  /* Unpaired surrogate: offset in code units. */
  CHECK(puny_to_ascii_utf16(lone, 4, out, sizeof out, NULL, NULL, &err) ==
        PUNY_ERR_INVALID_UTF16);
  CHECK(err.offset == 2);
  CHECK_STR(puny_error_name(err.code), "invalid_utf16");
  /* A surrogate pair is one code point. */
  CHECK(puny_to_ascii_utf16(pair, PUNY_NUL_TERMINATED, out, sizeof out, &written, NULL, &err) ==
        PUNY_OK);
  CHECK_STR(out, "xn--e28h.x");
  /* Too small, in code units. */
  CHECK(puny_to_unicode_utf16(ace, 13, wide, 6, &written, NULL, &err) ==
        PUNY_ERR_BUFFER_TOO_SMALL);
  CHECK(err.needed == 7);
}

/* Every caller-buffer function: capacity 0 (and NULL) asks for the size,
 * one short of `needed` fails without writing past the capacity, and
 * exactly `needed` succeeds. */
static void test_buffer_too_small(void) {
  static const char* const inputs[] = {"b\xc3\xbc" "cher.example", "3\xe5\xb9\xb4" "B.jp",
                                       "a", ""};
  size_t i, which;
  for (i = 0; i < sizeof inputs / sizeof inputs[0]; ++i) {
    for (which = 0; which < 4; ++which) {
      char buffer[128];
      char encoded[128];
      const char* input = inputs[i];
      size_t written = 0, cap;
      puny_error err = PUNY_ERROR_INIT;
      puny_errc rc;
      if (which == 2) { /* decode: feed it an encoding */
        if (puny_encode(input, PUNY_NUL_TERMINATED, encoded, sizeof encoded, NULL, NULL) !=
            PUNY_OK)
          continue;
        input = encoded;
      }
#define CALL(out, capacity)                                                                 \
  (which == 0   ? puny_to_ascii(input, PUNY_NUL_TERMINATED, out, capacity, &written, NULL, &err) \
   : which == 1 ? puny_encode(input, PUNY_NUL_TERMINATED, out, capacity, &written, &err)         \
   : which == 2 ? puny_decode(input, PUNY_NUL_TERMINATED, out, capacity, &written, &err)         \
                : puny_to_unicode(input, PUNY_NUL_TERMINATED, out, capacity, &written, NULL, &err))
      if (which == 0 && input[0] == '\0') continue; /* empty domain: an error, not a size */
      rc = CALL(NULL, 0);
      CHECK(rc == PUNY_ERR_BUFFER_TOO_SMALL);
      CHECK(err.code == PUNY_ERR_BUFFER_TOO_SMALL && err.needed >= 1);
      CHECK_STR(puny_error_name(err.code), "buffer_too_small");
      cap = err.needed;
      /* One short: fails, and the byte at the capacity stays untouched. */
      memset(buffer, 0x5A, sizeof buffer);
      rc = CALL(buffer, cap - 1);
      CHECK(rc == PUNY_ERR_BUFFER_TOO_SMALL && err.needed == cap);
      CHECK(buffer[cap - 1] == 0x5A);
      /* Exactly the size: fits with its terminator, nothing beyond. */
      memset(buffer, 0x5A, sizeof buffer);
      rc = CALL(buffer, cap);
      CHECK(rc == PUNY_OK);
      CHECK(written == cap - 1 && buffer[cap - 1] == '\0' && strlen(buffer) == written);
      CHECK(buffer[cap] == 0x5A);
#undef CALL
    }
  }
  /* UTF-32 output counts code points. */
  {
    uint32_t out[8];
    unsigned char flags[8];
    puny_error err = PUNY_ERROR_INIT;
    CHECK(puny_decode_utf32("bcher-kva", 9, out, 6, NULL, &err) == PUNY_ERR_BUFFER_TOO_SMALL);
    CHECK(err.needed == 7);
    CHECK(puny_decode_utf32_annotated("bcher-kva", 9, out, flags, 6, NULL, &err) ==
          PUNY_ERR_BUFFER_TOO_SMALL);
    CHECK(err.needed == 7);
    CHECK(puny_encode_utf32(out, 0, NULL, 0, NULL, &err) == PUNY_ERR_BUFFER_TOO_SMALL);
    CHECK(err.needed == 1);
  }
  /* to_unicode reports the size even when the name has an error. */
  {
    char small[4];
    puny_error err = PUNY_ERROR_INIT;
    CHECK(puny_to_unicode("a\xe2\x80\xa8" "b.de", PUNY_NUL_TERMINATED, small, sizeof small, NULL,
                          NULL, &err) == PUNY_ERR_BUFFER_TOO_SMALL);
    CHECK(err.needed == 9);
  }
}

static void test_punycode_errors(void) {
  expect_punycode_error(__LINE__, 0, "a\xff", PUNY_ERR_INVALID_UTF8, 1, 0);
  expect_punycode_error(__LINE__, 0, "\xed\xa0\x80", PUNY_ERR_INVALID_UTF8, 0, 0); /* surrogate */
  expect_punycode_error(__LINE__, 1, "b\xc3\xbc" "cher-kva", PUNY_ERR_NON_BASIC_BEFORE_DELIMITER,
                        1, 0xFC); /* the code point, as for an ASCII character */
  expect_punycode_error(__LINE__, 1, "ab!c", PUNY_ERR_INVALID_DIGIT, 2, '!');
  /* A non-ASCII character is named by its code point too, not only '!'. */
  expect_punycode_error(__LINE__, 1, "ab\xc3\xbc" "c", PUNY_ERR_INVALID_DIGIT, 2, 0xFC);
  expect_punycode_error(__LINE__, 1, "a-b\xe2\x82\xac", PUNY_ERR_INVALID_DIGIT, 3, 0x20AC);
  expect_punycode_error(__LINE__, 1, "a-\xf0\x9f\x98\x80", PUNY_ERR_INVALID_DIGIT, 2, 0x1F600);
  expect_punycode_error(__LINE__, 1, "abc-kx", PUNY_ERR_TRUNCATED_NUMBER, 6, 0);
  expect_punycode_error(__LINE__, 1, "abc-99999999999999999999", PUNY_ERR_OVERFLOW, 21, '9');
  expect_punycode_error(__LINE__, 1, "a-9z5g", PUNY_ERR_DECODED_OUT_OF_RANGE, 2, 0xDC00);
}

static void test_idna_errors(void) {
  puny_idna_options std3, no_hyphens, dns, url;
  char long_label[80], long_domain[300];
  size_t i;
  puny_idna_options_init(&std3, PUNY_PRESET_UTS46);
  std3.use_std3_ascii_rules = 1;
  puny_idna_options_init(&no_hyphens, PUNY_PRESET_UTS46);
  no_hyphens.check_hyphens = 0;
  puny_idna_options_init(&dns, PUNY_PRESET_UTS46);
  dns.verify_dns_length = 1;
  puny_idna_options_init(&url, PUNY_PRESET_URL);

  expect_idna_error(__LINE__, 0, "ok.\xc3", NULL, PUNY_ERR_INVALID_UTF8, "", 3, 0, 0);
  expect_idna_error(__LINE__, 0, "a\xe2\x80\xa8" "b.de", NULL, PUNY_ERR_DISALLOWED, "V7", 1, 0,
                    0x2028);
  expect_idna_error(__LINE__, 0, "x.a/b", &std3, PUNY_ERR_STD3_DISALLOWED, "U1", 3, 1, '/');
  expect_idna_error(__LINE__, 0, "xn--example-.com", NULL, PUNY_ERR_INVALID_ACE_LABEL, "P4", 0,
                    0, 0);
  /* Punycode errors inside an xn-- label are P4 too. */
  expect_idna_error(__LINE__, 0, "a.xn--ab!c", NULL, PUNY_ERR_INVALID_DIGIT, "P4", 8, 1, '!');
  expect_idna_error(__LINE__, 1, "xn--u-ccb", NULL, PUNY_ERR_NOT_NFC, "V1", 0, 0, 0);
  expect_idna_error(__LINE__, 0, "ab--c.com", NULL, PUNY_ERR_HYPHEN_3_4, "V2", 0, 0, 0);
  expect_idna_error(__LINE__, 0, "a.-b.com", NULL, PUNY_ERR_LEADING_HYPHEN, "V3", 2, 1, 0);
  expect_idna_error(__LINE__, 0, "b-.com", NULL, PUNY_ERR_TRAILING_HYPHEN, "V3", 0, 0, 0);
  expect_idna_error(__LINE__, 1, "xn--xn--a--gua", &no_hyphens, PUNY_ERR_ACE_PREFIX, "V4", 0, 0,
                    0);
  expect_idna_error(__LINE__, 1, "a.b.xn--c-bcb.d", NULL, PUNY_ERR_LEADING_COMBINING_MARK, "V6",
                    4, 2, 0x308);
  expect_idna_error(__LINE__, 0, "a\xe2\x80\x8d.example", NULL, PUNY_ERR_CONTEXTJ, "C2", 1, 0,
                    0x200D);
  expect_idna_error(__LINE__, 0, "a\xe2\x80\x8c.example", NULL, PUNY_ERR_CONTEXTJ, "C1", 1, 0,
                    0x200C);
  expect_idna_error(__LINE__, 1, "xn--0-sfa.xn--4db", NULL, PUNY_ERR_BIDI, "B1", 0, 0, 0);
  expect_idna_error(__LINE__, 0, "a..b", &dns, PUNY_ERR_EMPTY_LABEL, "A4_2", 2, 1, 0);
  expect_idna_error(__LINE__, 1, "a..b", &dns, PUNY_ERR_EMPTY_LABEL, "X4_2", 2, 1, 0);
  for (i = 0; i < 64; ++i) long_label[i] = 'a';
  strcpy(long_label + 64, ".com");
  expect_idna_error(__LINE__, 0, long_label, &dns, PUNY_ERR_LABEL_TOO_LONG, "A4_2", 0, 0, 0);
  for (i = 0; i < 254; ++i) long_domain[i] = (i % 2) ? '.' : 'a';
  long_domain[253] = 'a';
  long_domain[254] = '\0';
  expect_idna_error(__LINE__, 0, long_domain, &dns, PUNY_ERR_DOMAIN_TOO_LONG, "A4_1", 0, 0, 0);
  /* Offsets in the input even when the label was Punycode-encoded. */
  expect_idna_error(__LINE__, 0, "a\xc3\xbc<b.example", &url,
                    PUNY_ERR_FORBIDDEN_DOMAIN_CODE_POINT, "", 3, 0, '<');
  expect_idna_error(__LINE__, 0, "\xc3\xbc.a<b", &url, PUNY_ERR_FORBIDDEN_DOMAIN_CODE_POINT, "",
                    4, 1, '<');
  expect_idna_error(__LINE__, 0, "a<b.example", &url, PUNY_ERR_FORBIDDEN_DOMAIN_CODE_POINT, "",
                    1, 0, '<');
  /* U+0000 is a code point: has_code_point tells it from "none" (0 too). */
  {
    char out[16];
    puny_error err = PUNY_ERROR_INIT;
    CHECK(puny_to_ascii("a\0b", 3, out, sizeof out, NULL, &std3, &err) == PUNY_ERR_STD3_DISALLOWED);
    CHECK(err.offset == 1 && err.code_point == 0 && err.has_code_point == 1);
    CHECK(puny_decode("a\0c", 3, out, sizeof out, NULL, &err) == PUNY_ERR_INVALID_DIGIT);
    CHECK(err.offset == 1 && err.code_point == 0 && err.has_code_point == 1);
    CHECK(puny_to_ascii("ab--c.com", 9, out, sizeof out, NULL, NULL, &err) == PUNY_ERR_HYPHEN_3_4);
    CHECK(err.code_point == 0 && err.has_code_point == 0);
    CHECK(puny_to_ascii("ok.\xc3", 4, out, sizeof out, NULL, NULL, &err) == PUNY_ERR_INVALID_UTF8);
    CHECK(err.offset == 3 && err.code_point == 0 && err.has_code_point == 0);
  }
}

static void test_invalid_arguments(void) {
  char out[16];
  size_t written = 0;
  puny_error err = PUNY_ERROR_INIT;
  puny_idna_options opt;
  CHECK(puny_encode(NULL, 3, out, sizeof out, &written, &err) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(err.code == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_encode(NULL, PUNY_NUL_TERMINATED, out, sizeof out, &written, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_decode("abc", 3, NULL, 8, &written, &err) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_to_ascii("a", 1, out, sizeof out, &written, NULL, NULL) == PUNY_OK); /* err NULL */
  CHECK(puny_decode_utf32_annotated("a-", 2, (uint32_t*)0, NULL, 0, NULL, &err) ==
        PUNY_ERR_BUFFER_TOO_SMALL);
  {
    uint32_t cps[4];
    CHECK(puny_decode_utf32_annotated("a-", 2, cps, NULL, 4, NULL, &err) ==
          PUNY_ERR_INVALID_ARGUMENT);
    CHECK(puny_encode_utf32_annotated(cps, NULL, 1, out, sizeof out, NULL, &err) ==
          PUNY_ERR_INVALID_ARGUMENT);
  }
  /* Presets: unknown values and short structs are refused. */
  CHECK(puny_idna_options_init(&opt, 77) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_idna_options_init_sized(&opt, 8, PUNY_PRESET_UTS46) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_idna_options_init_sized(NULL, sizeof opt, PUNY_PRESET_UTS46) ==
        PUNY_ERR_INVALID_ARGUMENT);
  puny_idna_options_init(&opt, PUNY_PRESET_UTS46);
  opt.struct_size = 8;
  CHECK(puny_to_ascii("a", 1, out, sizeof out, &written, &opt, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK_STR(puny_error_name(err.code), "invalid_argument");
}

/* A caller compiled against a newer header (a longer struct): unknown
 * fields at zero are accepted, nonzero ones refused; an older, shorter
 * puny_error gets only the fields it has. */
static void test_struct_versions(void) {
  struct newer_options {
    puny_idna_options base;
    uint32_t future_flag;
  } newer;
  struct older_error {
    size_t struct_size;
    int32_t code;
    uint32_t code_point;
    size_t offset;
    size_t canary;
  } older;
  char out[64];
  CHECK(puny_idna_options_init_sized(&newer.base, sizeof newer, PUNY_PRESET_UTS46) == PUNY_OK);
  CHECK(newer.future_flag == 0 && newer.base.struct_size == sizeof newer);
  CHECK(puny_to_ascii("a.b", 3, out, sizeof out, NULL, &newer.base, NULL) == PUNY_OK);
  newer.future_flag = 1;
  CHECK(puny_to_ascii("a.b", 3, out, sizeof out, NULL, &newer.base, NULL) ==
        PUNY_ERR_INVALID_ARGUMENT);

  /* A caller compiled before allow_underscore existed: its struct ends at
   * url_domain_to_ascii, and the later fields take their defaults. */
  {
    puny_idna_options v1;
    const size_t v1_size = offsetof(puny_idna_options, url_domain_to_ascii) + sizeof(uint32_t);
    memset(&v1, 0x7F, sizeof v1); /* bytes past v1_size must not be read */
    CHECK(puny_idna_options_init_sized(&v1, v1_size, PUNY_PRESET_REGISTRATION) == PUNY_OK);
    CHECK(v1.struct_size == v1_size && v1.use_std3_ascii_rules == 1);
    CHECK(v1.allow_underscore == 0x7F7F7F7Fu); /* untouched */
    CHECK(puny_to_ascii("a_b.example", 11, out, sizeof out, NULL, &v1, NULL) ==
          PUNY_ERR_STD3_DISALLOWED);
    CHECK(puny_to_ascii("a b.example", 11, out, sizeof out, NULL, &v1, NULL) ==
          PUNY_ERR_STD3_DISALLOWED);
  }

  memset(&older, 0, sizeof older);
  older.struct_size = offsetof(struct older_error, canary);
  older.canary = 12345;
  CHECK(puny_decode("ab!c", 4, out, sizeof out, NULL, (puny_error*)(void*)&older) ==
        PUNY_ERR_INVALID_DIGIT);
  CHECK(older.code == PUNY_ERR_INVALID_DIGIT && older.offset == 2 && older.code_point == '!');
  CHECK(older.canary == 12345); /* `label` would have been written here */

  /* A garbage struct_size (an uninitialized struct) is refused without
   * reading past the struct: above PUNY_STRUCT_SIZE_MAX, zero bytes or not.
   * (Under the sanitizers a read up to it would be reported.) */
  {
    puny_idna_options* heap = (puny_idna_options*)malloc(sizeof *heap);
    puny_idna2008_options o2008;
    CHECK(heap != NULL);
    if (heap != NULL) {
      CHECK(puny_idna_options_init(heap, PUNY_PRESET_UTS46) == PUNY_OK);
      heap->struct_size = 0xFFFFFFF0u;
      CHECK(puny_to_ascii("a.b", 3, out, sizeof out, NULL, heap, NULL) == PUNY_ERR_INVALID_ARGUMENT);
      heap->struct_size = PUNY_STRUCT_SIZE_MAX + 1;
      CHECK(puny_to_ascii("a.b", 3, out, sizeof out, NULL, heap, NULL) == PUNY_ERR_INVALID_ARGUMENT);
      free(heap);
    }
    /* Past the bound even when every byte up to struct_size is zero (the
     * old rule accepted those; the bound is the documented contract). */
    {
      static uint32_t zeros[128]; /* 512 bytes, an options struct at the start */
      puny_idna_options* big = (puny_idna_options*)(void*)zeros;
      CHECK(puny_idna_options_init(big, PUNY_PRESET_UTS46) == PUNY_OK);
      big->struct_size = sizeof zeros;
      CHECK(puny_to_ascii("a.b", 3, out, sizeof out, NULL, big, NULL) == PUNY_ERR_INVALID_ARGUMENT);
      big->struct_size = PUNY_STRUCT_SIZE_MAX;
      CHECK(puny_to_ascii("a.b", 3, out, sizeof out, NULL, big, NULL) == PUNY_OK);
    }
    CHECK(puny_idna2008_options_init(&o2008) == PUNY_OK);
    o2008.struct_size = 0xFFFFFFF0u;
    CHECK(puny_idna2008_register("a.b", 3, out, sizeof out, NULL, &o2008, NULL) ==
          PUNY_ERR_INVALID_ARGUMENT);
  }
}

static void test_names_and_messages(void) {
  int code;
  char line[128];
  size_t n;
  puny_error err = PUNY_ERROR_INIT;
  /* Every code has a distinct name and a message. */
  for (code = 0; code <= PUNY_ERR_DOMAIN_CHARACTER; ++code) {
    int other;
    CHECK(strcmp(puny_error_name(code), "unknown") != 0);
    CHECK(strcmp(puny_error_message(code), "unknown error") != 0);
    for (other = 0; other < code; ++other)
      CHECK(strcmp(puny_error_name(code), puny_error_name(other)) != 0);
  }
  for (code = PUNY_ERR_OUT_OF_MEMORY; code <= PUNY_ERR_INTERNAL; ++code)
    CHECK(strcmp(puny_error_name(code), "unknown") != 0);
  CHECK_STR(puny_error_name(PUNY_OK), "ok");
  CHECK_STR(puny_error_name(PUNY_ERR_INVALID_DIGIT), "invalid_digit");
  CHECK_STR(puny_error_name(PUNY_ERR_OUT_OF_MEMORY), "out_of_memory");
  CHECK_STR(puny_error_name(PUNY_ERR_INTERNAL), "internal");
  CHECK_STR(puny_error_name(-1), "unknown");
  CHECK_STR(puny_error_name(PUNY_ERR_LIST_SYNTAX), "list_syntax");
  CHECK_STR(puny_error_name(PUNY_ERR_MISSING_AT), "missing_at");
  CHECK_STR(puny_error_name(PUNY_ERR_SPECIAL_USE_DOMAIN), "special_use_domain");
  CHECK_STR(puny_error_name(PUNY_ERR_DOMAIN_CHARACTER), "domain_character");
  CHECK_STR(puny_error_name(51), "unknown");
  CHECK_STR(puny_error_name(1000), "unknown");
  CHECK_STR(puny_error_message(PUNY_ERR_OVERFLOW), "arithmetic overflow (RFC 3492 section 6.4)");
  CHECK_STR(puny_error_message(PUNY_ERR_OUT_OF_MEMORY), "the library could not allocate memory");
  /* The kinds no C API input reaches: names and UTS #46 codes. */
  CHECK_STR(puny_error_name(PUNY_ERR_BAD_PARAMETERS), "bad_parameters");
  CHECK_STR(puny_error_name(PUNY_ERR_CASE_FLAGS_MISMATCH), "case_flags_mismatch");
  CHECK_STR(puny_error_name(PUNY_ERR_INPUT_TOO_LONG), "input_too_long");
  err.code = PUNY_ERR_LABEL_HAS_DOT;
  CHECK_STR(puny_uts46_code(&err), "V5");
  err.code = PUNY_ERR_PUNYCODE_ENCODE_FAILED;
  CHECK_STR(puny_uts46_code(&err), "A3");
  err.code = PUNY_ERR_BIDI;
  err.detail = 6;
  CHECK_STR(puny_uts46_code(&err), "B6");
  err.code = PUNY_ERR_INVALID_DIGIT; /* Punycode errors map to P4 */
  CHECK_STR(puny_uts46_code(&err), "P4");
  err.code = PUNY_ERR_OUT_OF_MEMORY;
  CHECK_STR(puny_uts46_code(&err), "");
  CHECK_STR(puny_uts46_code(NULL), "");
  /* Descriptions, truncated snprintf-style. */
  CHECK(puny_decode("ab!c", 4, line, sizeof line, NULL, &err) == PUNY_ERR_INVALID_DIGIT);
  n = puny_error_describe(&err, line, sizeof line);
  CHECK_STR(line,
            "invalid_digit at offset 2 (U+0021): a character after the delimiter is not a digit "
            "of the alphabet");
  CHECK(n == strlen(line));
  CHECK(puny_error_describe(&err, line, 8) == n);
  CHECK_STR(line, "invalid");
  CHECK(puny_error_describe(&err, NULL, 0) == n);
}

/* One IDNA2008 failure: code, byte offset, label, code point. */
static void expect_idna2008_error(int line, int lookup, const char* input,
                                  const puny_idna2008_options* opt, int code, size_t offset,
                                  size_t label, uint32_t code_point) {
  char out[256];
  size_t written = 0;
  puny_error err = PUNY_ERROR_INIT;
  const puny_errc got = lookup ? puny_idna2008_lookup(input, PUNY_NUL_TERMINATED, out, sizeof out,
                                                      &written, opt, &err)
                               : puny_idna2008_register(input, PUNY_NUL_TERMINATED, out,
                                                        sizeof out, &written, opt, &err);
  if ((int)got != code || err.code != code || err.offset != offset || err.label != label ||
      err.code_point != code_point) {
    ++failures;
    fprintf(stderr,
            "%s:%d: %s(\"%s\"): got %s at %lu (label %lu, U+%04lX), expected %s at %lu "
            "(label %lu, U+%04lX)\n",
            __FILE__, line, lookup ? "lookup" : "register", input, puny_error_name(err.code),
            (unsigned long)err.offset, (unsigned long)err.label, (unsigned long)err.code_point,
            puny_error_name(code), (unsigned long)offset, (unsigned long)label,
            (unsigned long)code_point);
  }
  ++checks;
}

static void test_idna2008(void) {
  char out[64];
  size_t written = 0;
  puny_error err = PUNY_ERROR_INIT;
  puny_idna2008_options opt;
  puny_idna2008_options unicode;
  puny_idna2008_options no_bidi;
  CHECK(puny_idna2008_options_init(&opt) == PUNY_OK);
  CHECK(opt.struct_size == sizeof opt && opt.output == PUNY_IDNA2008_OUTPUT_ASCII &&
        opt.check_bidi);
  puny_idna2008_options_init(&unicode);
  unicode.output = PUNY_IDNA2008_OUTPUT_UNICODE;
  puny_idna2008_options_init(&no_bidi);
  no_bidi.check_bidi = 0;

  /* RFC 5891 section 4: a U-label becomes its A-label; NULL options are the
   * defaults. */
  CHECK(puny_idna2008_register("b\xc3\xbc" "cher.de", PUNY_NUL_TERMINATED, out, sizeof out,
                               &written, &opt, &err) == PUNY_OK);
  CHECK_STR(out, "xn--bcher-kva.de");
  CHECK(written == 16 && err.code == PUNY_OK);
  CHECK(puny_idna2008_lookup("b\xc3\xbc" "cher.de", PUNY_NUL_TERMINATED, out, sizeof out,
                             &written, NULL, &err) == PUNY_OK);
  CHECK_STR(out, "xn--bcher-kva.de");
  /* U-label output. */
  CHECK(puny_idna2008_register("xn--bcher-kva.de", 16, out, sizeof out, &written, &unicode,
                               &err) == PUNY_OK);
  CHECK_STR(out, "b\xc3\xbc" "cher.de");
  CHECK(written == 10);

  /* No mapping: what UTS #46 maps, IDNA2008 refuses (RFC 5892 DISALLOWED). */
  expect_idna2008_error(__LINE__, 0, "\xf0\x9f\x92\xa9.la", NULL, PUNY_ERR_DISALLOWED, 0, 0,
                        0x1F4A9);
  expect_idna2008_error(__LINE__, 0, "\xe2\x85\xab.com", NULL, PUNY_ERR_DISALLOWED, 0, 0,
                        0x216B);
  expect_idna2008_error(__LINE__, 1, "a.B\xc3\xbc" "cher", NULL, PUNY_ERR_DISALLOWED, 2, 1,
                        'B');
  /* UNASSIGNED (U+0378 has no character in any version). */
  expect_idna2008_error(__LINE__, 0, "a\xcd\xb8", NULL, PUNY_ERR_UNASSIGNED, 1, 0, 0x0378);
  /* A-labels must round-trip exactly (RFC 5891 section 5.3). */
  expect_idna2008_error(__LINE__, 0, "XN--BCHER-KVA.de", NULL, PUNY_ERR_A_LABEL_NOT_CANONICAL, 0,
                        0, 'X');
  {
    puny_error e = PUNY_ERROR_INIT;
    CHECK(puny_idna2008_register("XN--BCHER-KVA.de", 16, out, sizeof out, &written, NULL, &e) ==
          PUNY_ERR_A_LABEL_NOT_CANONICAL);
    CHECK_STR(puny_uts46_code(&e), ""); /* no UTS #46 counterpart */
  }
  {
    /* Issue 45: an IDNA2008 error carries no UTS #46 code, whatever its
     * kind (disallowed is V7 only when UTS #46 processing found it), as
     * Python, the CLI and JavaScript say; Punycode errors are P4. */
    puny_error e = PUNY_ERROR_INIT;
    CHECK(puny_idna2008_register("\xe2\x85\xab.com", PUNY_NUL_TERMINATED, out, sizeof out,
                                 &written, NULL, &e) == PUNY_ERR_DISALLOWED);
    CHECK(e.source == PUNY_SOURCE_IDNA2008);
    CHECK_STR(puny_uts46_code(&e), "");
    CHECK(puny_to_ascii_preset("idna2008-lookup", "a\xe2\x80\xa8" "b.com", PUNY_NUL_TERMINATED,
                               out, sizeof out, &written, NULL, &e) == PUNY_ERR_DISALLOWED);
    CHECK_STR(puny_uts46_code(&e), "");
    CHECK(puny_idna2008_lookup("xn--ab!c.com", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                               NULL, &e) != PUNY_OK);
    CHECK_STR(puny_uts46_code(&e), "");
    /* The same code from UTS #46 processing: V7, and the source says so. */
    CHECK(puny_to_ascii_preset("uts46", "a\xe2\x80\xa8" "b.com", PUNY_NUL_TERMINATED, out,
                               sizeof out, &written, NULL, &e) == PUNY_ERR_DISALLOWED);
    CHECK(e.source == PUNY_SOURCE_UTS46);
    CHECK_STR(puny_uts46_code(&e), "V7");
    /* Plain Punycode: P4, from every form. */
    CHECK(puny_decode("ab!c", 4, out, sizeof out, NULL, &e) == PUNY_ERR_INVALID_DIGIT);
    CHECK(e.source == PUNY_SOURCE_PUNYCODE);
    CHECK_STR(puny_uts46_code(&e), "P4");
    {
      uint32_t cps[8];
      CHECK(puny_decode_utf32("abc-99999999999999", PUNY_NUL_TERMINATED, cps, 8, NULL, &e) !=
            PUNY_OK);
      CHECK_STR(puny_uts46_code(&e), "P4");
    }
    /* A struct from before `source` (struct_size ends at has_code_point) is
     * read as UTS #46, as it was. */
    e.struct_size = offsetof(puny_error, source);
    e.source = 0;
    CHECK(puny_idna2008_register("\xe2\x85\xab.com", PUNY_NUL_TERMINATED, out, sizeof out,
                                 &written, NULL, &e) == PUNY_ERR_DISALLOWED);
    CHECK(e.source == 0);
    CHECK_STR(puny_uts46_code(&e), "V7");
  }
  expect_idna2008_error(__LINE__, 1, "xn---9uc", NULL, PUNY_ERR_INVALID_DIGIT, 4, 0, '-');
  /* CONTEXTO (RFC 5892 A.3, MIDDLE DOT): registration evaluates the rule,
   * lookup only requires that one exists. */
  expect_idna2008_error(__LINE__, 0, "a\xc2\xb7" "b", NULL, PUNY_ERR_CONTEXTO, 1, 0, 0xB7);
  CHECK(puny_idna2008_lookup("a\xc2\xb7" "b", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                             NULL, &err) == PUNY_OK);
  CHECK(puny_idna2008_register("l\xc2\xb7l", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                               NULL, &err) == PUNY_OK);
  CHECK_STR(out, "xn--ll-0ea");
  /* CONTEXTJ with its rule in detail (1 = ZWNJ). */
  expect_idna2008_error(__LINE__, 0, "a\xe2\x80\x8c" "b", NULL, PUNY_ERR_CONTEXTJ, 1, 0, 0x200C);
  CHECK(err.detail == 0); /* expect_idna2008_error has its own err */
  /* Hyphens: registration only for leading/trailing ones. */
  expect_idna2008_error(__LINE__, 0, "-\xc3\xbc.com", NULL, PUNY_ERR_LEADING_HYPHEN, 0, 0, 0);
  CHECK(puny_idna2008_lookup("-\xc3\xbc.com", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                             NULL, &err) == PUNY_OK);
  /* RFC 5893 Bidi, and check_bidi = 0. */
  expect_idna2008_error(__LINE__, 0, "0a.\xd7\x90\xd7\x91", &opt, PUNY_ERR_BIDI, 0, 0, 0);
  CHECK(puny_idna2008_register("0a.\xd7\x90\xd7\x91", PUNY_NUL_TERMINATED, out, sizeof out,
                               &written, &no_bidi, &err) == PUNY_OK);
  CHECK_STR(out, "0a.xn--4dbc");

  /* Caller buffer: needed counts the terminator; nothing past capacity. */
  memset(out, 'Z', sizeof out);
  CHECK(puny_idna2008_register("b\xc3\xbc" "cher.de", PUNY_NUL_TERMINATED, out, 16, &written,
                               NULL, &err) == PUNY_ERR_BUFFER_TOO_SMALL);
  CHECK(err.needed == 17 && out[16] == 'Z');
  CHECK(puny_idna2008_register("b\xc3\xbc" "cher.de", PUNY_NUL_TERMINATED, out, 17, &written,
                               NULL, &err) == PUNY_OK);
  CHECK_STR(out, "xn--bcher-kva.de");

  /* Invalid arguments: unknown output form, struct too small, a newer
   * struct asking for something unknown, NULL input with a length. */
  opt.output = 7;
  CHECK(puny_idna2008_register("a", 1, out, sizeof out, &written, &opt, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK(err.code == PUNY_ERR_INVALID_ARGUMENT);
  puny_idna2008_options_init(&opt);
  opt.struct_size = 4;
  CHECK(puny_idna2008_lookup("a", 1, out, sizeof out, &written, &opt, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_idna2008_options_init_sized(&opt, 4) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_idna2008_options_init_sized(NULL, sizeof opt) == PUNY_ERR_INVALID_ARGUMENT);
  {
    struct {
      puny_idna2008_options base;
      uint32_t future_field;
    } newer;
    CHECK(puny_idna2008_options_init_sized(&newer.base, sizeof newer) == PUNY_OK);
    CHECK(newer.future_field == 0 && newer.base.struct_size == sizeof newer);
    CHECK(puny_idna2008_register("a", 1, out, sizeof out, &written, &newer.base, &err) ==
          PUNY_OK);
    newer.future_field = 1;
    CHECK(puny_idna2008_register("a", 1, out, sizeof out, &written, &newer.base, &err) ==
          PUNY_ERR_INVALID_ARGUMENT);
  }
  CHECK(puny_idna2008_register(NULL, 3, out, sizeof out, &written, NULL, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_idna2008_register(NULL, 0, out, sizeof out, &written, NULL, &err) ==
        PUNY_ERR_EMPTY_LABEL);
}

static void test_versions(void) {
  CHECK(puny_version() == PUNY_VERSION_NUMBER);
  CHECK_STR(puny_version_string(), PUNY_VERSION_STRING);
  CHECK_STR(puny_unicode_version(), PUNY_EXPECTED_UNICODE_VERSION);
}

/* Display safety: profiles and reasons from the library, the decision per
 * label, the lists with their file:line errors, the skeleton. */
static void test_display(void) {
  char out[256];
  char message[256];
  size_t written = 0, i, count, offset = 0, findings = 0;
  const char* a_label = NULL;
  const char* u_label = NULL;
  int shown = -1, reason;
  puny_error err = PUNY_ERROR_INIT;
  puny_display_lists* lists = NULL;
  puny_display_result* result = NULL;
  puny_display_finding finding = PUNY_DISPLAY_FINDING_INIT;
  /* "\u0430\u0440\u0440\u04cf\u0435.com": Cyrillic letters that look like "apple". */
  const char* apple = "\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com";

  count = puny_display_profile_count();
  CHECK(count == 6);
  for (i = 0; i < count; ++i) {
    CHECK(puny_display_profile_name(i) != NULL);
    CHECK(puny_display_profile_find(puny_display_profile_name(i)) == (int)i);
    CHECK(strlen(puny_display_profile_description(i)) > 0);
  }
  CHECK(puny_display_profile_name(count) == NULL);
  CHECK(puny_display_profile_find("chrome") == -1);
  /* ASCII case is ignored, as for presets. */
  CHECK(puny_display_profile_find("Firefox-HIGH") == puny_display_profile_find("firefox-high"));
  CHECK(puny_display_profile_find("firefox-high") >= 0);
  CHECK_STR(puny_display_profile_name(0), "chromium");
  for (reason = 1; strcmp(puny_display_reason_name(reason), "unknown") != 0; ++reason)
    CHECK(strcmp(puny_display_reason_message(reason), "unknown reason") != 0);
  CHECK(reason > 10);
  CHECK_STR(puny_display_reason_name(0), "unknown");

  CHECK(puny_display(apple, PUNY_NUL_TERMINATED, out, sizeof out, &written, NULL, NULL, &err) ==
        PUNY_OK);
  CHECK_STR(out, "xn--80ak6aa92e.com");
  CHECK(puny_display("xn--bcher-kva.de", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                     "firefox-high", NULL, &err) == PUNY_OK);
  CHECK_STR(out, "b\xC3\xBC" "cher.de");
  CHECK(puny_display("xn--bcher-kva.de", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                     "ascii-only", NULL, &err) == PUNY_OK);
  CHECK_STR(out, "xn--bcher-kva.de");
  CHECK(puny_display("xn--bcher-kva.de", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                     "ASCII-Only", NULL, &err) == PUNY_OK);
  CHECK_STR(out, "xn--bcher-kva.de");
  CHECK(puny_display("a.com", 5, out, sizeof out, &written, "chrome", NULL, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  /* Not valid IDNA: the to_unicode error. */
  CHECK(puny_display("xn--a.com", PUNY_NUL_TERMINATED, out, sizeof out, &written, NULL, NULL,
                     &err) == PUNY_ERR_DISALLOWED);
  CHECK(puny_display(apple, PUNY_NUL_TERMINATED, out, 4, &written, NULL, NULL, &err) ==
        PUNY_ERR_BUFFER_TOO_SMALL);
  CHECK(err.needed == strlen("xn--80ak6aa92e.com") + 1);

  CHECK(puny_display_decide(apple, PUNY_NUL_TERMINATED, "chromium", NULL, &result, &err) ==
        PUNY_OK);
  CHECK_STR(puny_display_result_text(result), "xn--80ak6aa92e.com");
  CHECK(puny_display_result_label_count(result) == 2);
  CHECK(puny_display_result_label(result, 0, &a_label, &u_label, &shown, &offset, &findings) ==
        PUNY_OK);
  CHECK_STR(a_label, "xn--80ak6aa92e");
  CHECK(shown == 0 && offset == 0 && findings >= 1);
  CHECK(puny_display_result_finding(result, 0, 0, &finding) == PUNY_OK);
  CHECK_STR(puny_display_reason_name(finding.reason), "whole_script_confusable");
  CHECK(finding.has_code_point == 1 && finding.code_point == 0x430 && finding.imitates == 'a');
  CHECK(strncmp(finding.step, "chromium/", 9) == 0);
  CHECK(puny_display_result_label(result, 2, NULL, NULL, NULL, NULL, NULL) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_display_result_finding(result, 1, 0, &finding) == PUNY_ERR_INVALID_ARGUMENT);
  puny_display_result_free(result);

  /* Lists from memory: a protected domain and its lookalike. */
  CHECK(puny_display_lists_parse(NULL, 0, "# top\ngoogle.com\n", PUNY_NUL_TERMINATED, "mine",
                                 &lists, message, sizeof message, &err) == PUNY_OK);
  CHECK(puny_display("www.googl\xC3\xA9.com", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                     NULL, lists, &err) == PUNY_OK);
  CHECK_STR(out, "www.xn--googl-fsa.com");
  puny_display_lists_free(lists);
  lists = NULL;
  CHECK(puny_display_lists_parse(NULL, 0, "google.com\nnot a domain\n", PUNY_NUL_TERMINATED,
                                 "mine.list", &lists, message, sizeof message, &err) ==
        PUNY_ERR_LIST_SYNTAX);
  CHECK(lists == NULL && err.label == 2 && err.offset == 11);
  CHECK(strncmp(message, "mine.list:2: ", 13) == 0);
  CHECK(puny_display_lists_load("/nonexistent/psl.dat", NULL, &lists, message, sizeof message,
                                &err) == PUNY_ERR_FILE_UNREADABLE);
  CHECK(strstr(message, "/nonexistent/psl.dat") != NULL);
  /* A directory is no list (it used to load as an empty one). */
  CHECK(puny_display_lists_load("/tmp", NULL, &lists, message, sizeof message, &err) ==
        PUNY_ERR_FILE_UNREADABLE);
  CHECK(lists == NULL && strstr(message, "/tmp") != NULL);
  CHECK(puny_display_lists_load("", "/tmp", &lists, message, sizeof message, &err) ==
        PUNY_ERR_FILE_UNREADABLE);
  CHECK(lists == NULL);
  /* Debian's Public Suffix List (package publicsuffix). */
  CHECK(puny_display_lists_load(NULL, NULL, &lists, message, sizeof message, &err) == PUNY_OK);
  CHECK(puny_display_decide("a.b.example.co.uk", PUNY_NUL_TERMINATED, NULL, lists, &result,
                            &err) == PUNY_OK);
  CHECK_STR(puny_display_result_registrable_domain(result), "example.co.uk");
  puny_display_result_free(result);
  /* ASCII case does not matter to the Public Suffix List (RFC 4343). */
  CHECK(puny_display_decide("A.B.EXAMPLE.CO.UK", PUNY_NUL_TERMINATED, NULL, lists, &result,
                            &err) == PUNY_OK);
  CHECK_STR(puny_display_result_registrable_domain(result), "example.co.uk");
  puny_display_result_free(result);
  puny_display_lists_free(lists);

  CHECK(puny_skeleton("\xD1\x80\xD0\xB0\xD1\x83\xD1\x80\xD0\xB0l", PUNY_NUL_TERMINATED, out,
                      sizeof out, &written, &err) == PUNY_OK);
  CHECK_STR(out, "paypal");
  CHECK(written == 6);
  CHECK(puny_skeleton("ab\xFF", 3, out, sizeof out, &written, &err) == PUNY_ERR_INVALID_UTF8);
  CHECK(err.offset == 2);
}

struct group {
  const char* name;
  void (*run)(void);
};

/* The whole text of a file, or NULL (static buffer, for the vocabulary). */
static const char* read_text(const char* path) {
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
static int next_field(const char** pos, const char* key, const char* value) {
  char wanted[256];
  const char* at;
  snprintf(wanted, sizeof wanted, "\"%s\": \"%s\"", key, value);
  at = strstr(*pos, wanted);
  if (at == NULL) return 0;
  *pos = at + strlen(wanted);
  return 1;
}

static size_t count_of(const char* text, const char* needle) {
  size_t n = 0;
  const char* at = text;
  while ((at = strstr(at, needle)) != NULL) {
    ++n;
    at += strlen(needle);
  }
  return n;
}

/* The registry is the core's: same presets, aliases and flag words, in the
 * same order, as the core's vocabulary (tests/vocabulary, PUNY_VOCABULARY). */
static void test_presets(void) {
  const char* vocabulary = read_text(getenv("PUNY_VOCABULARY"));
  const char* pos;
  const char* target = NULL;
  char out[64];
  size_t i, written = 0;
  puny_idna_options opt;
  puny_error err = PUNY_ERROR_INIT;
  CHECK(vocabulary != NULL); /* the environment must name vocabulary.json */
  if (vocabulary == NULL) return;
  CHECK(puny_preset_count() == count_of(vocabulary, "\"family\""));
  pos = vocabulary;
  for (i = 0; i < puny_preset_count(); ++i) {
    CHECK(next_field(&pos, "name", puny_preset_name(i)));
    CHECK(puny_preset_find(puny_preset_name(i), PUNY_NUL_TERMINATED) == (int)i);
    CHECK(puny_preset_description(i) != NULL && puny_preset_description(i)[0] != '\0');
  }
  CHECK(puny_preset_name(i) == NULL && puny_preset_is_idna2008(i) == -1);
  CHECK(puny_preset_alias_count() == count_of(vocabulary, "\"alias\""));
  for (i = 0; i < puny_preset_alias_count(); ++i) {
    const char* alias = puny_preset_alias(i, &target);
    CHECK(next_field(&pos, "alias", alias) && next_field(&pos, "name", target));
    CHECK(puny_preset_find(alias, PUNY_NUL_TERMINATED) == puny_preset_find(target, PUNY_NUL_TERMINATED));
  }
  CHECK(puny_option_flag_count() == count_of(vocabulary, "\"off\""));
  for (i = 0; i < puny_option_flag_count(); ++i)
    CHECK(next_field(&pos, "on", puny_option_flag_word(i, 1)) &&
          next_field(&pos, "off", puny_option_flag_word(i, 0)));
  CHECK(puny_preset_find("nonsense", PUNY_NUL_TERMINATED) == -1);
  CHECK(puny_preset_find("url-strict-x", 10) == puny_preset_find("url-strict", PUNY_NUL_TERMINATED));

  /* Options by name, adjusted by flag words. */
  CHECK(puny_idna_options_init_named(&opt, "registration", PUNY_NUL_TERMINATED) == PUNY_OK);
  CHECK(opt.use_std3_ascii_rules == 1 && opt.verify_dns_length == 1);
  CHECK(puny_idna_options_apply_flag(&opt, "no-std3", PUNY_NUL_TERMINATED) == PUNY_OK);
  CHECK(opt.use_std3_ascii_rules == 0 && opt.verify_dns_length == 1);
  CHECK(puny_idna_options_apply_flag(&opt, "std3-ish", PUNY_NUL_TERMINATED) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_idna_options_init_named(&opt, "nonsense", PUNY_NUL_TERMINATED) ==
        PUNY_ERR_INVALID_ARGUMENT);

  /* A preset and flags in one string (the SQL spelling). */
  {
    size_t index = 99, bad_offset = 99, bad_length = 99;
    int bad_is_preset = -1;
    static const char spec[] = " REGISTRATION, no-std3";
    CHECK(puny_preset_spec_parse(spec, PUNY_NUL_TERMINATED, &opt, &index, &bad_offset, &bad_length,
                                 &bad_is_preset) == PUNY_OK);
    CHECK(index == (size_t)puny_preset_find("uts46-strict", PUNY_NUL_TERMINATED));
    CHECK(opt.use_std3_ascii_rules == 0 && opt.verify_dns_length == 1);
    static const char bad_flag[] = "url,std3 nope";
    CHECK(puny_preset_spec_parse(bad_flag, PUNY_NUL_TERMINATED, &opt, &index, &bad_offset, &bad_length,
                                 &bad_is_preset) == PUNY_ERR_INVALID_ARGUMENT);
    CHECK(bad_offset == 9 && bad_length == 4 && bad_is_preset == 0);
    CHECK(puny_preset_spec_parse("strict", 6, &opt, &index, &bad_offset, &bad_length, &bad_is_preset) ==
          PUNY_ERR_INVALID_ARGUMENT);
    CHECK(bad_offset == 0 && bad_length == 6 && bad_is_preset == 1);
    CHECK(puny_preset_spec_parse("", 0, &opt, &index, &bad_offset, &bad_length, &bad_is_preset) ==
          PUNY_ERR_INVALID_ARGUMENT);
    CHECK(bad_is_preset == 1 && bad_length == 0);
    /* Both words of one flag: 2, at the second (as the CLI refuses them). */
    CHECK(puny_preset_spec_parse("uts46 transitional nontransitional", PUNY_NUL_TERMINATED, &opt, &index,
                                 &bad_offset, &bad_length, &bad_is_preset) == PUNY_ERR_INVALID_ARGUMENT);
    CHECK(bad_offset == 19 && bad_length == 15 && bad_is_preset == 2);
    CHECK(puny_preset_spec_parse_sized("url", 3, NULL, sizeof opt, &index, NULL, NULL, NULL) ==
          PUNY_ERR_INVALID_ARGUMENT);
  }

  /* Conversion by name, IDNA2008 included. */
  CHECK(puny_to_ascii_preset("idna2008", "b\xc3\xbc" "cher.de", PUNY_NUL_TERMINATED, out, sizeof out,
                             &written, NULL, &err) == PUNY_OK);
  CHECK_STR(out, "xn--bcher-kva.de");
  CHECK(puny_to_ascii_preset("idna2008", "\xe2\x85\xab.com", PUNY_NUL_TERMINATED, out, sizeof out,
                             &written, NULL, &err) == PUNY_ERR_DISALLOWED);
  CHECK(puny_to_ascii_preset("uts46", "\xe2\x85\xab.com", PUNY_NUL_TERMINATED, out, sizeof out,
                             &written, NULL, &err) == PUNY_OK);
  CHECK_STR(out, "xii.com");
  CHECK(puny_to_unicode_preset("idna2008-lookup", "xn--bcher-kva.de", PUNY_NUL_TERMINATED, out,
                               sizeof out, &written, NULL, &err) == PUNY_OK);
  CHECK_STR(out, "b\xc3\xbc" "cher.de");
  CHECK(puny_to_unicode_preset("url", "xn--a.com", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                               NULL, &err) == PUNY_OK);
  CHECK_STR(out, "xn--a.com");
  CHECK(puny_to_ascii_preset("registration", "-x.com", PUNY_NUL_TERMINATED, out, sizeof out,
                             &written, NULL, &err) == PUNY_ERR_LEADING_HYPHEN);
  CHECK(puny_to_ascii_preset("nonsense", "a.com", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                             NULL, &err) == PUNY_ERR_INVALID_ARGUMENT);
  /* Names are matched with ASCII case ignored, as in the CLI and SQL. */
  CHECK(puny_preset_find("UTS46-Strict", PUNY_NUL_TERMINATED) ==
        puny_preset_find("uts46-strict", PUNY_NUL_TERMINATED));
  CHECK(puny_preset_find("REGISTRATION", PUNY_NUL_TERMINATED) ==
        puny_preset_find("uts46-strict", PUNY_NUL_TERMINATED));
  CHECK(puny_to_ascii_preset("IDNA2008", "\xe2\x85\xab.com", PUNY_NUL_TERMINATED, out, sizeof out,
                             &written, NULL, &err) == PUNY_ERR_DISALLOWED);
  CHECK(puny_preset_find("uts46-strict\xc3\xa9", PUNY_NUL_TERMINATED) == -1);
}

/* A quoted JSON string value after `"key": ` at or after *pos, copied into
 * `out`; moves *pos past it.  0 when there is none. */
static int next_value(const char** pos, const char* key, char* out, size_t size) {
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

/* The C struct's flag members are the core's flags (issue 41): every flag
 * of the core's vocabulary (PUNY_VOCABULARY, its "field") is a uint32_t
 * member of puny_idna_options as include/puny.h declares it, every member
 * but struct_size and url_domain_to_ascii is a flag's, and the conversions
 * carry each flag through its own member: its "on" word sets that member
 * and no other, its "off" word clears it.  A flag added to the core
 * without its C member (or without its row in c_api.cpp's table) fails. */
static void test_option_flags(void) {
  static char header[1 << 17];
  char members[40][48];
  size_t member_count = 0, flag_count = 0, n, k;
  const char* vocabulary = read_text(getenv("PUNY_VOCABULARY"));
  const char* line;
  const char* end;
  FILE* f = fopen(PUNY_HEADER_PATH, "rb");
  CHECK(f != NULL && vocabulary != NULL);
  if (f == NULL || vocabulary == NULL) return;
  n = fread(header, 1, sizeof header - 1, f);
  fclose(f);
  header[n] = '\0';

  /* The members, in order: each line of the struct that starts with
   * "uint32_t " declares one (every member is a uint32_t, so member k is at
   * byte 4 k). */
  line = strstr(header, "typedef struct puny_idna_options {");
  end = line != NULL ? strstr(line, "} puny_idna_options;") : NULL;
  CHECK(line != NULL && end != NULL);
  if (line == NULL || end == NULL) return;
  for (line = strchr(line, '\n'); line != NULL && line < end; line = strchr(line + 1, '\n')) {
    const char* at = line + 1;
    size_t len = 0;
    while (*at == ' ') ++at;
    if (strncmp(at, "uint32_t ", 9) != 0) continue;
    at += 9;
    while (*at == ' ') ++at;
    while (at[len] != ';' && at[len] != ' ' && at[len] != '\0' && len + 1 < sizeof members[0]) ++len;
    CHECK(member_count < sizeof members / sizeof members[0]);
    if (member_count >= sizeof members / sizeof members[0]) return;
    memcpy(members[member_count], at, len);
    members[member_count][len] = '\0';
    ++member_count;
  }
  CHECK(member_count * sizeof(uint32_t) == sizeof(puny_idna_options));
  CHECK(member_count > 2 && strcmp(members[0], "struct_size") == 0);

  line = strstr(vocabulary, "\"flags\": [");
  CHECK(line != NULL);
  if (line == NULL) return;
  for (;;) {
    char on[64], off[64], field[64];
    const char* at = line;
    size_t found = member_count;
    puny_idna_options opt, before;
    const uint32_t* words = (const uint32_t*)(const void*)&opt;
    const uint32_t* old_words = (const uint32_t*)(const void*)&before;
    if (!next_value(&at, "on", on, sizeof on) || !next_value(&at, "off", off, sizeof off) ||
        !next_value(&at, "field", field, sizeof field))
      break;
    line = at;
    ++flag_count;
    for (k = 1; k < member_count; ++k)
      if (strcmp(members[k], field) == 0) found = k;
    ++checks;
    if (found == member_count || strcmp(field, "url_domain_to_ascii") == 0) {
      ++failures;
      fprintf(stderr, "%s:%d: the core's flag \"%s\" (field %s) has no member of puny_idna_options "
              "in include/puny.h\n", __FILE__, __LINE__, on, field);
      continue;
    }
    /* From each preset's options: "off" clears the member, "on" sets it,
     * nothing else moves. */
    for (k = 0; k < puny_preset_count(); ++k) {
      size_t m;
      if (puny_preset_is_idna2008(k) != 0) continue;
      CHECK(puny_idna_options_init_named(&opt, puny_preset_name(k), PUNY_NUL_TERMINATED) == PUNY_OK);
      before = opt;
      CHECK(puny_idna_options_apply_flag(&opt, off, PUNY_NUL_TERMINATED) == PUNY_OK);
      CHECK(words[found] == 0);
      for (m = 0; m < member_count; ++m)
        if (m != found) CHECK(words[m] == old_words[m]);
      CHECK(puny_idna_options_apply_flag(&opt, on, PUNY_NUL_TERMINATED) == PUNY_OK);
      CHECK(words[found] == 1);
      for (m = 0; m < member_count; ++m)
        if (m != found) CHECK(words[m] == old_words[m]);
    }
  }
  /* Every member but struct_size and url_domain_to_ascii is a flag's. */
  CHECK(flag_count == puny_option_flag_count());
  CHECK(flag_count + 2 == member_count);
}

/* Every caller-buffer function with its input and output in one buffer,
 * the output shifted by every amount either way (in place included): the
 * result must be what separate buffers give (issue 45: puny_to_ascii gave
 * "abcdcdefgh.i" for buf, buf + 2). */
typedef puny_errc (*utf8_function)(const char*, size_t, char*, size_t, size_t*, puny_error*);
static puny_errc to_ascii_f(const char* in, size_t n, char* out, size_t cap, size_t* w, puny_error* e) {
  return puny_to_ascii(in, n, out, cap, w, NULL, e);
}
static puny_errc to_unicode_f(const char* in, size_t n, char* out, size_t cap, size_t* w, puny_error* e) {
  return puny_to_unicode(in, n, out, cap, w, NULL, e);
}
static puny_errc to_ascii_preset_f(const char* in, size_t n, char* out, size_t cap, size_t* w, puny_error* e) {
  return puny_to_ascii_preset("uts46-strict", in, n, out, cap, w, NULL, e);
}
static puny_errc to_unicode_preset_f(const char* in, size_t n, char* out, size_t cap, size_t* w, puny_error* e) {
  return puny_to_unicode_preset("idna2008-lookup", in, n, out, cap, w, NULL, e);
}
static puny_errc register_f(const char* in, size_t n, char* out, size_t cap, size_t* w, puny_error* e) {
  return puny_idna2008_register(in, n, out, cap, w, NULL, e);
}
static puny_errc lookup_f(const char* in, size_t n, char* out, size_t cap, size_t* w, puny_error* e) {
  return puny_idna2008_lookup(in, n, out, cap, w, NULL, e);
}
static puny_errc display_f(const char* in, size_t n, char* out, size_t cap, size_t* w, puny_error* e) {
  return puny_display(in, n, out, cap, w, NULL, NULL, e);
}

static void test_overlap(void) {
  static const struct {
    const char* name;
    utf8_function f;
    const char* input;
  } cases[] = {
      {"puny_to_ascii", to_ascii_f, "ABCDEFGH.I"},
      {"puny_to_ascii", to_ascii_f, "B\xc3\xbc" "cher.Example"},
      {"puny_to_unicode", to_unicode_f, "XN--BCHER-KVA.example"},
      {"puny_to_unicode", to_unicode_f, "ABCDEFGH.I"},
      {"puny_to_ascii_preset", to_ascii_preset_f, "Stra\xc3\x9f" "e.DE"},
      {"puny_to_unicode_preset", to_unicode_preset_f, "xn--bcher-kva.de"},
      {"puny_idna2008_register", register_f, "b\xc3\xbc" "cher.example"},
      {"puny_idna2008_lookup", lookup_f, "b\xc3\xbc" "cher.example"},
      {"puny_encode", puny_encode, "b\xc3\xbc" "cherbuecher"},
      {"puny_decode", puny_decode, "bcher-kva"},
      {"puny_skeleton", puny_skeleton, "\xD1\x80\xD0\xB0\xD1\x83\xD1\x80\xD0\xB0l"},
      {"puny_display", display_f, "XN--80AK6AA92E.com"},
  };
  size_t c;
  for (c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
    char expected[128], buf[256];
    size_t expected_n = 0, n = 0, len = strlen(cases[c].input);
    int shift;
    puny_error e1 = PUNY_ERROR_INIT, e2 = PUNY_ERROR_INIT;
    const puny_errc want = cases[c].f(cases[c].input, len, expected, sizeof expected, &expected_n, &e1);
    CHECK(want == PUNY_OK);
    for (shift = -40; shift <= 40; ++shift) {
      char* in = buf + 64 + (shift < 0 ? -shift : 0);
      char* out = buf + 64 + (shift > 0 ? shift : 0);
      puny_errc got;
      memset(buf, '#', sizeof buf);
      memcpy(in, cases[c].input, len);
      got = cases[c].f(in, len, out, 128, &n, &e2);
      ++checks;
      if (got != want || n != expected_n || memcmp(out, expected, n + 1) != 0) {
        ++failures;
        fprintf(stderr, "%s:%d: %s(\"%s\") with output shifted by %d: %s \"%.*s\", expected %s \"%s\"\n",
                __FILE__, __LINE__, cases[c].name, cases[c].input, shift, puny_error_name(got),
                (int)n, out, puny_error_name(want), expected);
      }
    }
  }
}

/* The header's documented range of the core's error values ("Values 0..N")
 * is the core's table: N is its last code, and each code has its
 * enumerator PUNY_ERR_<NAME> = code in include/puny.h and its name from
 * puny_error_name (vocabulary.json lists the core's table). */
static void test_error_table(void) {
  static char header[1 << 17];
  const char* vocabulary = read_text(getenv("PUNY_VOCABULARY"));
  const char* pos;
  const char* range;
  int last = -1, documented = -2;
  size_t n;
  FILE* f = fopen(PUNY_HEADER_PATH, "rb");
  CHECK(f != NULL && vocabulary != NULL);
  if (f == NULL || vocabulary == NULL) return;
  n = fread(header, 1, sizeof header - 1, f);
  fclose(f);
  header[n] = '\0';
  for (pos = strstr(vocabulary, "\"code\": "); pos != NULL; pos = strstr(pos, "\"code\": ")) {
    int code = atoi(pos + 8);
    const char* name = strstr(pos, "\"name\": \"");
    char wanted[96], upper[64];
    size_t i;
    CHECK(name != NULL);
    if (name == NULL) return;
    name += 9;
    for (i = 0; name[i] != '"' && i + 1 < sizeof upper; ++i)
      upper[i] = (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 32 : name[i]);
    upper[i] = '\0';
    if (code == 0) {
      CHECK(strstr(header, "PUNY_OK = 0,") != NULL);
    } else {
      snprintf(wanted, sizeof wanted, "PUNY_ERR_%s = %d", upper, code);
      ++checks;
      if (strstr(header, wanted) == NULL) {
        ++failures;
        fprintf(stderr, "%s:%d: include/puny.h lacks \"%s\"\n", __FILE__, __LINE__, wanted);
      }
      CHECK(strncmp(puny_error_name(code), name, i) == 0 && puny_error_name(code)[i] == '\0');
    }
    last = code > last ? code : last;
    pos += 8;
  }
  range = strstr(header, "Values 0..");
  CHECK(range != NULL);
  if (range != NULL) documented = atoi(range + 10);
  ++checks;
  if (documented != last) {
    ++failures;
    fprintf(stderr, "%s:%d: include/puny.h documents values 0..%d, the core's table ends at %d\n",
            __FILE__, __LINE__, documented, last);
  }
  CHECK_STR(puny_error_name(last + 1), "unknown");
}

/* E-mail addresses (issue 38): the defaults, the options, every field, the
 * errors with their offsets, buffers and bad arguments. */
static void test_email(void) {
  puny_email_options opt;
  puny_email_result* r = NULL;
  puny_error err = PUNY_ERROR_INIT;
  char out[128];
  size_t written = 99;
  const char* rule = NULL;
  int shown = -1;
  /* "bücher" is xn--bcher-kva (RFC 3492-style sample used throughout). */
  CHECK(puny_email_normalize("info@B\xC3\xBC" "cher.DE", PUNY_NUL_TERMINATED, out, sizeof out,
                             &written, NULL, &err) == PUNY_OK);
  CHECK_STR(out, "info@b\xC3\xBC" "cher.de");
  CHECK(written == strlen(out));
  CHECK(puny_email_ascii("info@B\xC3\xBC" "cher.DE", PUNY_NUL_TERMINATED, out, sizeof out,
                         &written, NULL, &err) == PUNY_OK);
  CHECK_STR(out, "info@xn--bcher-kva.de");
  /* Non-ASCII local part: no ASCII form, never Punycoded. */
  CHECK(puny_email_ascii("\xC3\xBC@example.com", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                         NULL, &err) == PUNY_OK);
  CHECK(written == 0 && out[0] == '\0');
  /* Errors: name, offset, code point. */
  CHECK(puny_email_normalize("a..b@example.com", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                             NULL, &err) == PUNY_ERR_LOCAL_PART_DOT);
  CHECK(err.offset == 2 && err.has_code_point == 1 && err.code_point == '.');
  CHECK_STR(puny_error_name(err.code), "local_part_dot");
  CHECK(puny_email_normalize("a@b@c.com", PUNY_NUL_TERMINATED, out, sizeof out, &written, NULL,
                             &err) == PUNY_ERR_EXTRA_AT_SIGN);
  CHECK(err.offset == 3 && err.has_code_point == 1 && err.code_point == '@');
  CHECK(puny_email_normalize("a@[192.0.2.1]", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                             NULL, &err) == PUNY_ERR_ADDRESS_LITERAL);
  /* Buffer too small: the size to retry with. */
  CHECK(puny_email_normalize("info@example.com", PUNY_NUL_TERMINATED, out, 4, &written, NULL,
                             &err) == PUNY_ERR_BUFFER_TOO_SMALL);
  CHECK(err.needed == 17);
  /* Options. */
  CHECK(puny_email_options_init(&opt) == PUNY_OK);
  CHECK(opt.allow_smtputf8 == 1 && opt.require_global_domain == 1 && opt.domain_preset == -1);
  opt.allow_address_literal = 1;
  opt.allow_quoted_local_part = 1;
  opt.allow_display_name = 1;
  opt.check_local_part_security = 1;
  opt.display_profile = "chromium";
  CHECK(puny_email_validate("\"Doe, J\" <\"j d\"@[IPv6:2001:db8::1]>", PUNY_NUL_TERMINATED, &opt,
                            &r, &err) == PUNY_OK);
  CHECK_STR(puny_email_result_display_name(r), "Doe, J");
  CHECK_STR(puny_email_result_local_part(r), "\"j d\"");
  CHECK_STR(puny_email_result_domain(r), "[IPv6:2001:db8::1]");
  CHECK_STR(puny_email_result_normalized(r), "\"j d\"@[IPv6:2001:db8::1]");
  CHECK(puny_email_result_address_literal(r) == 1 && puny_email_result_smtputf8(r) == 0);
  CHECK(puny_email_result_display(r, &shown) == NULL); /* no decision for a literal */
  CHECK(puny_email_result_local_part_safe(r, &rule) == 1);
  puny_email_result_free(r);
  r = NULL;
  CHECK(puny_email_validate("\xD0\xB0" "dmin@p\xD0\xB0ypal.com", PUNY_NUL_TERMINATED, &opt, &r,
                            &err) == PUNY_OK);
  CHECK(puny_email_result_smtputf8(r) == 1 && puny_email_result_ascii_email(r) == NULL);
  CHECK(puny_email_result_display(r, &shown) != NULL && shown == 0);
  CHECK(puny_email_result_local_part_safe(r, &rule) == 0);
  CHECK_STR(rule, "restriction_level");
  puny_email_result_free(r);
  r = NULL;
  /* SMTPUTF8 refused; the domain policy from the preset registry. */
  CHECK(puny_email_options_init(&opt) == PUNY_OK);
  opt.allow_smtputf8 = 0;
  CHECK(puny_email_validate("ab\xC3\xBC@example.com", PUNY_NUL_TERMINATED, &opt, &r, &err) ==
        PUNY_ERR_SMTPUTF8_REQUIRED);
  CHECK(r == NULL && err.offset == 2 && err.code_point == 0xFC);
  CHECK(puny_email_options_init(&opt) == PUNY_OK);
  opt.domain_preset = puny_preset_find("idna2008", PUNY_NUL_TERMINATED);
  CHECK(puny_email_validate("a@\xE2\x85\xAB.com", PUNY_NUL_TERMINATED, &opt, &r, &err) ==
        PUNY_ERR_DISALLOWED);
  CHECK(puny_email_validate("a@\xE2\x85\xAB.com", PUNY_NUL_TERMINATED, NULL, &r, &err) == PUNY_OK);
  CHECK_STR(puny_email_result_normalized(r), "a@xii.com");
  puny_email_result_free(r);
  r = NULL;
  /* Bad arguments. */
  opt.domain_preset = 1000;
  CHECK(puny_email_validate("a@b.com", PUNY_NUL_TERMINATED, &opt, &r, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_email_options_init(&opt) == PUNY_OK);
  opt.display_profile = "no-such-profile";
  CHECK(puny_email_validate("a@b.com", PUNY_NUL_TERMINATED, &opt, &r, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_email_validate(NULL, 3, NULL, &r, &err) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_email_validate("a@b.com", PUNY_NUL_TERMINATED, NULL, NULL, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_email_options_init_sized(&opt, 4) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_email_result_normalized(NULL) == NULL && puny_email_result_smtputf8(NULL) == -1);
  puny_email_result_free(NULL);
}

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
