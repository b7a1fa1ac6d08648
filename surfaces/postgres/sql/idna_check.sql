-- idna_check: the first error as a composite, NULL fields when there is none.
\pset null '(null)'

SELECT * FROM idna_check('bücher.de');
SELECT * FROM idna_check(U&'a\2028b.de');
SELECT * FROM idna_check(U&'üü\2028.de');
SELECT * FROM idna_check('xn--example-.com');
SELECT * FROM idna_check(U&'a\200D.example');
SELECT * FROM idna_check(U&'a.\05D0a.com');
SELECT * FROM idna_check('a_b.example', 'registration');
SELECT * FROM idna_check(repeat('a', 64) || '.example', 'registration');
SELECT * FROM idna_check(repeat('a.', 127) || 'com', 'registration');
-- ToUnicode: output is the best-effort result even on error.
SELECT * FROM idna_check('xn--bcher-kva.de', to_unicode => true);
SELECT * FROM idna_check(U&'ok.\FFFF.com', 'uts46', true);
SELECT * FROM idna_check('xn--a-9z5g.com', to_unicode => true);
-- substr with position finds the offending character.
SELECT substr(d, (idna_check(d)).position, 1) = U&'\2028' AS found
  FROM (VALUES (U&'übel.ß\2028x.de')) t(d);
-- Checking a column, the way a data-quality query would.
SELECT c.uts46_code, count(*)
  FROM (VALUES ('a.de'), ('-a.de'), ('b-.de'), (U&'\2028.de'), ('xn--a.de'), ('ok.de')) t(d),
       LATERAL idna_check(d) c
 GROUP BY 1 ORDER BY 1 NULLS FIRST;
-- STRICT.
SELECT idna_check(NULL) IS NULL AS null_domain, idna_check('a', NULL) IS NULL AS null_preset,
       idna_check('a', 'uts46', NULL) IS NULL AS null_direction;
-- ToUnicode under an IDNA2008 preset has no best-effort form: output NULL
-- on error (the CLI's --json gives "best_effort": null); UTS #46 marks the
-- error with U+FFFD.
SELECT ok, error, output IS NULL AS no_output FROM idna_check('xn--a.com', 'idna2008', true);
SELECT ok, error, output FROM idna_check('xn--a.com', 'uts46', true);
