/* Tests of the C API's lookalike hunting (puny_hunt_* in include/puny.h),
 * C99 with -Wall -Wextra -pedantic -Werror.  Expected matches come from the
 * attack each name was built with (docs/hunt.md's table); offsets from the
 * bytes of the labels that imitate the brand.
 *
 *   puny_hunt_api_test [GROUP]   runs one group (ctest registers each), or all. */
#include <puny.h>

#include <stdio.h>
#include <string.h>

#include "c_api_check.h"  /* CHECK, CHECK_STR, failures, checks */

static const char brands[] =
    "# test brands\n"
    "paypal.com keywords=wallet allow=paypal.me\n"
    "microsoft.com\n";

/* The index over `brands` with no Public Suffix List (the last label is
 * the suffix), so the test needs no file. */
static puny_hunt_index* make_index(void) {
  puny_hunt_index* index = NULL;
  puny_error err = PUNY_ERROR_INIT;
  char message[128];
  puny_errc rc = puny_hunt_index_parse(brands, PUNY_NUL_TERMINATED, "brands", "", &index, message,
                                       sizeof message, &err);
  CHECK(rc == PUNY_OK);
  CHECK(index != NULL);
  return index;
}

/* Whether `name` matches `brand` by `rule`; *offset and *length receive
 * that match's span. */
static int has_match(const puny_hunt_index* index, const char* name, const char* brand,
                     const char* rule, size_t* offset, size_t* length) {
  puny_hunt_result* result = NULL;
  puny_error err = PUNY_ERROR_INIT;
  size_t i;
  int found = 0;
  if (puny_hunt_find(name, PUNY_NUL_TERMINATED, index, NULL, 0, NULL, &result, &err) != PUNY_OK)
    return 0;
  for (i = 0; i < puny_hunt_result_match_count(result); ++i) {
    puny_hunt_match m = PUNY_HUNT_MATCH_INIT;
    CHECK(puny_hunt_result_match(result, i, &m) == PUNY_OK);
    CHECK(m.offset + m.length <= strlen(name));
    CHECK(m.rule == puny_hunt_rule_find(m.rule_name));
    CHECK_STR(puny_hunt_index_brand(index, m.brand), m.brand_name);
    if (strcmp(m.brand_name, brand) == 0 && strcmp(m.rule_name, rule) == 0) {
      found = 1;
      if (offset != NULL) *offset = m.offset;
      if (length != NULL) *length = m.length;
    }
  }
  puny_hunt_result_free(result);
  return found;
}

static void test_rules(void) {
  size_t i, n = puny_hunt_rule_count();
  CHECK(n >= 12);
  for (i = 0; i < n; ++i) {
    CHECK(puny_hunt_rule_name(i) != NULL);
    CHECK(puny_hunt_rule_description(i) != NULL && puny_hunt_rule_description(i)[0] != 0);
    CHECK(puny_hunt_rule_find(puny_hunt_rule_name(i)) >= 1);
  }
  CHECK(puny_hunt_rule_name(n) == NULL);
  CHECK(puny_hunt_rule_description(n) == NULL);
  CHECK(puny_hunt_rule_find("homoglyph") >= 1);
  CHECK(puny_hunt_rule_find("homoglyph_edit") >= 1);
  /* Values are stable, new rules appended (include/puny/hunt.hpp). */
  CHECK(n >= 17);
  CHECK(puny_hunt_rule_find("skeleton") == 1);
  CHECK(puny_hunt_rule_find("homoglyph_edit") == 12);
  CHECK(puny_hunt_rule_find("keyboard") == 13);
  CHECK(puny_hunt_rule_find("vowel_swap") == 14);
  CHECK(puny_hunt_rule_find("bitsquatting") == 15);
  CHECK(puny_hunt_rule_find("label_split") == 16);
  CHECK(puny_hunt_rule_find("chromium_skeleton") == 17);
  CHECK(puny_hunt_rule_find("no_such_rule") == -1);
  CHECK(puny_hunt_rule_find(NULL) == -1);
}

