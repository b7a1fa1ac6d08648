/* Text between the database encoding and UTF-8 (puny_pg_text.h). */
#include "puny_pg_text.h"

#include <string.h>

#include "catalog/namespace.h"
#include "fmgr.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/json.h"
#include "utils/jsonb.h"

const char *puny_pg_utf8_of(text *value, size_t *length) {
  const char *data = VARDATA_ANY(value);
  int n = (int)VARSIZE_ANY_EXHDR(value);
  int encoding = GetDatabaseEncoding();
  const char *utf8 = data;
  if (encoding != PG_UTF8 && encoding != PG_SQL_ASCII) utf8 = pg_server_to_any(data, n, PG_UTF8);
  *length = utf8 == data ? (size_t)n : strlen(utf8);
  return utf8;
}

size_t puny_pg_chars(const char *utf8, size_t bytes) {
  size_t i, n = 0;
  for (i = 0; i < bytes; ++i)
    if (((unsigned char)utf8[i] & 0xC0) != 0x80) ++n;
  return n;
}

static bool takes_utf8(void) {
  int encoding = GetDatabaseEncoding();
  return encoding == PG_UTF8 || encoding == PG_SQL_ASCII;
}

static bool is_ascii(const char *data, size_t length) {
  size_t i;
  for (i = 0; i < length; ++i)
    if ((unsigned char)data[i] >= 0x80) return false;
  return true;
}

/* Input of one conversion step: the conversion functions need room for
 * MAX_CONVERSION_GROWTH bytes per input byte, so long results go through
 * in steps; a step that ends inside a character stops before it and the
 * next step starts there. */
#define CONVERSION_STEP 8192

text *puny_pg_to_database(const char *data, size_t length, size_t *bad_offset) {
  int encoding = GetDatabaseEncoding();
  StringInfoData out;
  Oid proc;
  size_t done = 0;
  unsigned char *step;
  if (takes_utf8() || is_ascii(data, length)) return cstring_to_text_with_len(data, (int)length);
  proc = FindDefaultConversionProc(PG_UTF8, encoding);
  if (!OidIsValid(proc))
    ereport(ERROR, (errcode(ERRCODE_UNDEFINED_FUNCTION),
                    errmsg("no conversion from UTF8 to the database encoding %s",
                           GetDatabaseEncodingName())));
  initStringInfo(&out);
  step = (unsigned char *)palloc(CONVERSION_STEP * MAX_CONVERSION_GROWTH + 1);
  while (done < length) {
    int n = length - done < CONVERSION_STEP ? (int)(length - done) : CONVERSION_STEP;
    int converted = pg_do_encoding_conversion_buf(proc, PG_UTF8, encoding,
                                                  (unsigned char *)data + done, n, step,
                                                  CONVERSION_STEP * MAX_CONVERSION_GROWTH + 1,
                                                  true);
    if (converted <= 0) { /* the character at `done` has no equivalent */
      pfree(step);
      pfree(out.data);
      *bad_offset = done;
      return NULL;
    }
    appendStringInfoString(&out, (const char *)step);
    done += (size_t)converted;
  }
  pfree(step);
  return cstring_to_text_with_len(out.data, out.len);
}

text *puny_pg_in_database_encoding(text *utf8, const char *function, const char *instead,
                                   bool or_null) {
  size_t bad = 0;
  const char *data = VARDATA_ANY(utf8);
  text *result;
  if (takes_utf8()) return utf8;
  result = puny_pg_to_database(data, VARSIZE_ANY_EXHDR(utf8), &bad);
  if (result != NULL || or_null) return result;
  ereport(ERROR, (errcode(ERRCODE_UNTRANSLATABLE_CHARACTER),
                  errmsg("%s: the result holds U+%04X, which the database encoding %s cannot hold",
                         function, (unsigned)utf8_to_unicode((const unsigned char *)data + bad),
                         GetDatabaseEncodingName()),
                  instead != NULL ? errhint("%s A UTF8 database holds every result.", instead)
                                  : errhint("A UTF8 database holds every result.")));
  return NULL; /* not reached */
}

text *puny_pg_text_or_null(const char *utf8) {
  size_t bad = 0;
  return puny_pg_to_database(utf8, strlen(utf8), &bad);
}

char *puny_pg_prose(const char *utf8) {
  StringInfoData out;
  size_t i = 0, length = strlen(utf8), bad = 0;
  if (takes_utf8() || is_ascii(utf8, length)) return pstrdup(utf8);
  initStringInfo(&out);
  while (i < length) {
    unsigned char c = (unsigned char)utf8[i];
    size_t n = c < 0x80 ? 1 : (size_t)pg_utf_mblen((const unsigned char *)utf8 + i);
    text *one;
    if (n > length - i) n = length - i;
    one = c < 0x80 ? NULL : puny_pg_to_database(utf8 + i, n, &bad);
    if (c < 0x80)
      appendStringInfoChar(&out, (char)c);
    else if (one != NULL)
      appendBinaryStringInfo(&out, VARDATA_ANY(one), (int)VARSIZE_ANY_EXHDR(one));
    else
      appendStringInfo(&out, "U+%04X", (unsigned)utf8_to_unicode((const unsigned char *)utf8 + i));
    i += n;
  }
  return out.data;
}

void puny_pg_json_init(puny_pg_json *json) {
  initStringInfo(&json->text);
  initStringInfo(&json->dropped);
  json->dropped_count = 0;
}

void puny_pg_json_string(puny_pg_json *json, const char *utf8, const char *path) {
  size_t bad = 0;
  if (utf8 == NULL) {
    appendStringInfoString(&json->text, "null");
  } else if (takes_utf8() || puny_pg_to_database(utf8, strlen(utf8), &bad) != NULL) {
    escape_json(&json->text, utf8);
  } else {
    appendStringInfoString(&json->text, "null");
    appendStringInfoString(&json->dropped, json->dropped_count++ ? ", " : "");
    escape_json(&json->dropped, path);
  }
}

Datum puny_pg_json_finish(puny_pg_json *json) {
  size_t bad = 0;
  text *converted;
  if (json->dropped_count > 0)
    appendStringInfo(&json->text, ", \"unrepresentable\": [%s]", json->dropped.data);
  appendStringInfoChar(&json->text, '}');
  /* jsonb_in reads text in the database encoding; every string the
   * encoding cannot hold is null by now. */
  converted = puny_pg_to_database(json->text.data, (size_t)json->text.len, &bad);
  if (converted == NULL)
    elog(ERROR, "puny: JSON with a character the database encoding cannot hold, at byte %zu", bad);
  return DirectFunctionCall1(jsonb_in, CStringGetDatum(text_to_cstring(converted)));
}
