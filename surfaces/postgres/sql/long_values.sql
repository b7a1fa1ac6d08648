-- 1 MB values: Punycode and IDNA on long inputs (O(n log n) in the library,
-- buffers sized from the library's `needed`).  Results are checked by
-- length, round trip and md5 against an independent construction.
\pset null '(null)'

-- 512 Ki x 'ü' (1 MB of UTF-8): encode, decode back.
CREATE TABLE big AS SELECT repeat('ü', 524288) AS u;
SELECT octet_length(u) AS bytes, length(punycode_encode(u)) AS encoded_length,
       punycode_decode(punycode_encode(u)) = u AS round_trip FROM big;
-- Many distinct code points (the Fenwick-tree path): 20,000 CJK ideographs.
CREATE TABLE big_mixed AS
  SELECT string_agg(chr(c), '') AS u
    FROM generate_series(1, 262144) g, LATERAL (SELECT 19968 + (g * 7919) % 20000 AS c) x;
SELECT octet_length(u) AS bytes, punycode_decode(punycode_encode(u)) = u AS round_trip
  FROM big_mixed;
-- A 1 MB ASCII label: the Punycode of an all-basic string is the string and '-'.
SELECT punycode_encode(repeat('a', 1048576)) = repeat('a', 1048576) || '-' AS basic_only;

-- IDNA: a 1 MB name (150,000 labels), ToASCII and back.
CREATE TABLE big_domain AS SELECT repeat('bücher.', 149796) || 'de' AS d;
SELECT octet_length(d) AS bytes,
       idna_to_ascii(d) = repeat('xn--bcher-kva.', 149796) || 'de' AS to_ascii_ok,
       idna_to_unicode(idna_to_ascii(d)) = d AS round_trip
  FROM big_domain;
-- A 1 MB label: fine for UTS #46, too long for DNS (registration preset).
SELECT idna_to_ascii(repeat('a', 1048576)) = repeat('a', 1048576) AS uts46_ok,
       try_idna_to_ascii(repeat('a', 1048576), 'registration') AS registration;
SELECT idna_to_ascii(repeat('a', 1048576), 'registration');
-- A 1 MB xn-- label decodes (UTS #46 puts no length limit on it).
SELECT idna_to_unicode('xn--' || punycode_encode(u)) = u AS ace_label_ok FROM big;
-- The error at the very end of 1 MB: offset and position are exact.
SELECT idna_to_ascii(repeat('a', 1048575) || U&'\2028');
SELECT (idna_check(repeat('ü', 300000) || U&'\2028')).*;
SELECT try_idna_to_ascii(repeat('a', 1048575) || U&'\2028') AS try_null,
       try_punycode_decode(repeat('z', 1048576)) AS try_out_of_range;
SELECT punycode_decode(repeat('z', 1048576));
-- A decode whose output is twice its input (each digit 'a' inserts U+0080,
-- two bytes of UTF-8): the first buffer is too small, the second is sized
-- from the library's `needed`.
SELECT octet_length(d) AS decoded_bytes, d = repeat(U&'\0080', 1048576) AS expected
  FROM (SELECT punycode_decode(repeat('a', 1048576)) AS d) t;
