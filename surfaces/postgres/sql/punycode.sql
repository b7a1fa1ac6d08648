-- RFC 3492 Punycode of single labels: punycode_encode / punycode_decode and
-- their try_ variants.
\pset null '(null)'

-- RFC 3492 section 7.1 samples (A, B, J, L, R) and common labels.
CREATE TABLE rfc3492_samples (name text, unicode text, punycode text);
INSERT INTO rfc3492_samples VALUES
  ('A Arabic', U&'\0644\064A\0647\0645\0627\0628\062A\0643\0644\0645\0648\0634\0639\0631\0628\064A\061F',
   'egbpdaj6bu4bxfgehfvwxn'),
  ('B Chinese', U&'\4ED6\4EEC\4E3A\4EC0\4E48\4E0D\8BF4\4E2D\6587', 'ihqwcrb4cv8a8dqg056pqjye'),
  ('J Spanish', 'PorquénopuedensimplementehablarenEspañol',
   'PorqunopuedensimplementehablarenEspaol-fmd56a'),
  ('L Japanese', '3年B組金八先生', '3B-ww4c5e180e575a65lsy2b'),
  ('R Japanese', 'パフィーdeルンバ', 'de-jg4avhby1noc0d'),
  ('buecher', 'bücher', 'bcher-kva'),
  ('ascii only', 'abc', 'abc-'),
  ('empty', '', '');
SELECT name, punycode_encode(unicode) = punycode AS encode_ok,
       punycode_decode(punycode) = unicode AS decode_ok,
       try_punycode_encode(unicode) = punycode AS try_encode_ok,
       try_punycode_decode(punycode) = unicode AS try_decode_ok
  FROM rfc3492_samples ORDER BY name;
SELECT punycode_encode('bücher'), punycode_decode('bcher-kva'), punycode_encode('3年B組金八先生');
-- Decoding accepts upper-case digits (RFC 3492 section 5) and keeps the case
-- of basic code points.
SELECT punycode_decode('BCHER-KVA'), punycode_decode('3B-WW4C5E180E575A65LSY2B');
-- Astral code points and every code point class survive a round trip.
SELECT punycode_encode(U&'\+01F600\+01F4A9x'), punycode_decode(punycode_encode(U&'\+01F600\+01F4A9x'))
       = U&'\+01F600\+01F4A9x' AS round_trip;

-- Errors: SQLSTATE 22P02, the error name, the byte offset and character position
-- (no UTS #46 code: that belongs to IDNA).
SELECT punycode_decode('a-9z5g');
\echo :LAST_ERROR_SQLSTATE
SELECT punycode_decode('0000h');
SELECT punycode_decode('abc!');
SELECT punycode_decode('ab-c');
SELECT punycode_decode('99999999999999999999');
SELECT punycode_decode('bü-kva');
-- Basic code points only, and the delimiter alone.
SELECT punycode_decode('a-') AS basic_only, punycode_encode('-') AS hyphen;
-- try_ variants: NULL instead of the error, the value otherwise.
SELECT try_punycode_decode('a-9z5g') AS out_of_range, try_punycode_decode('0000h') AS surrogate,
       try_punycode_decode('abc!') AS bad_digit, try_punycode_decode('ab-c') AS truncated,
       try_punycode_decode('99999999999999999999') AS overflow,
       try_punycode_decode('bü-kva') AS non_basic, try_punycode_decode('bcher-kva') AS fine;
-- STRICT: NULL in, NULL out.
SELECT punycode_encode(NULL), punycode_decode(NULL), try_punycode_encode(NULL),
       try_punycode_decode(NULL);
-- A table of labels converted in one query, with failures as NULL.
SELECT v, try_punycode_decode(v) FROM (VALUES ('bcher-kva'), ('a-9z5g'), ('-'), ('xn--x')) t(v);
