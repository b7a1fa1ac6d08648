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
-- A result LATIN1 cannot hold: PostgreSQL's conversion error (22P05).
SELECT idna_to_unicode('xn--3b-ww4c5e180e575a65lsy2b.jp');
\echo :LAST_ERROR_SQLSTATE

\c puny_sql_ascii
SET client_encoding = 'UTF8';
CREATE EXTENSION puny;
SELECT idna_to_ascii('Bücher.de') AS to_ascii, idna_to_unicode('xn--bcher-kva.de') AS to_unicode;
SELECT idna_to_ascii(E'a\xffb.de');
\echo :LAST_ERROR_SQLSTATE
SELECT punycode_encode(E'\xc3\x28');
SELECT try_idna_to_ascii(E'a\xffb.de') AS try_to_ascii, try_punycode_encode(E'\xc3\x28') AS try_encode,
       (idna_check(E'a\xffb.de')).error;

\c :regression_db
DROP DATABASE puny_latin1;
DROP DATABASE puny_sql_ascii;
