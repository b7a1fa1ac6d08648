-- Every preset and flag of the preset argument, on inputs that tell them apart.
\pset null '(null)'

CREATE TABLE preset_inputs (n int, domain text);
INSERT INTO preset_inputs VALUES
  (1, 'faß.de'),               -- deviation: kept (nontransitional) or mapped (transitional)
  (2, '-x-.example'),          -- V3: CheckHyphens
  (3, 'a_b.example'),          -- U1: UseSTD3ASCIIRules
  (4, U&'a\200Cb.example'),    -- C1: CheckJoiners
  (5, U&'\05D0a.example'),     -- B-rules: CheckBidi
  (6, repeat('a', 64) || '.example'),  -- A4_2: VerifyDnsLength (label > 63)
  (7, 'xn--a-9z5g.example'),   -- P4: IgnoreInvalidPunycode
  (8, 'XN--A.Example'),        -- URL Standard beStrict=false: ASCII passes through, lowercased
  (9, 'a..b'),                 -- A4_2 empty label with VerifyDnsLength
  (10, 'Bücher.Example');      -- valid everywhere

SELECT p.preset, i.n, try_idna_to_ascii(i.domain, p.preset) AS ascii,
       (idna_check(i.domain, p.preset)).uts46_code AS code
  FROM preset_inputs i,
       (VALUES ('uts46'), ('url'), ('url-strict'), ('registration'), ('uts46,transitional'),
               ('uts46 std3'), ('uts46, no-check-hyphens'), ('uts46,no-check-joiners'),
               ('uts46,no-check-bidi'), ('uts46,verify-dns-length'),
               ('uts46,ignore-invalid-punycode'), ('registration,no-check-hyphens')) p(preset)
 ORDER BY p.preset, i.n;

-- ToUnicode with each preset.
SELECT p.preset, try_idna_to_unicode('xn--fa-hia.de', p.preset) AS fass,
       try_idna_to_unicode('faß.de', p.preset || ',transitional') AS transitional,
       try_idna_to_unicode('a_b.xn--bcher-kva.de', p.preset) AS std3
  FROM (VALUES ('uts46'), ('url'), ('url-strict'), ('registration')) p(preset) ORDER BY 1;

-- Preset names are case-insensitive; flags may repeat.
SELECT idna_to_ascii('faß.de', 'UTS46,Transitional,transitional');

-- An unknown preset or flag is a usage error (22023), raised by the try_
-- variants too: it is not a property of the data.
SELECT idna_to_ascii('a.de', 'strict');
\echo :LAST_ERROR_SQLSTATE
SELECT try_idna_to_ascii('a.de', 'uts46,transitonal');
\echo :LAST_ERROR_SQLSTATE
SELECT try_idna_to_unicode('a.de', '');
SELECT idna_check('a.de', 'transitional');
-- Both words of one flag contradict each other: refused, as the CLI refuses
-- --transitional --nontransitional (issue 52), whichever comes first.
SELECT idna_to_ascii('faß.de', 'uts46 transitional nontransitional');
\echo :LAST_ERROR_SQLSTATE
SELECT try_idna_to_unicode('a.de', 'url, no-std3, STD3');

-- The library's registry: the same names in every surface (run-tests.sh
-- compares these lists with the core's vocabulary).
SELECT idna_presets();
SELECT idna_preset_aliases();
SELECT idna_preset_flags();
-- IDNA2008 by name (no mapping: U+216B is disallowed where UTS #46 maps it
-- to "xii"); a former name works as the preset it names.
SELECT p.preset, try_idna_to_ascii(U&'\216B.com', p.preset) AS roman_twelve,
       try_idna_to_ascii('-x.com', p.preset) AS leading_hyphen,
       try_idna_to_unicode('xn--bcher-kva.de', p.preset) AS buecher
  FROM (VALUES ('uts46'), ('uts46-strict'), ('registration'), ('idna2008'), ('idna2008-lookup')) p(preset)
 ORDER BY 1;
SELECT (idna_check(U&'\216B.com', 'idna2008')).error;
SELECT idna_to_ascii(U&'\216B.com', 'idna2008-lookup');
-- Host-name safety is the default (issue 43): the URL Standard's forbidden
-- domain code points are errors under every preset but uts46-raw, the one
-- word for plain UTS #46; NULL from the try_ forms, the offset from
-- idna_check.
SELECT n.name, try_idna_to_ascii(n.name) AS ascii, try_idna_to_unicode(n.name) AS unicode,
       try_idna_to_ascii(n.name, 'idna2008-lookup') AS lookup,
       try_idna_to_ascii(n.name, 'uts46-raw') AS raw,
       try_idna_to_ascii(n.name, 'uts46, no-forbid-domain-code-points') AS flag_off,
       c.error, c.byte_offset, c.code_point
  FROM (VALUES ('a b.com'), ('a/b.com'), ('x.com:80'), ('me@b' || U&'\00FC' || 'cher.de')) n(name),
       LATERAL idna_check(n.name) c
 ORDER BY 1;
