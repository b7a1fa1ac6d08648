/* UTS #46 and IDNA2008 through the C API: conversions, presets' tweaks,
 * and every reachable error with its code, offset, label and code point.
 * Groups of puny_c_api_test (c_api_test.c runs them). */
#include "c_api_check.h"

void test_idna(void) {
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

void test_idna_errors(void) {
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

void test_idna2008(void) {
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
