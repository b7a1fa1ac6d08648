-- Triage (issue 53, every surface in the core's words): hunt_matches' via
-- and reason columns and hunt_brands, a row per brand matched, from the
-- core's hunt::reason and hunt::by_brand through the C API.  No Public
-- Suffix List here (the last label is the suffix); run-tests.sh compares
-- both functions with `puny hunt --json --min-score 0` on more names.
SET puny.psl_file = '';
-- A combined match: paypa1-login.com is combo_squatting via homoglyph (the
-- brand's label in it spelled with a lookalike), its reason both rules'.
SELECT rule, via, score, "position", length, reason
  FROM hunt_matches('paypa1-login.com', ARRAY['paypal.com'], '', 0);
-- A plain match has no via, and its reason is its rule's description.
SELECT m.rule, m.via IS NULL AS no_via, m.reason = r.description AS reason_is_description
  FROM hunt_matches('paypa1.com', ARRAY['paypal.com'], '', 0) m JOIN hunt_rules() r ON r.name = m.rule
  ORDER BY m.score DESC;
-- A combined match's reason: the rule's description, then the via rule's,
-- its first letter in lower case (docs/hunt.md).
SELECT m.reason = r.description || '; the brand''s label in it: ' || lower(left(v.description, 1))
                  || substr(v.description, 2) AS reason_is_both
  FROM hunt_matches('paypa1-login.com', ARRAY['paypal.com']) m
  JOIN hunt_rules() r ON r.name = m.rule JOIN hunt_rules() v ON v.name = m.via;
-- hunt_brands: paypa1.com is one entry, homoglyph, with replacement in also.
SELECT brand, rule, via, score, "position", length, display, shown, also
  FROM hunt_brands('paypa1.com', ARRAY['paypal.com'], '', 0);
SELECT brand, rule, via, score, also FROM hunt_brands('paypa1-login.com', ARRAY['paypal.com']);
-- Two brands: one row each, highest score first; also lists a brand's
-- other matches, highest first; the top score is the first row's.
SELECT brand, rule, via, score, "position", length, also
  FROM hunt_brands('g00gle-paypal.com', ARRAY['paypal.com', 'google.com'], '', 0);
-- Every match is a best match or in also, once (20 names, 4 brands).
CREATE TEMP TABLE triage_names(name text);
INSERT INTO triage_names VALUES ('paypa1-login.com'), ('paypa1.com'), ('g00gle-paypal.com'),
  ('paypal.com.evil.tld'), ('paypa1.com.evil.tld'), ('amazn.com.evil.tld'), ('securepaypall.com'),
  ('rnicrosoft-support.com'), (chr(1088) || chr(1072) || chr(1091) || chr(1088) || chr(1072) || 'l-login.com'),
  ('g00gle.com'), ('paypal.net'), ('pay-pal.com'), ('paypak.com'), ('pay.pal.com'), ('gooogle.com'),
  ('www.' || chr(1084) || 'icrosof' || chr(1090) || '.com'), ('example.org'), ('paypal.me'),
  (chr(252) || '.paypa1-wallet.com'), ('harmless.net');
CREATE TEMP TABLE triage_brands AS
  SELECT ARRAY['paypal.com keywords=wallet allow=paypal.me', 'google.com', 'microsoft.com', 'amazon.com'] AS b;
WITH m AS (SELECT n.name, m.brand, m.rule, m.via, m.score, m."position", m.length, m.reason
             FROM triage_names n, triage_brands t, LATERAL hunt_matches(n.name, t.b, '', 0) m),
     b AS (SELECT n.name, b.brand, b.rule, b.via, b.score, b."position", b.length, b.reason, b.also
             FROM triage_names n, triage_brands t, LATERAL hunt_brands(n.name, t.b, '', 0) b),
     grouped AS (SELECT name, brand, rule, via, score, "position", length FROM b
                 UNION ALL
                 SELECT b.name, b.brand, a->>'rule', a->>'via', (a->>'score')::int, (a->>'position')::int,
                        (a->>'length')::int
                   FROM b, jsonb_array_elements(b.also) a)
SELECT (SELECT count(*) FROM m) AS matches, (SELECT count(*) FROM b) AS brand_rows,
       (SELECT count(*) FROM m WHERE via IS NOT NULL) AS combined,
       (SELECT count(*) FROM (SELECT name, brand, rule, via, score, "position", length FROM m
                              EXCEPT ALL SELECT * FROM grouped) x) AS missing,
       (SELECT count(*) FROM (SELECT * FROM grouped
                              EXCEPT ALL SELECT name, brand, rule, via, score, "position", length FROM m) x) AS extra,
       (SELECT count(*) FROM b JOIN m USING (name, brand, rule, score, "position", length)
          WHERE b.reason IS DISTINCT FROM m.reason) AS other_reasons,
       (SELECT count(*) FROM b WHERE b.score < (SELECT max((a->>'score')::int) FROM jsonb_array_elements(b.also) a))
         AS also_above_best;
-- hunt_brands' rows come highest score first.
CREATE TEMP TABLE triage_rows AS
  SELECT n.name, b.brand, b.score, b.o
    FROM triage_names n, triage_brands t,
         LATERAL hunt_brands(n.name, t.b, '', 0)
           WITH ORDINALITY b(brand, rule, score, "position", length, display, shown, via, reason, also, o);
SELECT name, array_agg(brand || ' ' || score ORDER BY o) AS entries
  FROM triage_rows GROUP BY name HAVING count(*) > 1 ORDER BY name;
SELECT bool_and(ok) AS ordered, count(*) AS brand_rows FROM (
  SELECT score <= lag(score, 1, 100) OVER (PARTITION BY name ORDER BY o) AS ok FROM triage_rows) x;
-- chromium_skeleton's reason names Cyrillic letters (its description's).
SELECT rule, reason LIKE '%Cyrillic ' || chr(1087) || '/n%' AS names_cyrillic
  FROM hunt_matches('www.' || chr(1084) || 'icrosof' || chr(1090) || '.com', ARRAY['microsoft.com']);
-- The same arguments and defaults as hunt_matches: min_score defaults to
-- the alert threshold (paypal.net, a tld_swap scoring 35, is left out).
SELECT pg_get_function_arguments('hunt_brands'::regproc) = pg_get_function_arguments('hunt_matches'::regproc)
  AS same_arguments;
SELECT count(*) AS by_default FROM hunt_brands('paypal.net', ARRAY['paypal.com']);
SELECT rule, score, also FROM hunt_brands('paypal.net', ARRAY['paypal.com'], '', 0);
SELECT rule, also FROM hunt_brands('paypa1.com', ARRAY['paypal.com'], 'homoglyph');
SELECT display, shown FROM hunt_brands('p' || chr(1072) || 'ypal.com', ARRAY['paypal.com'], '', 0, 'Firefox-High');
-- STRICT: a NULL argument gives no rows; nothing matched, no rows.
SELECT count(*) AS null_name FROM hunt_brands(NULL, ARRAY['paypal.com']);
SELECT count(*) AS null_brands FROM hunt_brands('paypa1.com', NULL);
SELECT count(*) AS null_min_score FROM hunt_brands('paypa1.com', ARRAY['paypal.com'], '', NULL);
SELECT count(*) AS no_match FROM hunt_brands('example.org', ARRAY['paypal.com'], '', 0);
-- Errors name hunt_brands.
SELECT * FROM hunt_brands('a.com', ARRAY['paypal.com', 'microsoft.com colour=red']);
SELECT * FROM hunt_brands('a.com', ARRAY['paypal.com'], 'homoglyph,bogus');
SELECT * FROM hunt_brands('a.com', ARRAY['paypal.com'], '', 0, 'chrome');
SET puny.psl_file = '/nonexistent/psl.dat';
SELECT * FROM hunt_brands('a.com', ARRAY['paypal.com']);
RESET puny.psl_file;
