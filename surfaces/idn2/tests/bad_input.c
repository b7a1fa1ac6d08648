/* Hostile input through every entry point of the libidn2-compatible library:
 * NULL pointers where libidn2 accepts them, contradictory flags, ill-formed
 * UTF-8 and UTF-32, every length limit, huge inputs.  Each expected code is
 * libidn2 2.3.3's (this file also builds against the system libidn2, which
 * gives the same results: see surfaces/idn2/README.md, "Tests"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <idn2.h>

static int failures;

#define EXPECT(call, want)                                                        \
  do {                                                                            \
    int got_ = (call);                                                            \
    if (got_ != (want)) {                                                         \
      printf("%s:%d: %s = %d (%s), expected %d (%s)\n", __FILE__, __LINE__, #call, \
             got_, idn2_strerror_name(got_), (int)(want), idn2_strerror_name(want)); \
      ++failures;                                                                 \
    }                                                                             \
  } while (0)

static char *repeat(const char *unit, size_t times) {
  size_t n = strlen(unit);
  char *s = malloc(n * times + 1);
  if (!s) abort();
  for (size_t i = 0; i < times; ++i) memcpy(s + i * n, unit, n);
  s[n * times] = 0;
  return s;
}

static void expect_string(const char *what, const char *got, const char *want) {
  if (!got || strcmp(got, want) != 0) {
    printf("%s: got \"%s\", expected \"%s\"\n", what, got ? got : "(null)", want);
    ++failures;
  }
}

int main(void) {
  char *out = (char *)1;
  uint8_t *out8 = (uint8_t *)1;
  uint32_t *out32 = (uint32_t *)1;

  /* NULL input: success and a NULL result (libidn2 documents this). */
  EXPECT(idn2_lookup_u8(NULL, &out8, 0), IDN2_OK);
  if (out8) { printf("lookup_u8(NULL) left a result\n"); ++failures; }
  EXPECT(idn2_lookup_u8(NULL, NULL, 0), IDN2_OK);
  EXPECT(idn2_lookup_ul(NULL, &out, 0), IDN2_OK);
  EXPECT(idn2_register_u8(NULL, NULL, &out8, 0), IDN2_OK);
  EXPECT(idn2_register_ul(NULL, NULL, NULL, 0), IDN2_OK);
  EXPECT(idn2_to_ascii_8z(NULL, NULL, 0), IDN2_OK);
  EXPECT(idn2_to_ascii_4z(NULL, &out, 0), IDN2_OK);
  EXPECT(idn2_to_ascii_4i2(NULL, 3, &out, 0), IDN2_OK);
  EXPECT(idn2_to_unicode_8z4z(NULL, &out32, 0), IDN2_OK);
  EXPECT(idn2_to_unicode_44i(NULL, 0, NULL, NULL, 0), IDN2_OK);
  EXPECT(idn2_to_unicode_8z8z(NULL, NULL, 0), IDN2_OK);
  EXPECT(idn2_to_unicode_lzlz(NULL, &out, 0), IDN2_OK);
  /* A NULL result pointer: check only. */
  EXPECT(idn2_lookup_u8((const uint8_t *)"b\xc3\xbc" "cher.example", NULL, 0), IDN2_OK);
  EXPECT(idn2_to_unicode_8z8z("xn--bcher-kva.example", NULL, 0), IDN2_OK);

  /* Contradictory flags (libidn2's set_default_flags). */
  EXPECT(idn2_lookup_u8((const uint8_t *)"a.example", &out8, IDN2_TRANSITIONAL | IDN2_NONTRANSITIONAL),
         IDN2_INVALID_FLAGS);
  EXPECT(idn2_lookup_u8((const uint8_t *)"a.example", &out8, IDN2_TRANSITIONAL | IDN2_NO_TR46),
         IDN2_INVALID_FLAGS);
  EXPECT(idn2_to_ascii_8z("a.example", &out, IDN2_NONTRANSITIONAL | IDN2_NO_TR46), IDN2_INVALID_FLAGS);
  EXPECT(idn2_to_ascii_8z("a.example", &out, IDN2_ALABEL_ROUNDTRIP | IDN2_NO_ALABEL_ROUNDTRIP),
         IDN2_INVALID_FLAGS);

  /* Ill-formed UTF-8: truncated, stray continuation, surrogate, overlong, > U+10FFFF. */
  const char *bad8[] = {"\xc3", "a\x80.example", "\xed\xa0\x80.example", "\xc0\xaf.example",
                        "\xf4\x90\x80\x80.example", "\xff"};
  for (size_t i = 0; i < sizeof bad8 / sizeof bad8[0]; ++i) {
    EXPECT(idn2_lookup_u8((const uint8_t *)bad8[i], &out8, 0), IDN2_ENCODING_ERROR);
    EXPECT(idn2_lookup_u8((const uint8_t *)bad8[i], &out8, IDN2_TRANSITIONAL), IDN2_ENCODING_ERROR);
    EXPECT(idn2_to_unicode_8z8z(bad8[i], &out, 0), IDN2_ENCODING_ERROR);
  }
  /* Ill-formed UTF-32: a surrogate, a value above U+10FFFF. */
  const uint32_t sur[] = {'a', 0xD800, 'b', 0}, big[] = {0x110000, 0};
  EXPECT(idn2_to_ascii_4z(sur, &out, 0), IDN2_ENCODING_ERROR);
  EXPECT(idn2_to_ascii_4z(big, &out, 0), IDN2_ENCODING_ERROR);
  EXPECT(idn2_to_ascii_4i2(sur, 3, &out, 0), IDN2_ENCODING_ERROR);
  EXPECT(idn2_to_unicode_4z4z(big, &out32, 0), IDN2_ENCODING_ERROR);
  size_t n = 8;
  uint32_t buf[8];
  EXPECT(idn2_to_unicode_44i(sur, 3, buf, &n, 0), IDN2_ENCODING_ERROR);

  /* Length limits (RFC 1034 section 3.1): a 63-byte label passes, 64 bytes
   * do not; a 253-byte name passes, 254 bytes do not. */
  char *l63 = repeat("a", 63), *l64 = repeat("a", 64);
  EXPECT(idn2_lookup_u8((const uint8_t *)l63, &out8, 0), IDN2_OK);
  if (out8 == NULL || strcmp((char *)out8, l63) != 0) { printf("63-byte label changed\n"); ++failures; }
  idn2_free(out8);
  EXPECT(idn2_lookup_u8((const uint8_t *)l64, &out8, 0), IDN2_TOO_BIG_LABEL);
  EXPECT(idn2_lookup_u8((const uint8_t *)l64, &out8, IDN2_NO_TR46), IDN2_TOO_BIG_LABEL);
  char name[300];
  char *b61 = repeat("b", 61), *b62 = repeat("b", 62);
  snprintf(name, sizeof name, "%s.%s.%s.%s", l63, l63, l63, b61); /* 253 bytes */
  EXPECT(idn2_lookup_u8((const uint8_t *)name, &out8, 0), IDN2_OK);
  idn2_free(out8);
  snprintf(name, sizeof name, "%s.%s.%s.%s", l63, l63, l63, b62); /* 254 bytes */
  EXPECT(idn2_lookup_u8((const uint8_t *)name, &out8, 0), IDN2_TOO_BIG_DOMAIN);
  /* A U-label whose A-label would pass 63 bytes. */
  char *u60 = repeat("\xc3\xbc", 60);
  EXPECT(idn2_register_u8((const uint8_t *)u60, NULL, &out8, 0), IDN2_PUNYCODE_BIG_OUTPUT);
  /* idn2_to_ascii_4i writes one label into a 64-byte buffer. */
  uint32_t long32[70];
  for (int i = 0; i < 69; ++i) long32[i] = 'a';
  long32[69] = 0;
  char label[64];
  EXPECT(idn2_to_ascii_4i(long32, 69, label, 0), IDN2_TOO_BIG_LABEL);
  long32[40] = '.'; /* two labels, 69 bytes: a name, too long for the buffer */
  EXPECT(idn2_to_ascii_4i(long32, 69, label, 0), IDN2_TOO_BIG_DOMAIN);
  EXPECT(idn2_to_ascii_4i(long32, 63, label, 0), IDN2_OK);

  /* Huge inputs: a megabyte in one label, in many labels, of non-ASCII;
   * an error, quickly, never a crash. */
  char *huge = repeat("a", 1 << 20), *many = repeat("a.", 1 << 19), *wide = repeat("\xc3\xbc", 1 << 19);
  /* UTS #46 processing measures the whole name first, IDNA2008 label by label. */
  EXPECT(idn2_lookup_u8((const uint8_t *)huge, &out8, 0), IDN2_TOO_BIG_DOMAIN);
  EXPECT(idn2_lookup_u8((const uint8_t *)huge, &out8, IDN2_NO_TR46), IDN2_TOO_BIG_LABEL);
  EXPECT(idn2_lookup_u8((const uint8_t *)many, &out8, 0), IDN2_TOO_BIG_DOMAIN);
  if (idn2_lookup_u8((const uint8_t *)wide, &out8, 0) == IDN2_OK) { printf("huge U-label accepted\n"); ++failures; }
  if (idn2_to_unicode_8z8z(huge, &out, 0) == IDN2_OK) { printf("huge label decoded\n"); ++failures; }
  EXPECT(idn2_to_unicode_8z8z(many, &out, 0), IDN2_TOO_BIG_DOMAIN);

  /* A megabyte xn-- label cannot be a DNS label: refused before it is
   * decoded, with libidn2's codes, in a fraction of the time decoding took
   * (0.43 s; libidn2 0.05 s). */
  int rc;
  char *ace = repeat("a", 1 << 20);
  memcpy(ace, "xn--", 4);
  clock_t start = clock();
  EXPECT(idn2_lookup_u8((const uint8_t *)ace, &out8, 0), IDN2_TOO_BIG_DOMAIN);
  EXPECT(idn2_lookup_u8((const uint8_t *)ace, &out8, IDN2_TRANSITIONAL), IDN2_TOO_BIG_DOMAIN);
  EXPECT(idn2_lookup_u8((const uint8_t *)ace, &out8, IDN2_NO_ALABEL_ROUNDTRIP), IDN2_TOO_BIG_DOMAIN);
  EXPECT(idn2_lookup_u8((const uint8_t *)ace, &out8, IDN2_NO_TR46), IDN2_PUNYCODE_BIG_OUTPUT);
  EXPECT(idn2_lookup_u8((const uint8_t *)ace, &out8, IDN2_NO_TR46 | IDN2_NO_ALABEL_ROUNDTRIP),
         IDN2_TOO_BIG_LABEL);
  EXPECT(idn2_to_unicode_8z8z(ace, &out, 0), IDN2_PUNYCODE_BIG_OUTPUT);
  double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
  if (seconds > 0.25) { printf("six megabyte xn-- lookups took %.2f s of CPU (more than 0.25)\n", seconds); ++failures; }

  /* IDN2_NO_TR46 | IDN2_NO_ALABEL_ROUNDTRIP: an xn-- label is still checked. */
  EXPECT(idn2_lookup_u8((const uint8_t *)"xn--\xff.example", &out8, IDN2_NO_TR46 | IDN2_NO_ALABEL_ROUNDTRIP),
         IDN2_ENCODING_ERROR);
  EXPECT(idn2_lookup_u8((const uint8_t *)"xn--\xc3\xbc.example", &out8, IDN2_NO_TR46 | IDN2_NO_ALABEL_ROUNDTRIP),
         IDN2_2HYPHEN);
  /* IDN2_NO_ALABEL_ROUNDTRIP does not switch off the IDNA2008 check of a
   * U-label (U+3031 is DISALLOWED, RFC 5892). */
  EXPECT(idn2_lookup_u8((const uint8_t *)"a\xe3\x80\xb1.example", &out8, IDN2_NO_ALABEL_ROUNDTRIP), IDN2_DISALLOWED);
  EXPECT(idn2_lookup_u8((const uint8_t *)"xn--bcher-kva.example", &out8, IDN2_NO_TR46 | IDN2_NO_ALABEL_ROUNDTRIP),
         IDN2_OK);
  expect_string("xn--bcher-kva.example, no round trip", (char *)out8, "xn--bcher-kva.example");
  idn2_free(out8);
  /* IDN2_TRANSITIONAL: no A-label with a space (U+02DC maps to one);
   * libidn2 says IDN2_ALABEL_ROUNDTRIP_FAILED, we IDN2_DISALLOWED (D5). */
  rc = idn2_lookup_u8((const uint8_t *)"\xc3\xa2\xcb\x9c\xc2\xba", &out8, IDN2_TRANSITIONAL);
  if (rc == IDN2_OK) { printf("transitional: A-label with a space: %s\n", (char *)out8); ++failures; }

  /* ToUnicode: an xn-- label that decodes to ASCII only or to nothing is no
   * A-label (UTS #46 section 4.1 step 4); shown, it would be another name. */
  EXPECT(idn2_to_unicode_8z8z("xn--paypal-.com", &out, 0), IDN2_PUNYCODE_BAD_INPUT);
  EXPECT(idn2_to_unicode_8z8z("xn--.example", &out, 0), IDN2_PUNYCODE_BAD_INPUT);
  EXPECT(idn2_to_unicode_8z4z("www.xn--ascii-.example", &out32, 0), IDN2_PUNYCODE_BAD_INPUT);

  /* Punycode: invalid digits, overflow. */
  EXPECT(idn2_to_unicode_8z8z("xn--a\x7f.example", &out, 0), IDN2_PUNYCODE_BAD_INPUT);
  /* Past U+10FFFF: libidn2 says overflow, we say bad input (README, D4). */
  rc = idn2_to_unicode_8z8z("xn--99999999999999999.example", &out, 0);
  if (rc != IDN2_PUNYCODE_OVERFLOW && rc != IDN2_PUNYCODE_BAD_INPUT) { printf("overflow: %d\n", rc); ++failures; }
  EXPECT(idn2_to_unicode_8z8z("XN--BCHER-KVA.example", &out, 0), IDN2_OK);
  /* RFC 3492 copies basic code points as they are, uppercase included. */
  expect_string("XN--BCHER-KVA.example", out, "B\xc3\xbc" "CHER.example");
  idn2_free(out);

  /* Registration: malformed A-labels. */
  EXPECT(idn2_register_u8(NULL, (const uint8_t *)"xn--", &out8, 0), IDN2_INVALID_ALABEL);
  EXPECT(idn2_register_u8(NULL, (const uint8_t *)"XN--bcher-kva", &out8, 0), IDN2_INVALID_ALABEL);
  EXPECT(idn2_register_u8(NULL, (const uint8_t *)"xn--bcher-kv\xc3\xa4", &out8, 0), IDN2_INVALID_ALABEL);
  EXPECT(idn2_register_u8(NULL, (const uint8_t *)l64, &out8, 0), IDN2_TOO_BIG_LABEL);
  EXPECT(idn2_register_u8((const uint8_t *)"b\xc3\xa4" "cher", (const uint8_t *)"xn--bcher-kva", &out8, 0),
         IDN2_UALABEL_MISMATCH);
  EXPECT(idn2_register_u8((const uint8_t *)"b\xc3\xbc" "cher", (const uint8_t *)"xn--bcher-kva", &out8, 0),
         IDN2_OK);
  expect_string("register bücher", (char *)out8, "xn--bcher-kva");
  idn2_free(out8);

  /* Every int has a message and a name. */
  for (int rc = -1000; rc <= 1000; ++rc)
    if (!idn2_strerror(rc) || !idn2_strerror_name(rc)) { printf("no text for %d\n", rc); ++failures; }
  if (!idn2_check_version(NULL) || idn2_check_version("99.0")) { printf("idn2_check_version\n"); ++failures; }

  free(l63), free(l64), free(b61), free(b62), free(u60), free(huge), free(many), free(wide), free(ace);
  printf("%d failures\n", failures);
  return failures != 0;
}