static void test_matches(void) {
  puny_hunt_index* index = make_index();
  size_t offset = 99, length = 99;
  char ace[64];
  puny_error err = PUNY_ERROR_INIT;
  CHECK(puny_hunt_index_size(index) == 2);
  CHECK_STR(puny_hunt_index_brand(index, 0), "paypal.com");
  CHECK_STR(puny_hunt_index_brand(index, 1), "microsoft.com");
  CHECK(puny_hunt_index_brand(index, 2) == NULL);
  /* rn for m: the registrable label, bytes 4..13 after "www." */
  CHECK(has_match(index, "www.rnicrosoft.com", "microsoft.com", "homoglyph", &offset, &length));
  CHECK(offset == 4 && length == 10);
  /* Cyrillic a (U+0430) twice: the skeleton rule, in U-label and A-label form. */
  CHECK(has_match(index, "p\xd0\xb0yp\xd0\xb0l.com", "paypal.com", "skeleton", &offset, &length));
  CHECK(offset == 0 && length == 8);
  CHECK(puny_to_ascii("p\xd0\xb0yp\xd0\xb0l.com", PUNY_NUL_TERMINATED, ace, sizeof ace, NULL, NULL,
                      &err) == PUNY_OK);
  CHECK(strncmp(ace, "xn--", 4) == 0);
  CHECK(has_match(index, ace, "paypal.com", "skeleton", &offset, &length));
  CHECK(offset == 0 && length == strlen(ace) - 4);
  /* The brand's registrable name in a subdomain: labels "paypal" and "com". */
  CHECK(has_match(index, "login.paypal.com.evil.example", "paypal.com", "target_embedding",
                  &offset, &length));
  CHECK(offset == 6 && length == 10);
  /* A lookalike and an edit together. */
  CHECK(has_match(index, "rnicrosft.com", "microsoft.com", "homoglyph_edit", NULL, NULL));
  CHECK(has_match(index, "paypal.net", "paypal.com", "tld_swap", NULL, NULL));
  CHECK(has_match(index, "paypalwallet.com", "paypal.com", "combo_squatting", NULL, NULL));
  /* A replacement's reason: l -> k are neighbouring keys. */
  CHECK(has_match(index, "paypak.com", "paypal.com", "keyboard", NULL, NULL));
  CHECK(!has_match(index, "paypak.com", "paypal.com", "replacement", NULL, NULL));
  /* The brand's label split by a dot: the offsets cover both labels. */
  CHECK(has_match(index, "www.pay.pal.com", "paypal.com", "label_split", &offset, &length));
  CHECK(offset == 4 && length == 7);
  /* Cyrillic em and te (U+043C, U+0442): confusables.txt maps them to
     turned w and small capital T, Chromium's skeletons to m and t. */
  CHECK(has_match(index, "www.\xd0\xbcicrosof\xd1\x82.com", "microsoft.com", "chromium_skeleton",
                  &offset, &length));
  CHECK(offset == 4 && length == 11);  /* 2 + 7 + 2 bytes */
  CHECK(!has_match(index, "www.\xd0\xbcicrosof\xd1\x82.com", "microsoft.com", "skeleton", NULL, NULL));
  /* The brand's own names and unrelated names match nothing. */
  CHECK(!has_match(index, "www.paypal.com", "paypal.com", "tld_swap", NULL, NULL));
  CHECK(!has_match(index, "paypal.me", "paypal.com", "tld_swap", NULL, NULL));
  CHECK(!has_match(index, "example.org", "paypal.com", "omission", NULL, NULL));
  puny_hunt_index_free(index);
}

