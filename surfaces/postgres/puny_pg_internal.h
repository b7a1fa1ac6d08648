/* puny for PostgreSQL: what puny_pg.c shares with puny_pg_display.c (the
 * display functions): input as UTF-8 and the SQLSTATE and error of a
 * library error.  Defined in puny_pg.c. */
#ifndef PUNY_PG_INTERNAL_H
#define PUNY_PG_INTERNAL_H

#include "postgres.h"

#include <stddef.h>

#include "puny.h"
#include "puny_pg_text.h"  /* results in the database encoding */

/* Input as UTF-8: the text's bytes in a UTF8 (or SQL_ASCII) database,
 * converted otherwise.  Offsets in errors are then offsets in this UTF-8. */
typedef struct utf8_input {
  const char *data;
  size_t length;
} utf8_input;

utf8_input puny_pg_input_as_utf8(text *value);

/* The SQLSTATE of a library error. */
int puny_pg_sqlstate_of(const puny_error *err);

/* ERROR for a display function's invalid name (never returns). */
void puny_pg_raise_display_error(const char *function, utf8_input in, const puny_error *err)
    pg_attribute_noreturn();

#endif
