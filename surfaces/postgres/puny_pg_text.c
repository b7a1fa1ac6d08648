/* Text values as UTF-8 and back (puny_pg_text.h). */
#include "puny_pg_text.h"

#include <string.h>

#include "mb/pg_wchar.h"
#include "utils/builtins.h"

const char *puny_pg_utf8_of(text *value, size_t *length) {
  const char *data = VARDATA_ANY(value);
  int n = (int)VARSIZE_ANY_EXHDR(value);
  int encoding = GetDatabaseEncoding();
  const char *utf8 = data;
  if (encoding != PG_UTF8 && encoding != PG_SQL_ASCII) utf8 = pg_server_to_any(data, n, PG_UTF8);
  *length = utf8 == data ? (size_t)n : strlen(utf8);
  return utf8;
}

text *puny_pg_text_of(const char *utf8) {
  return cstring_to_text(pg_any_to_server(utf8, (int)strlen(utf8), PG_UTF8));
}

size_t puny_pg_chars(const char *utf8, size_t bytes) {
  size_t i, n = 0;
  for (i = 0; i < bytes; ++i)
    if (((unsigned char)utf8[i] & 0xC0) != 0x80) ++n;
  return n;
}