static void test_options_and_verdict(void) {
  puny_hunt_index* index = make_index();
  puny_hunt_result* result = NULL;
  puny_error err = PUNY_ERROR_INIT;
  const char* display = NULL;
  int all_shown = -1;
  /* Only the rules named. */
  CHECK(puny_hunt_find("paypa1.com", PUNY_NUL_TERMINATED, index, "tld_swap, omission", 0, NULL,
                       &result, &err) == PUNY_OK);
  CHECK(puny_hunt_result_match_count(result) == 0);
  puny_hunt_result_free(result);
  CHECK(puny_hunt_find("paypa1.com", PUNY_NUL_TERMINATED, index, "homoglyph", 0, NULL, &result,
                       &err) == PUNY_OK);
  CHECK(puny_hunt_result_match_count(result) == 1);
  CHECK_STR(puny_hunt_result_name(result), "paypa1.com");
  {
    /* With keyboard off, a neighbouring key is an ordinary replacement. */
    puny_hunt_result* other = NULL;
    puny_hunt_match m = PUNY_HUNT_MATCH_INIT;
    CHECK(puny_hunt_find("paypak.com", PUNY_NUL_TERMINATED, index, "replacement", 0, NULL,
                         &other, &err) == PUNY_OK);
    CHECK(puny_hunt_result_match_count(other) == 1);
    CHECK(puny_hunt_result_match(other, 0, &m) == PUNY_OK);
    CHECK_STR(m.rule_name, "replacement");
    puny_hunt_result_free(other);
  }
  /* An ASCII name: shown as it is. */
  CHECK(puny_hunt_result_verdict(result, &display, &all_shown) == PUNY_OK);
  CHECK_STR(display, "paypa1.com");
  CHECK(all_shown == 1);
  puny_hunt_result_free(result);
  /* min_score above the homoglyph rule's score drops the match. */
  CHECK(puny_hunt_find("paypa1.com", PUNY_NUL_TERMINATED, index, NULL, 100, NULL, &result,
                       &err) == PUNY_OK);
  CHECK(puny_hunt_result_match_count(result) == 0);
  /* No match: no verdict made. */
  CHECK(puny_hunt_result_verdict(result, &display, &all_shown) == PUNY_OK);
  CHECK_STR(display, "");
  CHECK(all_shown == 0);
  puny_hunt_result_free(result);
  /* Latin mixed with Cyrillic: Chromium keeps the label as an A-label;
   * profile names ignore ASCII case. */
  CHECK(puny_hunt_find("p\xd0\xb0ypal.com", PUNY_NUL_TERMINATED, index, NULL, 0, "Firefox-High",
                       &result, &err) == PUNY_OK);
  CHECK(puny_hunt_result_match_count(result) >= 1);
  CHECK(puny_hunt_result_verdict(result, &display, &all_shown) == PUNY_OK);
  CHECK(display != NULL && strncmp(display, "xn--", 4) == 0);
  CHECK(all_shown == 0);
  puny_hunt_result_free(result);
  puny_hunt_index_free(index);
}

