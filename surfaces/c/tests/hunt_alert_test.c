/* The C API's default minimum score (issue 53): PUNY_HUNT_MIN_SCORE_DEFAULT
 * (any negative min_score) is the core's alert threshold,
 * puny_hunt_alert_score(), equal to the core's vocabulary (PUNY_VOCABULARY,
 * "hunt_alert_score"); it drops weak evidence (paypal.net, a tld_swap of
 * paypal.com, scores 35) and keeps alerts (paypa1.com, homoglyph); 0 keeps
 * every match.  C99 with -Wall -Wextra -pedantic -Werror. */
#include <puny.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_api_check.h" /* CHECK, CHECK_STR, read_text, failures, checks */

/* The score of `rule` among the matches of `name` at `min_score`; -1 when
 * there is no such match, -2 when the call failed.  *count: every match. */
static int score_of(const puny_hunt_index* index, const char* name, const char* rule,
                    int min_score, size_t* count) {
  puny_hunt_result* result = NULL;
  puny_error err = PUNY_ERROR_INIT;
  size_t i;
  int score = -1;
  if (puny_hunt_find(name, PUNY_NUL_TERMINATED, index, NULL, min_score, NULL, &result, &err) !=
      PUNY_OK)
    return -2;
  *count = puny_hunt_result_match_count(result);
  for (i = 0; i < *count; ++i) {
    puny_hunt_match m = PUNY_HUNT_MATCH_INIT;
    CHECK(puny_hunt_result_match(result, i, &m) == PUNY_OK);
    CHECK(min_score < 0 ? m.score >= puny_hunt_alert_score() : m.score >= min_score);
    if (strcmp(m.rule_name, rule) == 0) score = m.score;
  }
  puny_hunt_result_free(result);
  return score;
}

int main(void) {
  puny_hunt_index* index = NULL;
  puny_error err = PUNY_ERROR_INIT;
  const char* vocabulary = read_text(getenv("PUNY_VOCABULARY"));
  const char* at = vocabulary != NULL ? strstr(vocabulary, "\"hunt_alert_score\": ") : NULL;
  const int alert = puny_hunt_alert_score();
  size_t count = 0;
  /* The C API's threshold is the core's, as the vocabulary dump says. */
  CHECK(at != NULL); /* PUNY_VOCABULARY must name vocabulary.json with the threshold */
  if (at != NULL) CHECK(atoi(at + strlen("\"hunt_alert_score\": ")) == alert);
  CHECK(alert > 0 && alert <= 100);
  CHECK(PUNY_HUNT_MIN_SCORE_DEFAULT < 0);
  /* No Public Suffix List: the last label is the suffix. */
  CHECK(puny_hunt_index_parse("paypal.com\n", PUNY_NUL_TERMINATED, "brands", "", &index, NULL, 0,
                              &err) == PUNY_OK);
  if (index == NULL) return 1;
  /* Weak evidence: reported at min_score 0, under the threshold. */
  CHECK(score_of(index, "paypal.net", "tld_swap", 0, &count) == 35);
  CHECK(count == 1);
  CHECK(35 < alert);
  /* The default (the macro, or any negative value) leaves it out. */
  CHECK(score_of(index, "paypal.net", "tld_swap", PUNY_HUNT_MIN_SCORE_DEFAULT, &count) == -1);
  CHECK(count == 0);
  CHECK(score_of(index, "paypal.net", "tld_swap", -40, &count) == -1);
  CHECK(count == 0);
  CHECK(score_of(index, "paypal.net", "tld_swap", alert, &count) == -1);
  /* Alerts stay: paypa1.com is a homoglyph (and a replacement, 1 for l). */
  CHECK(score_of(index, "paypa1.com", "homoglyph", PUNY_HUNT_MIN_SCORE_DEFAULT, &count) >= alert);
  CHECK(count >= 1);
  puny_hunt_index_free(index);
  printf("%d checks, %d failures\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
