-- Databases whose encoding is not UTF8: text is converted to UTF-8 for the
-- library and back; in SQL_ASCII, bytes are unchecked, so ill-formed UTF-8
-- reaches the library and is reported (SQLSTATE 22021).  The client
-- encoding is UTF8.
\pset null '(null)'
\set regression_db :DBNAME
CREATE DATABASE puny_latin1 ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
CREATE DATABASE puny_sql_ascii ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;

\c puny_latin1
-- psql's client encoding follows the database's after \c; this file is UTF-8.
SET client_encoding = 'UTF8';
CREATE EXTENSION puny;
SELECT idna_to_ascii('Bücher.de') AS to_ascii, idna_to_unicode('xn--bcher-kva.de') AS to_unicode,
       punycode_decode('bcher-kva') AS decode, punycode_encode('bücher') AS encode;
-- Offsets count UTF-8 bytes, positions characters (ü is one LATIN1 byte,
-- two UTF-8 bytes).
SELECT * FROM idna_check('üü_x.de', 'uts46,std3');
SELECT idna_to_ascii('üü_x.de', 'uts46,std3');
-- A result LATIN1 cannot hold: untranslatable_character (22P05), as
-- PostgreSQL's own conversions raise it, naming the function and the
-- character (U+5E74, the first one LATIN1 lacks).
SELECT idna_to_unicode('xn--3b-ww4c5e180e575a65lsy2b.jp');
\echo :LAST_ERROR_SQLSTATE
SELECT punycode_decode('mxacd');
\echo :LAST_ERROR_SQLSTATE
-- The try_ variants return NULL for it: one Greek name in a column does not
-- abort the query.  ('mxacd' is the Punycode of U+03B1 U+03B2 U+03B3.)
SELECT n, try_idna_to_unicode(d) AS to_unicode, try_punycode_decode(p) AS decode
  FROM (VALUES (1, 'xn--bcher-kva.de', 'bcher-kva'), (2, 'xn--mxacd.gr', 'mxacd'),
               (3, 'xn--caf-dma.fr', 'caf-dma')) t(n, d, p)
 ORDER BY n;
-- idna_check reports and never raises for the data: output NULL where
-- LATIN1 cannot hold it, the conversion itself ok.
SELECT ok, error, output FROM idna_check('xn--mxacd.gr', 'uts46', true);
SELECT ok, error, output FROM idna_check('xn--bcher-kva.de', 'uts46', true);
-- A long result converts in steps (8192 bytes of UTF-8 each): after the
-- 6-byte 'abcde.', every 8-byte 'bücher.' starts at 6 + 8k, so the 'ü' at
-- bytes 8191-8192 is cut by the first step's end; and an untranslatable
-- character far into the value.  LATIN1 holds 'bücher.' in 7 bytes.
SELECT octet_length(convert_to(r, 'LATIN1')) AS latin1_bytes,
       octet_length(convert_to(r, 'LATIN1')) = 6 + 7 * 3000 + 2 AS expected_length,
       r = 'abcde.' || repeat('bücher.', 3000) || 'de' AS same
  FROM (SELECT idna_to_unicode('abcde.' || repeat('xn--bcher-kva.', 3000) || 'de') AS r) t;
SELECT try_idna_to_unicode(repeat('xn--bcher-kva.', 3000) || 'xn--mxacd.gr') AS late_greek;
-- 1 MB: 131,072 labels converted in 128 steps; Greek in the last label.
SELECT octet_length(idna_to_unicode(repeat('xn--bcher-kva.', 131071) || 'de')) AS latin1_bytes,
       try_idna_to_unicode(repeat('xn--bcher-kva.', 131071) || 'xn--mxacd') AS greek_at_the_end,
       (idna_check(repeat('xn--bcher-kva.', 131071) || 'xn--mxacd', 'uts46', true)).ok AS check_ok;
-- Display: the display form and the JSON in LATIN1, not UTF-8 bytes read
-- as LATIN1 ("bÃ¼cher.de").
SELECT idna_display('xn--bcher-kva.de') AS display,
       idna_display_check('xn--bcher-kva.de') ->> 'display' AS check_display,
       idna_display_check('xn--bcher-kva.de') #>> '{labels,0,u_label}' AS u_label;
SELECT idna_display('xn--mxacd.gr');
\echo :LAST_ERROR_SQLSTATE
-- The skeleton: the NFD of 'bücher' holds U+0308, which LATIN1 lacks; the
-- key is written with U&'' escapes (ASCII), one-to-one, so it can be
-- compared and indexed.  A backslash is doubled.
SELECT idna_skeleton('bücher') AS skeleton, idna_skeleton('a\b') AS backslash,
       idna_skeleton('paypaI') = idna_skeleton('paypal') AS capital_i_is_l;
CREATE TABLE latin1_names (name text);
INSERT INTO latin1_names VALUES ('bücher.de'), ('café.fr'), ('paypal.com');
CREATE INDEX latin1_names_skeleton ON latin1_names (idna_skeleton(name));
SET enable_seqscan = off;
SELECT name FROM latin1_names WHERE idna_skeleton(name) = idna_skeleton('paypaI.com');
SELECT name FROM latin1_names WHERE idna_skeleton(name) = idna_skeleton('bücher.de');
RESET enable_seqscan;

\c puny_sql_ascii
SET client_encoding = 'UTF8';
CREATE EXTENSION puny;
SELECT idna_to_ascii('Bücher.de') AS to_ascii, idna_to_unicode('xn--bcher-kva.de') AS to_unicode;
SELECT idna_to_ascii(E'a\xffb.de');
\echo :LAST_ERROR_SQLSTATE
SELECT punycode_encode(E'\xc3\x28');
SELECT try_idna_to_ascii(E'a\xffb.de') AS try_to_ascii, try_punycode_encode(E'\xc3\x28') AS try_encode,
       (idna_check(E'a\xffb.de')).error;
-- The display functions and the skeleton report it too (22021).
SELECT idna_skeleton(E'a\xffb');
\echo :LAST_ERROR_SQLSTATE
SELECT idna_display_check(E'a\xffb.de');
\echo :LAST_ERROR_SQLSTATE

\c :regression_db
DROP DATABASE puny_latin1;
DROP DATABASE puny_sql_ascii;