static void test_errors(void) {
  puny_hunt_index* index = make_index();
  puny_hunt_index* bad = (puny_hunt_index*)&failures; /* must be reset to NULL */
  puny_hunt_result* result = NULL;
  puny_error err = PUNY_ERROR_INIT;
  puny_hunt_match small = PUNY_HUNT_MATCH_INIT;
  char message[64];
  /* A malformed brand line: its number and the source in the message. */
  CHECK(puny_hunt_index_parse("paypal.com\nmicrosoft.com colour=red\n", PUNY_NUL_TERMINATED, "b.txt", "", &bad,
                              message, sizeof message, &err) == PUNY_ERR_LIST_SYNTAX);
  CHECK(bad == NULL);
  CHECK(err.code == PUNY_ERR_LIST_SYNTAX && err.label == 2);
  CHECK(strncmp(message, "b.txt:2:", 8) == 0);
  CHECK(puny_hunt_index_load("/nonexistent/brands.txt", "", &bad, NULL, 0, &err) ==
        PUNY_ERR_FILE_UNREADABLE);
  CHECK(puny_hunt_index_load(NULL, "", &bad, NULL, 0, &err) == PUNY_ERR_INVALID_ARGUMENT);
  /* Unknown rule or profile; missing pointers; a NULL name with a length. */
  CHECK(puny_hunt_find("paypa1.com", PUNY_NUL_TERMINATED, index, "homoglyph,bogus", 0, NULL,
                       &result, &err) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(result == NULL && err.code == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_hunt_find("paypa1.com", PUNY_NUL_TERMINATED, index, NULL, 0, "chrome", &result,
                       &err) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_hunt_find("paypa1.com", PUNY_NUL_TERMINATED, NULL, NULL, 0, NULL, &result, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_hunt_find("paypa1.com", PUNY_NUL_TERMINATED, index, NULL, 0, NULL, NULL, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_hunt_find(NULL, 3, index, NULL, 0, NULL, &result, &err) == PUNY_ERR_INVALID_ARGUMENT);
  /* Ill-formed UTF-8 and an empty name are names too: no match, no error. */
  CHECK(puny_hunt_find("\xff\xfe.com", PUNY_NUL_TERMINATED, index, NULL, 0, NULL, &result, &err) ==
        PUNY_OK);
  CHECK(puny_hunt_result_match_count(result) == 0);
  puny_hunt_result_free(result);
  CHECK(puny_hunt_find(NULL, 0, index, NULL, 0, NULL, &result, &err) == PUNY_OK);
  CHECK(puny_hunt_result_match_count(result) == 0);
  /* Past the end, and a match struct older than any version. */
  small.struct_size = 4;
  CHECK(puny_hunt_result_match(result, 0, &small) == PUNY_ERR_INVALID_ARGUMENT);
  puny_hunt_result_free(result);
  CHECK(puny_hunt_find("paypa1.com", PUNY_NUL_TERMINATED, index, NULL, 0, NULL, &result, &err) ==
        PUNY_OK);
  CHECK(puny_hunt_result_match(result, 0, &small) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_hunt_result_match(result, 99, NULL) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_hunt_result_verdict(NULL, NULL, NULL) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_hunt_result_match_count(NULL) == 0);
  CHECK(puny_hunt_result_name(NULL) == NULL);
  CHECK(puny_hunt_index_size(NULL) == 0);
  CHECK(puny_hunt_index_brand(NULL, 0) == NULL);
  puny_hunt_result_free(result);
  puny_hunt_result_free(NULL);
  puny_hunt_index_free(NULL);
  puny_hunt_index_free(index);
}

/* puny_hunt_index_parse_lists: the Public Suffix List of a
 * puny_display_lists, so that a caller that reads its files itself passes
 * no path.  With "co.uk" listed, www.paypal.co.uk is not a registrable
 * name (its registrable part is paypal.co.uk); without a list everything
 * after the first label is the suffix, and it is. */
static void test_lists(void) {
  static const char psl[] = "uk\nco.uk\n";
  puny_display_lists* lists = NULL;
  puny_hunt_index* with = NULL;
  puny_hunt_index* without = NULL;
  puny_hunt_index* bad = (puny_hunt_index*)&failures;
  puny_error err = PUNY_ERROR_INIT;
  char message[128];
  CHECK(puny_display_lists_parse(psl, sizeof psl - 1, NULL, 0, "psl", &lists, NULL, 0, &err) ==
        PUNY_OK);
  CHECK(puny_hunt_index_parse_lists("paypal.co.uk\n", PUNY_NUL_TERMINATED, "brands", lists, &with,
                                    NULL, 0, &err) == PUNY_OK);
  CHECK(with != NULL && puny_hunt_index_size(with) == 1);
  CHECK(has_match(with, "www.paypa1.co.uk", "paypal.co.uk", "homoglyph", NULL, NULL));
  CHECK(puny_hunt_index_parse_lists("www.paypal.co.uk\n", PUNY_NUL_TERMINATED, "brands", lists,
                                    &bad, message, sizeof message, &err) == PUNY_ERR_LIST_SYNTAX);
  CHECK(bad == NULL && err.label == 1 && strstr(message, "registrable part is 'paypal.co.uk'") != NULL);
  CHECK(puny_hunt_index_parse_lists("www.paypal.co.uk\n", PUNY_NUL_TERMINATED, "brands", NULL,
                                    &without, NULL, 0, &err) == PUNY_OK);
  CHECK(without != NULL && puny_hunt_index_size(without) == 1);
  /* A malformed brand line: its number and source, as puny_hunt_index_parse. */
  CHECK(puny_hunt_index_parse_lists("a.com\nb.com colour=red\n", PUNY_NUL_TERMINATED, "b.txt", lists,
                                    &bad, message, sizeof message, &err) == PUNY_ERR_LIST_SYNTAX);
  CHECK(bad == NULL && err.label == 2 && strncmp(message, "b.txt:2:", 8) == 0);
  CHECK(puny_hunt_index_parse_lists(NULL, 3, "b", lists, &bad, NULL, 0, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_hunt_index_parse_lists("a.com", PUNY_NUL_TERMINATED, "b", lists, NULL, NULL, 0, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  puny_hunt_index_free(with);
  puny_hunt_index_free(without);
  puny_display_lists_free(lists);
}

int main(int argc, char** argv) {
  const char* group = argc > 1 ? argv[1] : "all";
  int all = strcmp(group, "all") == 0, ran = 0;
  if (all || strcmp(group, "rules") == 0) test_rules(), ran = 1;
  if (all || strcmp(group, "matches") == 0) test_matches(), ran = 1;
  if (all || strcmp(group, "options") == 0) test_options_and_verdict(), ran = 1;
  if (all || strcmp(group, "errors") == 0) test_errors(), ran = 1;
  if (all || strcmp(group, "lists") == 0) test_lists(), ran = 1;
  if (!ran) {
    fprintf(stderr, "unknown group %s\n", group);
    return 2;
  }
  printf("%d checks, %d failures\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
