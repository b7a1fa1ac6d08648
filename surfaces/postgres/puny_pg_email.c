/* puny for PostgreSQL: e-mail addresses (issue 38; puny/email.hpp through
 * the C API's puny_email_*), in a file of their own beside puny_pg.c.
 *
 *   email_normalize(address) -> text   the normalized address; an error
 *                                      (22P02, the core's error name, byte
 *                                      offset and character) when invalid
 *   try_email_ascii(address) -> text   the ASCII form, NULL when invalid or
 *                                      when the local part is not ASCII
 *   email_check(address) -> jsonb      valid, the error and where, and every
 *                                      field of the result
 *
 * The library's default options (email-validator's): docs/email.md.  As in
 * puny_pg.c, the only non-local exit is our own ereport(ERROR), after the
 * library call has returned and its result has been freed. */
#include "postgres.h"

#include "fmgr.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/json.h"
#include "utils/jsonb.h"

#include "puny.h"
#include "puny_pg_text.h"

static bool email_data_error(const puny_error *err) {
  return err->code != PUNY_OK && err->code < PUNY_ERR_OUT_OF_MEMORY;
}

static void email_raise(const char *function, const char *data, size_t length,
                        const puny_error *err) pg_attribute_noreturn();
static void email_raise(const char *function, const char *data, size_t length,
                        const puny_error *err) {
  const char *uts46 = puny_uts46_code(err);
  ereport(ERROR,
          (errcode(err->code == PUNY_ERR_INVALID_UTF8 ? ERRCODE_CHARACTER_NOT_IN_REPERTOIRE
                   : email_data_error(err)            ? ERRCODE_INVALID_TEXT_REPRESENTATION
                   : err->code == PUNY_ERR_OUT_OF_MEMORY ? ERRCODE_OUT_OF_MEMORY
                                                         : ERRCODE_INTERNAL_ERROR),
           errmsg("%s: %s%s%s%s at byte %zu (character %zu)%s", function,
                  puny_error_name(err->code), uts46[0] ? " (" : "", uts46, uts46[0] ? ")" : "",
                  err->offset, puny_pg_chars(data, err->offset < length ? err->offset : length) + 1,
                  err->has_code_point ? psprintf(", U+%04X", (unsigned)err->code_point) : ""),
           errdetail("%s", puny_error_message(err->code))));
}

/* Runs the validation; NULL with *err set when the address is invalid. */
static puny_email_result *email_run(text *value, const char **data, size_t *length,
                                    puny_error *err) {
  puny_email_result *result = NULL;
  *data = puny_pg_utf8_of(value, length);
  if (puny_email_validate(*data, *length, NULL, &result, err) != PUNY_OK) return NULL;
  return result;
}

PG_FUNCTION_INFO_V1(puny_sql_email_normalize);
Datum puny_sql_email_normalize(PG_FUNCTION_ARGS) {
  puny_error err = PUNY_ERROR_INIT;
  const char *data;
  size_t length;
  text *out;
  puny_email_result *r = email_run(PG_GETARG_TEXT_PP(0), &data, &length, &err);
  if (r == NULL) email_raise("email_normalize", data, length, &err);
  out = cstring_to_text(puny_email_result_normalized(r));
  puny_email_result_free(r);
  /* 22P05 naming the function and the character, as the conversions raise it. */
  PG_RETURN_TEXT_P(puny_pg_in_database_encoding(
      out, "email_normalize",
      "email_check reports the address without an error (its \"normalized\" is null then); "
      "try_email_ascii gives the ASCII form where there is one.",
      false));
}

PG_FUNCTION_INFO_V1(puny_sql_try_email_ascii);
Datum puny_sql_try_email_ascii(PG_FUNCTION_ARGS) {
  puny_error err = PUNY_ERROR_INIT;
  const char *data, *ascii;
  size_t length;
  text *out = NULL;
  puny_email_result *r = email_run(PG_GETARG_TEXT_PP(0), &data, &length, &err);
  if (r == NULL) {
    if (email_data_error(&err)) PG_RETURN_NULL();
    email_raise("try_email_ascii", data, length, &err);
  }
  ascii = puny_email_result_ascii_email(r);
  if (ascii != NULL) out = cstring_to_text(ascii);
  puny_email_result_free(r);
  if (out == NULL) PG_RETURN_NULL();
  PG_RETURN_TEXT_P(out);
}

static void email_json_string(puny_pg_json *json, const char *key, const char *value) {
  appendStringInfo(&json->text, ", \"%s\": ", key);
  puny_pg_json_string(json, value, key);
}

/* email_check(address) -> jsonb.  It reports, so it never raises for the
 * database encoding: a field the encoding cannot hold (a Greek local part in
 * LATIN1) is null and named in "unrepresentable". */
PG_FUNCTION_INFO_V1(puny_sql_email_check);
Datum puny_sql_email_check(PG_FUNCTION_ARGS) {
  puny_error err = PUNY_ERROR_INIT;
  const char *data;
  size_t length;
  puny_pg_json json;
  StringInfo s = &json.text;
  puny_email_result *r = email_run(PG_GETARG_TEXT_PP(0), &data, &length, &err);
  if (r == NULL && !email_data_error(&err)) email_raise("email_check", data, length, &err);
  puny_pg_json_init(&json);
  appendStringInfo(s, "{\"valid\": %s", r != NULL ? "true" : "false");
  if (r == NULL) {
    const char *uts46 = puny_uts46_code(&err);
    email_json_string(&json, "error", puny_error_name(err.code));
    email_json_string(&json, "uts46_code", uts46[0] ? uts46 : NULL);
    appendStringInfo(s, ", \"byte_offset\": %zu, \"position\": %zu", err.offset,
                     puny_pg_chars(data, err.offset < length ? err.offset : length) + 1);
    email_json_string(&json, "code_point",
                      err.has_code_point ? psprintf("U+%04X", (unsigned)err.code_point) : NULL);
  } else {
    appendStringInfoString(s, ", \"error\": null, \"uts46_code\": null, \"byte_offset\": null, "
                              "\"position\": null, \"code_point\": null");
  }
  email_json_string(&json, "display_name", r ? puny_email_result_display_name(r) : NULL);
  email_json_string(&json, "local_part", r ? puny_email_result_local_part(r) : NULL);
  email_json_string(&json, "domain", r ? puny_email_result_domain(r) : NULL);
  email_json_string(&json, "ascii_domain", r ? puny_email_result_ascii_domain(r) : NULL);
  email_json_string(&json, "normalized", r ? puny_email_result_normalized(r) : NULL);
  email_json_string(&json, "ascii_email", r ? puny_email_result_ascii_email(r) : NULL);
  appendStringInfo(s, ", \"smtputf8\": %s, \"address_literal\": %s",
                   r == NULL ? "null" : puny_email_result_smtputf8(r) ? "true" : "false",
                   r == NULL ? "null" : puny_email_result_address_literal(r) ? "true" : "false");
  if (r != NULL) puny_email_result_free(r);
  PG_RETURN_DATUM(puny_pg_json_finish(&json));
}
