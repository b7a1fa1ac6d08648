/* Punycode through the C API: UTF-8, UTF-32 with annotations, UTF-16,
 * and the encoder's and decoder's errors with their offsets.
 * Groups of puny_c_api_test (c_api_test.c runs them). */
#include "c_api_check.h"

void test_punycode(void) {
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

void test_utf32_and_annotation(void) {
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

void test_utf16(void) {
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

void test_punycode_errors(void) {
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
