-- hunt_matches' default min_score (issue 53): the library's alert threshold,
-- hunt_alert_score(), which the declared DEFAULT calls (no number of its
-- own; run-tests.sh compares the value with the core's vocabulary).  The
-- default leaves out weak evidence (paypal.net, a tld_swap of paypal.com,
-- scores 35); min_score 0 keeps it.  No Public Suffix List here.
SET puny.psl_file = '';
SELECT hunt_alert_score() > 35 AS above_weak, hunt_alert_score() <= 100 AS a_score;
SELECT pg_get_function_arguments('hunt_matches'::regproc) LIKE '%min_score integer DEFAULT hunt_alert_score()%'
  AS default_is_the_threshold;
SELECT rule, score FROM hunt_matches('paypal.net', ARRAY['paypal.com'], '', 0);
SELECT count(*) AS by_default FROM hunt_matches('paypal.net', ARRAY['paypal.com']);
SELECT count(*) AS by_default_with_rules FROM hunt_matches('paypal.net', ARRAY['paypal.com'], 'tld_swap');
SELECT count(*) AS at_the_threshold FROM hunt_matches('paypal.net', ARRAY['paypal.com'], '', hunt_alert_score());
-- An alert stays.
SELECT rule, score FROM hunt_matches('paypa1.com', ARRAY['paypal.com']) ORDER BY rule;
RESET puny.psl_file;
