/* The C API's verdict profile and findings (issue 53, "Triage output": why
 * a name stays an A-label): puny_hunt_result_profile, _finding_count and
 * _finding, each finding filled as puny_display_result_finding fills one.
 *
 *   puny_hunt_findings_test                       the checks below
 *   puny_hunt_findings_test --dump BRANDS PROFILE  one JSON line per name of
 *       stdin that matches: {"line", "profile", "findings"}, the findings in
 *       the form of `puny hunt --json`'s verdict (hunt_findings_vs_cli.py
 *       compares the two on the same names)
 *
 * C99 with -Wall -Wextra -pedantic -Werror. */
#include <puny.h>

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "c_api_check.h" /* CHECK, CHECK_STR, failures, checks */

static puny_hunt_result* find(const puny_hunt_index* index, const char* name, const char* profile) {
  puny_hunt_result* result = NULL;
  puny_error err = PUNY_ERROR_INIT;
  CHECK(puny_hunt_find(name, PUNY_NUL_TERMINATED, index, NULL, 0, profile, &result, &err) == PUNY_OK);
  return result;
}

/* xn--pypal-4ve.com (Cyrillic а): restriction_level at U+0430, then
 * top_domain_lookalike of paypal.com. */
static void cyrillic_lookalike(const puny_hunt_index* index) {
  puny_hunt_result* result = find(index, "xn--pypal-4ve.com", NULL);
  puny_display_finding f = PUNY_DISPLAY_FINDING_INIT;
  const char* display = NULL;
  int all_shown = 7;
  if (result == NULL) return;
  CHECK(puny_hunt_result_verdict(result, &display, &all_shown) == PUNY_OK);
  CHECK_STR(display, "xn--pypal-4ve.com");
  CHECK(all_shown == 0);
  CHECK_STR(puny_hunt_result_profile(result), "chromium");
  CHECK(puny_hunt_result_finding_count(result) == 2);
  CHECK(puny_hunt_result_finding(result, 0, &f) == PUNY_OK);
  CHECK_STR(puny_display_reason_name(f.reason), "restriction_level");
  CHECK_STR(f.step, "chromium/1-icu-restriction-level");
  CHECK(f.label == 0 && f.has_code_point == 1 && f.code_point == 0x430);
  CHECK(f.offset == 0); /* the label's start: the input is an A-label */
  CHECK_STR(f.similar_to, "");
  CHECK(puny_hunt_result_finding(result, 1, &f) == PUNY_OK);
  CHECK_STR(puny_display_reason_name(f.reason), "top_domain_lookalike");
  CHECK_STR(f.step, "chromium/8-top-domain-skeleton");
  CHECK(f.label == 0 && f.has_code_point == 0);
  CHECK_STR(f.similar_to, "paypal.com");
  CHECK(puny_hunt_result_finding(result, 2, &f) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_hunt_result_finding(result, 0, NULL) == PUNY_ERR_INVALID_ARGUMENT);
  f.struct_size = 4; /* too small for the first release's members */
  CHECK(puny_hunt_result_finding(result, 0, &f) == PUNY_ERR_INVALID_ARGUMENT);
  puny_hunt_result_free(result);
}

/* The same findings as puny_display_decide's with the brand protected,
 * label by label; a name in U-labels gives byte offsets of its input. */
static void same_as_display(const puny_hunt_index* index) {
  static const char name[] = "\xC3\xBC.p\xD0\xB0yp\xD0\xB0l.com"; /* ü.pаypаl.com */
  puny_hunt_result* result = find(index, name, NULL);
  puny_display_lists* lists = NULL;
  puny_display_result* shown = NULL;
  puny_error err = PUNY_ERROR_INIT;
  size_t label, i, next = 0, labels, count = 0;
  int cyrillic = 0;
  if (result == NULL) return;
  CHECK(puny_display_lists_parse(NULL, 0, "paypal.com\n", PUNY_NUL_TERMINATED, "top", &lists, NULL, 0,
                                 &err) == PUNY_OK);
  CHECK(puny_display_decide(name, PUNY_NUL_TERMINATED, NULL, lists, &shown, &err) == PUNY_OK);
  if (shown == NULL) return;
  labels = puny_display_result_label_count(shown);
  for (label = 0; label < labels; ++label) {
    CHECK(puny_display_result_label(shown, label, NULL, NULL, NULL, NULL, &count) == PUNY_OK);
    for (i = 0; i < count; ++i, ++next) {
      puny_display_finding a = PUNY_DISPLAY_FINDING_INIT, b = PUNY_DISPLAY_FINDING_INIT;
      CHECK(puny_hunt_result_finding(result, next, &a) == PUNY_OK);
      CHECK(puny_display_result_finding(shown, label, i, &b) == PUNY_OK);
      CHECK(a.reason == b.reason && a.offset == b.offset && a.label == b.label);
      CHECK(a.has_code_point == b.has_code_point && a.code_point == b.code_point);
      CHECK(a.imitates == b.imitates);
      CHECK_STR(a.step, b.step);
      CHECK_STR(a.similar_to, b.similar_to);
      if (a.has_code_point && a.code_point == 0x430) cyrillic = a.label == 1 && a.offset == 4;
    }
  }
  CHECK(next == puny_hunt_result_finding_count(result) && next >= 2);
  CHECK(cyrillic); /* label 1's а at byte 4 (after the two bytes of ü and the dot, and p) */
  puny_display_result_free(shown);
  puny_display_lists_free(lists);
  puny_hunt_result_free(result);
}

