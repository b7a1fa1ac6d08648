/* The C API's triage view (issue 53, "Triage output" for every surface):
 * each puny_hunt_match carries its via rule (a combined match's second
 * step) and the core's reason text, the result its top score and its
 * matches per brand (puny_hunt_result_score, _brand_count, _brand), as
 * `puny hunt` groups them.  A caller built with the older, shorter struct
 * (struct_size ending before `via`) gets those members left as they were.
 * C99 with -Wall -Wextra -pedantic -Werror. */
#include <puny.h>

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "c_api_check.h" /* CHECK, CHECK_STR, failures, checks */

static const char homoglyph_reason[] =
    "Same skeleton as the brand's label with ASCII lookalikes only (rn/m, 0/o, 1/l, vv/w)";
static const char combo_reason[] = "The brand's label joined to a keyword or to a word by a hyphen";

static puny_hunt_result* find(const puny_hunt_index* index, const char* name) {
  puny_hunt_result* result = NULL;
  puny_error err = PUNY_ERROR_INIT;
  CHECK(puny_hunt_find(name, PUNY_NUL_TERMINATED, index, NULL, 0, NULL, &result, &err) == PUNY_OK);
  return result;
}

/* paypa1-login.com: combo_squatting via homoglyph, both reasons. */
static void combined_match(const puny_hunt_index* index) {
  puny_hunt_result* result = find(index, "paypa1-login.com");
  puny_hunt_match m = PUNY_HUNT_MATCH_INIT;
  char expected[512];
  size_t best = 99, also_count = 99;
  const size_t* also = NULL;
  if (result == NULL) return;
  CHECK(puny_hunt_result_match_count(result) == 1);
  CHECK(puny_hunt_result_match(result, 0, &m) == PUNY_OK);
  CHECK_STR(m.brand_name, "paypal.com");
  CHECK_STR(m.rule_name, "combo_squatting");
  CHECK(m.via == puny_hunt_rule_find("homoglyph"));
  CHECK_STR(m.via_name, "homoglyph");
  snprintf(expected, sizeof expected, "%s; the brand's label in it: s%s", combo_reason,
           homoglyph_reason + 1);
  CHECK_STR(m.reason, expected);
  CHECK(puny_hunt_result_score(result) == m.score);
  CHECK(puny_hunt_result_brand_count(result) == 1);
  CHECK(puny_hunt_result_brand(result, 0, &best, &also, &also_count) == PUNY_OK);
  CHECK(best == 0 && also_count == 0);
  CHECK(puny_hunt_result_brand(result, 1, &best, &also, &also_count) == PUNY_ERR_INVALID_ARGUMENT);
  puny_hunt_result_free(result);
}

/* paypa1.com: homoglyph 90 and replacement 65 of one brand, one entry. */
static void one_brand_two_rules(const puny_hunt_index* index) {
  puny_hunt_result* result = find(index, "paypa1.com");
  puny_hunt_match best_match = PUNY_HUNT_MATCH_INIT, other = PUNY_HUNT_MATCH_INIT;
  size_t best = 99, also_count = 0;
  const size_t* also = NULL;
  static const char replaced[] = "The brand's label with one character replaced (";
  if (result == NULL) return;
  CHECK(puny_hunt_result_match_count(result) == 2);
  CHECK(puny_hunt_result_brand_count(result) == 1);
  CHECK(puny_hunt_result_brand(result, 0, &best, &also, &also_count) == PUNY_OK);
  CHECK(also_count == 1 && also != NULL);
  if (also_count != 1 || also == NULL) return;
  CHECK(puny_hunt_result_match(result, best, &best_match) == PUNY_OK);
  CHECK(puny_hunt_result_match(result, also[0], &other) == PUNY_OK);
  CHECK_STR(best_match.rule_name, "homoglyph");
  CHECK(best_match.via == 0 && best_match.via_name == NULL);
  CHECK_STR(best_match.reason, homoglyph_reason);
  CHECK_STR(other.rule_name, "replacement");
  CHECK(other.reason != NULL && strncmp(other.reason, replaced, strlen(replaced)) == 0);
  CHECK(puny_hunt_result_score(result) == 90 && best_match.score == 90 && other.score == 65);
  /* NULL out pointers are allowed. */
  CHECK(puny_hunt_result_brand(result, 0, NULL, NULL, NULL) == PUNY_OK);
  puny_hunt_result_free(result);
}

/* g00gle-paypal.com: google.com (a homoglyph beside a word) before
 * paypal.com (a plain word beside it, weak); example.org: nothing. */
static void brands_by_score(const puny_hunt_index* index) {
  puny_hunt_result* result = find(index, "g00gle-paypal.com");
  puny_hunt_match first = PUNY_HUNT_MATCH_INIT, second = PUNY_HUNT_MATCH_INIT;
  size_t a = 0, b = 0;
  if (result == NULL) return;
  CHECK(puny_hunt_result_brand_count(result) == 2);
  CHECK(puny_hunt_result_brand(result, 0, &a, NULL, NULL) == PUNY_OK);
  CHECK(puny_hunt_result_brand(result, 1, &b, NULL, NULL) == PUNY_OK);
  CHECK(puny_hunt_result_match(result, a, &first) == PUNY_OK);
  CHECK(puny_hunt_result_match(result, b, &second) == PUNY_OK);
  CHECK_STR(first.brand_name, "google.com");
  CHECK_STR(first.via_name, "homoglyph");
  CHECK_STR(second.brand_name, "paypal.com");
  CHECK(second.via_name == NULL);
  CHECK_STR(second.reason, combo_reason);
  CHECK(first.score > second.score && puny_hunt_result_score(result) == first.score);
  puny_hunt_result_free(result);
  result = find(index, "example.org");
  if (result == NULL) return;
  CHECK(puny_hunt_result_score(result) == 0 && puny_hunt_result_brand_count(result) == 0);
  CHECK(puny_hunt_result_brand(result, 0, NULL, NULL, NULL) == PUNY_ERR_INVALID_ARGUMENT);
  puny_hunt_result_free(result);
  CHECK(puny_hunt_result_score(NULL) == 0 && puny_hunt_result_brand_count(NULL) == 0);
}

/* A struct of the size before `via`: the new members are not written. */
static void older_struct(const puny_hunt_index* index) {
  puny_hunt_result* result = find(index, "paypa1-login.com");
  puny_hunt_match m = PUNY_HUNT_MATCH_INIT;
  static const char untouched[] = "untouched";
  if (result == NULL) return;
  m.struct_size = (uint32_t)offsetof(puny_hunt_match, via);
  m.via = -7;
  m.via_name = untouched;
  m.reason = untouched;
  CHECK(puny_hunt_result_match(result, 0, &m) == PUNY_OK);
  CHECK_STR(m.rule_name, "combo_squatting");
  CHECK(m.via == -7 && m.via_name == untouched && m.reason == untouched);
  puny_hunt_result_free(result);
}

int main(void) {
  puny_hunt_index* index = NULL;
  puny_error err = PUNY_ERROR_INIT;
  /* No Public Suffix List: the last label is the suffix. */
  CHECK(puny_hunt_index_parse("paypal.com\ngoogle.com\n", PUNY_NUL_TERMINATED, "brands", "", &index,
                              NULL, 0, &err) == PUNY_OK);
  if (index == NULL) return 1;
  combined_match(index);
  one_brand_two_rules(index);
  brands_by_score(index);
  older_struct(index);
  puny_hunt_index_free(index);
  printf("%d checks, %d failures\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
