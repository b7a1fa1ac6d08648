-- UTS #46 ToASCII / ToUnicode with the default preset ('uts46'), errors,
-- try_ variants and NULL handling.
\pset null '(null)'

SELECT idna_to_ascii('bücher.de'), idna_to_ascii('3年B組金八先生.jp'),
       idna_to_ascii('Bücher.Example'), idna_to_ascii('faß.de');
SELECT idna_to_unicode('xn--bcher-kva.de'), idna_to_unicode('XN--BCHER-KVA.DE'),
       idna_to_unicode('xn--3b-ww4c5e180e575a65lsy2b.jp'), idna_to_unicode('Bücher.DE');
-- Mapping (UTS #46 section 4 step 1): full-width dots and letters, case folding.
SELECT idna_to_ascii(U&'\FF21\FF22\FF23\3002com') AS fullwidth, idna_to_ascii('ΣΌΛΟΣ.gr') AS greek;
-- The default argument is 'uts46'.
SELECT idna_to_ascii('faß.de') = idna_to_ascii('faß.de', 'uts46') AS default_is_uts46;
-- Round trips.
SELECT d, idna_to_unicode(idna_to_ascii(d)) AS round_trip
  FROM (VALUES ('bücher.de'), ('пример.рф'), ('例え.テスト'), ('مثال.إختبار')) t(d);
-- ASCII names and the root label.
SELECT idna_to_ascii('example.com.'), idna_to_ascii('WWW.Example.COM'), idna_to_ascii('');

-- Errors: SQLSTATE 22P02 with the error name, UTS #46 code, label, byte
-- offset, character position and code point.
SELECT idna_to_ascii(U&'a\2028b.de');
\echo :LAST_ERROR_SQLSTATE
SELECT idna_to_ascii('xn--example-.com');
SELECT idna_to_ascii(U&'a\200D.example');
SELECT idna_to_ascii('-x-.example');
SELECT idna_to_ascii('ab--c.example');
SELECT idna_to_ascii('a..b');
SELECT idna_to_ascii('xn--xn--a-ecp.ru');
SELECT idna_to_ascii(U&'\0301a.com');
SELECT idna_to_ascii(U&'\05D0a.com');
SELECT idna_to_unicode('xn--a-9z5g.com');
SELECT idna_to_unicode(U&'ok.\FFFF.com');
-- V1: an xn-- label whose decoding is not in NFC (a + U+0301 COMBINING ACUTE).
SELECT idna_to_ascii('xn--' || punycode_encode(U&'a\0301') || '.com');
-- V4: a label starting with xn-- after decoding (seen when CheckHyphens is
-- off; with it on, V2 is found first).
SELECT idna_to_ascii('xn--xn--a-ecp.ru', 'uts46,no-check-hyphens');
-- X4_2: ToUnicode finds an empty label (VerifyDnsLength).
SELECT idna_to_unicode('a..b', 'uts46,verify-dns-length');
-- The URL Standard's forbidden domain code points (url preset, ASCII input).
SELECT idna_to_ascii('a%b.example', 'url');
SELECT idna_to_ascii(U&'\00FC<.example', 'url');
-- The URL Standard's domain to Unicode never fails: on an error ToUnicode
-- records, the result is the input (uts46 raises instead).
SELECT idna_to_unicode('XN--8I7CAA.com', 'url') AS v7, idna_to_unicode('xn--a.com', 'url') AS p4,
       try_idna_to_unicode('xn--0-sfa.xn--4db', 'url') AS b1,
       idna_to_unicode('XN--BCHER-KVA.de', 'url') AS fine;
SELECT idna_to_unicode('xn--a.com');
-- Positions count characters, offsets bytes: the error is the 3rd character,
-- bytes 4..6 (after two 2-byte characters).
SELECT idna_to_ascii(U&'üü\2028.de');

-- try_ variants: NULL instead of the error.
SELECT try_idna_to_ascii(U&'a\2028b.de') AS v7, try_idna_to_ascii('xn--example-.com') AS p4,
       try_idna_to_ascii('-x-.example') AS v3, try_idna_to_ascii('bücher.de') AS fine;
SELECT try_idna_to_unicode('xn--a-9z5g.com') AS p4, try_idna_to_unicode(U&'ok.\FFFF.com') AS v7,
       try_idna_to_unicode('xn--bcher-kva.de') AS fine;
-- Bulk conversion with failures as NULL.
SELECT d, try_idna_to_ascii(d) AS ascii, try_idna_to_unicode(d) AS unicode
  FROM (VALUES ('Bücher.de'), ('xn--bcher-kva.de'), ('r2---sn-abc.googlevideo.com'),
               ('a_b.example'), (U&'\00DF.de')) t(d);

-- STRICT: a NULL domain or preset gives NULL.
SELECT idna_to_ascii(NULL), idna_to_unicode(NULL), idna_to_ascii('a.de', NULL),
       try_idna_to_ascii(NULL), try_idna_to_unicode('a.de', NULL);
-- Wrong types: no function takes them (42883); nothing is converted
-- implicitly; an unknown literal is read as the parameter's type ('maybe' is
-- no boolean: 22P02).
SELECT idna_to_ascii(42);
\echo :LAST_ERROR_SQLSTATE
SELECT idna_check('a.de', 'uts46', 'maybe');
\echo :LAST_ERROR_SQLSTATE
SELECT punycode_decode(ARRAY['a']);
\echo :LAST_ERROR_SQLSTATE
