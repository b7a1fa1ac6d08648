/* puny for PostgreSQL: text between the database encoding and the library's
 * UTF-8, shared by the extension's files.  The library reads and writes
 * UTF-8; the database may use another encoding (LATIN1, EUC_JP, ...), so
 * arguments are converted on the way in and everything that leaves the
 * extension on the way out: results, JSON, error messages and registry
 * descriptions (docs/postgres.md, "Encodings").  Three rules, by what the
 * text is:
 *   - a result of a plain function: in the database encoding, or ERROR 22P05
 *     naming the function and the first character the encoding cannot hold
 *     (puny_pg_in_database_encoding);
 *   - a value a check reports (idna_check's output, a JSON string of
 *     email_check or idna_display_check, a column of hunt_matches): NULL
 *     where the encoding cannot hold it, never an error (puny_pg_text_or_null,
 *     puny_pg_json_string);
 *   - prose (messages, hints, descriptions): a character the encoding cannot
 *     hold is written U+XXXX (puny_pg_prose).
 * A UTF8 or SQL_ASCII database takes the UTF-8 as it is. */
#ifndef PUNY_PG_TEXT_H
#define PUNY_PG_TEXT_H

#include "postgres.h"

#include <stddef.h>

#include "lib/stringinfo.h"

/* The value as UTF-8 (converted from the database encoding if need be; the
 * value's own bytes in a UTF-8 or SQL_ASCII database) and its length. */
const char *puny_pg_utf8_of(text *value, size_t *length);
/* Characters in the first `bytes` bytes of UTF-8 text. */
size_t puny_pg_chars(const char *utf8, size_t bytes);

/* `length` bytes of well-formed UTF-8 as a text value in the database
 * encoding, or NULL when the encoding cannot hold one of its characters,
 * whose byte offset is then in *bad_offset. */
text *puny_pg_to_database(const char *utf8, size_t length, size_t *bad_offset);
/* A UTF-8 text value (the library's output) in the database encoding.
 * Where the encoding cannot hold a character: NULL when `or_null`, else
 * ERROR 22P05 naming `function` and the character, with `instead` (a
 * sentence naming what to call instead, NULL for none) as the hint. */
text *puny_pg_in_database_encoding(text *utf8, const char *function, const char *instead,
                                   bool or_null);
/* NUL-terminated UTF-8 as a text value, NULL where the encoding cannot hold it. */
text *puny_pg_text_or_null(const char *utf8);
/* NUL-terminated UTF-8 prose as a C string in the database encoding, each
 * character the encoding cannot hold written U+XXXX. */
char *puny_pg_prose(const char *utf8);

/* JSON written in UTF-8, converted once it is complete.  A string the
 * database encoding cannot hold is written null and its path recorded;
 * puny_pg_json_finish adds them as "unrepresentable": [paths] (only when
 * there are any), closes the object and returns the jsonb. */
typedef struct puny_pg_json {
  StringInfoData text;    /* the object so far, without its closing brace */
  StringInfoData dropped; /* the paths of the strings written null, as JSON */
  int dropped_count;
} puny_pg_json;
void puny_pg_json_init(puny_pg_json *json);
/* Appends the string `utf8` (NULL: null) at JSON path `path` ("labels.0.u_label"). */
void puny_pg_json_string(puny_pg_json *json, const char *utf8, const char *path);
Datum puny_pg_json_finish(puny_pg_json *json);

#endif
