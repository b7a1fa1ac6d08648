/* Caller buffers: too small by one, exactly the size, and input and
 * output overlapping in one buffer.
 * Groups of puny_c_api_test (c_api_test.c runs them). */
#include "c_api_check.h"

/* Every caller-buffer function: capacity 0 (and NULL) asks for the size,
 * one short of `needed` fails without writing past the capacity, and
 * exactly `needed` succeeds. */
void test_buffer_too_small(void) {
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

void test_overlap(void) {
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