/* No match: no verdict and no findings; another profile is named. */
static void none_and_profiles(const puny_hunt_index* index) {
  puny_hunt_result* result = find(index, "example.org", NULL);
  puny_display_finding f = PUNY_DISPLAY_FINDING_INIT;
  if (result == NULL) return;
  CHECK(puny_hunt_result_finding_count(result) == 0);
  CHECK(puny_hunt_result_finding(result, 0, &f) == PUNY_ERR_INVALID_ARGUMENT);
  puny_hunt_result_free(result);
  result = find(index, "xn--pypal-4ve.com", "Firefox-Moderate");
  if (result == NULL) return;
  CHECK_STR(puny_hunt_result_profile(result), "firefox-moderate");
  CHECK(puny_hunt_result_finding_count(result) >= 1);
  puny_hunt_result_free(result);
  CHECK(puny_hunt_result_profile(NULL) == NULL && puny_hunt_result_finding_count(NULL) == 0);
  CHECK(puny_hunt_result_finding(NULL, 0, &f) == PUNY_ERR_INVALID_ARGUMENT);
}

static void put_json_string(const char* s) {
  putchar('"');
  for (; *s != '\0'; ++s) {
    if (*s == '"' || *s == '\\') putchar('\\');
    putchar(*s);
  }
  putchar('"');
}

static int dump(const char* brands, const char* profile) {
  puny_hunt_index* index = NULL;
  puny_error err = PUNY_ERROR_INIT;
  char line[4096];
  long number = 0;
  if (puny_hunt_index_load(brands, "", &index, NULL, 0, &err) != PUNY_OK) {
    fprintf(stderr, "puny_hunt_findings_test: cannot load %s\n", brands);
    return 2;
  }
  while (fgets(line, sizeof line, stdin) != NULL) {
    puny_hunt_result* result = NULL;
    size_t k, n;
    line[strcspn(line, "\n")] = '\0';
    ++number;
    if (puny_hunt_find(line, PUNY_NUL_TERMINATED, index, NULL, 0, profile, &result, &err) != PUNY_OK) {
      fprintf(stderr, "puny_hunt_findings_test: line %ld: puny_hunt_find failed\n", number);
      return 2;
    }
    if (puny_hunt_result_match_count(result) > 0) {
      printf("{\"line\":%ld,\"profile\":", number);
      put_json_string(puny_hunt_result_profile(result));
      printf(",\"findings\":[");
      n = puny_hunt_result_finding_count(result);
      for (k = 0; k < n; ++k) {
        puny_display_finding f = PUNY_DISPLAY_FINDING_INIT;
        if (puny_hunt_result_finding(result, k, &f) != PUNY_OK) return 2;
        printf("%s{\"label\":%lu,\"reason\":", k > 0 ? "," : "", (unsigned long)f.label);
        put_json_string(puny_display_reason_name(f.reason));
        printf(",\"step\":");
        put_json_string(f.step);
        if (f.has_code_point) printf(",\"code_point\":\"U+%04lX\"", (unsigned long)f.code_point);
        if (f.similar_to[0] != '\0') {
          printf(",\"similar_to\":");
          put_json_string(f.similar_to);
        }
        putchar('}');
      }
      printf("]}\n");
    }
    puny_hunt_result_free(result);
  }
  puny_hunt_index_free(index);
  return 0;
}

int main(int argc, char** argv) {
  puny_hunt_index* index = NULL;
  puny_error err = PUNY_ERROR_INIT;
  if (argc == 4 && strcmp(argv[1], "--dump") == 0) return dump(argv[2], argv[3]);
  if (argc != 1) {
    fprintf(stderr, "usage: puny_hunt_findings_test [--dump BRANDS PROFILE]\n");
    return 2;
  }
  /* No Public Suffix List: the last label is the suffix. */
  CHECK(puny_hunt_index_parse("paypal.com\ngoogle.com\n", PUNY_NUL_TERMINATED, "brands", "", &index,
                              NULL, 0, &err) == PUNY_OK);
  if (index == NULL) return 1;
  cyrillic_lookalike(index);
  same_as_display(index);
  none_and_profiles(index);
  puny_hunt_index_free(index);
  printf("%d checks, %d failures\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
