/* E-mail addresses through the C API (issue 38).
 * Groups of puny_c_api_test (c_api_test.c runs them). */
#include "c_api_check.h"

/* E-mail addresses (issue 38): the defaults, the options, every field, the
 * errors with their offsets, buffers and bad arguments. */
void test_email(void) {
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
