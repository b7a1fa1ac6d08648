/* Display safety through the C API: profiles, reasons, lists, skeletons.
 * Groups of puny_c_api_test (c_api_test.c runs them). */
#include "c_api_check.h"

/* The number of `needle` in [text, end). */
static size_t count_in(const char* text, const char* end, const char* needle) {
  size_t n = 0;
  for (text = strstr(text, needle); text != NULL && text < end; text = strstr(text + 1, needle)) ++n;
  return n;
}

/* Whether the next JSON string in [*pos, end) is "name"; moves past it. */
static int next_profile(const char** pos, const char* end, const char* name) {
  const char* open = strchr(*pos + 1, '"');
  const char* close;
  if (open == NULL || open >= end || name == NULL) return 0;
  close = strchr(open + 1, '"');
  if (close == NULL || close >= end) return 0;
  *pos = close;
  return (size_t)(close - open - 1) == strlen(name) && strncmp(open + 1, name, strlen(name)) == 0;
}

/* Display safety: profiles and reasons from the library, the decision per
 * label, the lists with their file:line errors, the skeleton. */
void test_display(void) {
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
  const char* vocabulary;
  const char* pos;
  const char* end;

  /* The profiles are the core's registry, in its order: the names of the
   * core's vocabulary (tests/vocabulary, PUNY_VOCABULARY). */
  count = puny_display_profile_count();
  vocabulary = read_text(getenv("PUNY_VOCABULARY"));
  CHECK(vocabulary != NULL); /* the environment must name vocabulary.json */
  pos = vocabulary ? strstr(vocabulary, "\"display_profiles\": [") : NULL;
  if (pos != NULL) pos = strchr(pos, '[');
  CHECK(pos != NULL);
  end = pos ? strchr(pos, ']') : NULL;
  CHECK(end != NULL);
  CHECK(count > 0 && pos != NULL && end != NULL && 2 * count == count_in(pos, end, "\""));
  for (i = 0; i < count; ++i) {
    CHECK(puny_display_profile_name(i) != NULL);
    CHECK(pos != NULL && end != NULL && next_profile(&pos, end, puny_display_profile_name(i)));
    CHECK(puny_display_profile_find(puny_display_profile_name(i)) == (int)i);
    CHECK(strlen(puny_display_profile_description(i)) > 0);
  }
  CHECK(puny_display_profile_name(count) == NULL);
  CHECK(puny_display_profile_find("chrome") == -1);
  /* ASCII case is ignored, as for presets. */
  CHECK(puny_display_profile_find("Firefox-HIGH") == puny_display_profile_find("firefox-high"));
  CHECK(puny_display_profile_find("firefox-high") >= 0);
  CHECK(puny_display_profile_find("Firefox") == puny_display_profile_find("firefox"));
  CHECK(puny_display_profile_find("firefox") >= 0);
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
