-- Display safety: idna_display, idna_display_check, idna_skeleton and the
-- profile list, all from the library.
SELECT idna_display_profiles();
SELECT idna_display('xn--80ak6aa92e.com') AS cyrillic_apple,
       idna_display('xn--bcher-kva.de') AS buecher,
       idna_display('b' || chr(252) || 'cher.de', 'ascii-only') AS ascii_only,
       idna_display('xn--bs-red.com', 'firefox-moderate') AS moderate,
       idna_display('xn--bs-red.com', 'firefox-high') AS high;
SELECT idna_display(NULL) IS NULL AS strict;
-- Each label's verdict and reasons.
SELECT jsonb_pretty(idna_display_check('eb' || chr(1072) || 'y.com'));
SELECT idna_display_check('www.example.co.uk') ->> 'registrable_domain' AS registrable;
-- Errors: not valid IDNA, an unknown profile.
SELECT idna_display('xn--a.com');
SELECT idna_display('a.com', 'chrome');
-- A protected-domain list from a setting; a malformed one names file and line.
\o /dev/null
COPY (SELECT 'google.com' UNION ALL SELECT '# comment') TO '/tmp/puny_regress_top.list';
\o
SET puny.top_domains_file = '/tmp/puny_regress_top.list';
SELECT idna_display('www.googl' || chr(233) || '.com') AS lookalike,
       idna_display('google.com') AS itself;
SELECT idna_display_check('googl' || chr(233) || '.com') #>> '{labels,0,findings,0,similar_to}' AS similar_to;
COPY (SELECT 'not a domain') TO '/tmp/puny_regress_bad.list';
SET puny.top_domains_file = '/tmp/puny_regress_bad.list';
SELECT idna_display('a.com');
RESET puny.top_domains_file;
SET puny.psl_file = '/nonexistent/psl.dat';
SELECT idna_display('a.com');
RESET puny.psl_file;
-- The skeleton, and an expression index that finds lookalikes with it.
SELECT idna_skeleton(chr(1088) || chr(1072) || chr(1091) || chr(1088) || chr(1072) || 'l') AS paypal,
       idna_skeleton('m') AS m;
CREATE TABLE brands (name text);
INSERT INTO brands VALUES ('paypal.com'), ('example.org'), ('google.com');
CREATE INDEX brands_skeleton ON brands (idna_skeleton(name));
SET enable_seqscan = off;
SELECT name FROM brands
 WHERE idna_skeleton(name) = idna_skeleton(idna_to_unicode('xn--pypal-4ve.com'));
EXPLAIN (COSTS OFF) SELECT name FROM brands WHERE idna_skeleton(name) = 'x';
RESET enable_seqscan;
DROP TABLE brands;
-- Profile names ignore ASCII case, as preset names do; the JSON names the
-- library's spelling.
SELECT idna_display('xn--bcher-kva.de', 'ASCII-Only') AS ascii_only,
       idna_display('xn--bcher-kva.de', 'Firefox-HIGH') AS firefox_high,
       idna_display_check('a.com', 'CHROMIUM') ->> 'profile' AS profile;
SELECT idna_display('a.com', 'chromium ');
-- NULL in any argument gives NULL (STRICT).
SELECT idna_display_check(NULL) IS NULL AS null_name, idna_display_check('a.com', NULL) IS NULL AS null_profile,
       idna_display('a.com', NULL) IS NULL AS null_display_profile, idna_skeleton(NULL) IS NULL AS null_skeleton;
-- Wrong types: no function takes them (42883), nothing is converted implicitly.
SELECT idna_display_check(42);
\echo :LAST_ERROR_SQLSTATE
SELECT idna_skeleton(1.5);
\echo :LAST_ERROR_SQLSTATE
-- Long values: 20,001 labels, a 600,000-character skeleton.
SELECT jsonb_array_length(c -> 'labels') AS labels,
       c ->> 'display' = repeat('bücher.', 20000) || 'de' AS display_ok
  FROM (SELECT idna_display_check(repeat('xn--bcher-kva.', 20000) || 'de') AS c) t;
SELECT length(idna_skeleton(repeat('p' || chr(1072) || 'ypal', 100000))) AS skeleton_length,
       idna_skeleton(repeat('p' || chr(1072) || 'ypal', 100000)) = repeat('paypal', 100000) AS latin;
