/* puny for PostgreSQL: text values as the library's UTF-8 and back, shared by
 * the extension's files (puny_pg_email.c, puny_pg_hunt.c).  The library reads
 * and writes UTF-8; the database may use another encoding, so arguments are
 * converted on the way in and results on the way out (docs/postgres.md,
 * "Encodings"). */
#ifndef PUNY_PG_TEXT_H
#define PUNY_PG_TEXT_H

#include "postgres.h"

#include <stddef.h>

/* The value as UTF-8 (converted from the database encoding if need be; the
 * value's own bytes in a UTF-8 or SQL_ASCII database) and its length. */
const char *puny_pg_utf8_of(text *value, size_t *length);
/* A text value in the database encoding from NUL-terminated UTF-8. */
text *puny_pg_text_of(const char *utf8);
/* Characters in the first `bytes` bytes of UTF-8 text. */
size_t puny_pg_chars(const char *utf8, size_t bytes);

#endif
