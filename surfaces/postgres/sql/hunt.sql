-- Lookalike hunting (issue 39): hunt_matches and hunt_rules.  Each name is
-- built by hand from a brand with one attack (docs/hunt.md's rule table);
-- position and length are characters (1-based, as substr takes them) of the
-- labels that imitate the brand.  No Public Suffix List here: the last label
-- is the public suffix.  min_score 0: every match, weak evidence too (the
-- default, the alert threshold, is hunt_alert.sql's).
SET puny.psl_file = '';
CREATE TEMP TABLE brands(line text);
INSERT INTO brands VALUES ('paypal.com keywords=wallet allow=paypal.me'), ('microsoft.com'), (NULL);
CREATE TEMP TABLE names(id integer, name text);
INSERT INTO names VALUES
  (1, 'www.rnicrosoft.com'),                       -- rn for m
  (2, 'p' || chr(1072) || 'yp' || chr(1072) || 'l.com'),  -- Cyrillic a twice
  (3, idna_to_ascii('p' || chr(1072) || 'yp' || chr(1072) || 'l.com')),  -- the same as an A-label
  (4, 'login.paypal.com.evil.example'),            -- the brand's name in a subdomain
  (5, 'rnicrosft.com'),                            -- rn for m and a letter left out
  (6, 'paypal.net'),                               -- another suffix
  (7, 'paypalwallet.com'),                         -- the brand's keyword
  (8, 'example.org'),                              -- nothing
  (9, 'paypal.me'),                                -- the brand's own name (allow=)
  (10, NULL),
  (11, 'www.pay.pal.com'),                         -- the brand's label split by a dot
  (12, 'paypak.com'),                              -- l -> k, neighbouring keys
  (13, 'www.' || chr(1084) || 'icrosof' || chr(1090) || '.com');  -- Cyrillic em, te: Chromium's m, t
SELECT n.id, m.brand, m.rule, m.score, m.position, m.length,
       substr(n.name, m.position, m.length) AS matched, m.display, m.shown
  FROM names n, LATERAL hunt_matches(n.name, (SELECT array_agg(line) FROM brands), '', 0) m
  ORDER BY n.id, m.brand, m.rule;
-- Only some rules, a minimum score, another profile.
SELECT rule FROM hunt_matches('paypa1.com', ARRAY['paypal.com'], 'tld_swap, omission');
SELECT rule, score FROM hunt_matches('paypa1.com', ARRAY['paypal.com'], 'homoglyph');
SELECT count(*) AS above_100 FROM hunt_matches('paypa1.com', ARRAY['paypal.com'], '', 100);
SELECT display, shown FROM hunt_matches('p' || chr(1072) || 'ypal.com', ARRAY['paypal.com'], '', 0, 'Firefox-High');
-- The brand array may change from row to row: the index follows it.
SELECT b, (SELECT count(*) FROM hunt_matches('paypa1.com', ARRAY[b])) AS matches
  FROM (VALUES ('paypal.com'), ('google.com'), ('paypal.com')) AS v(b);
-- STRICT: a NULL argument gives no rows.
SELECT count(*) AS null_name FROM hunt_matches(NULL, ARRAY['paypal.com']);
SELECT count(*) AS null_brands FROM hunt_matches('paypa1.com', NULL);
SELECT count(*) AS null_rules FROM hunt_matches('paypa1.com', ARRAY['paypal.com'], NULL);
-- The rule registry.
SELECT count(*) >= 17 AS has_rules, bool_or(name = 'homoglyph_edit') AS has_combined,
       bool_or(name = 'label_split') AS has_split,
       bool_or(name = 'chromium_skeleton') AS has_chromium FROM hunt_rules();
-- Errors: a malformed brand line, an unknown rule or profile, an unreadable list.
SELECT * FROM hunt_matches('a.com', ARRAY['paypal.com', 'microsoft.com colour=red']);
SELECT * FROM hunt_matches('a.com', ARRAY['paypal.com'], 'homoglyph,bogus');
SELECT * FROM hunt_matches('a.com', ARRAY['paypal.com'], '', 0, 'chrome');
SET puny.psl_file = '/nonexistent/psl.dat';
SELECT * FROM hunt_matches('a.com', ARRAY['paypal.com']);
RESET puny.psl_file;
