/* puny for PostgreSQL: display safety (docs/display.md) as SQL functions,
 * on the C API's puny_display_* and puny_skeleton, in a file of their own
 * beside puny_pg.c (which keeps the conversions, and shares its input,
 * result and error helpers through puny_pg_internal.h).  As in puny_pg.c,
 * the only non-local exit is our own ereport(ERROR), made after the library
 * call has returned. */
#include "postgres.h"

#include "fmgr.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/json.h"
#include "utils/jsonb.h"

#include "puny.h"
#include "puny_pg_internal.h"
#include "puny_pg_lists.h"

/* ---- Display safety (docs/display.md) ----
 * idna_skeleton is a pure function (IMMUTABLE, fit for an expression
 * index).  idna_display and idna_display_check read the Public Suffix List
 * and the protected-domain list named by the settings puny.psl_file and
 * puny.top_domains_file (puny_pg_lists.c: superuser-only settings, regular
 * files only, read again when they change), so they are STABLE: the answer
 * may change when a setting or a file does. */

/* The library's name of the profile `profile` names (ASCII case ignored,
 * as for presets: puny_display_profile_find); an unknown name is a usage
 * error (22023). */
static const char *profile_of(text *profile, const char *function) {
  char *name = text_to_cstring(profile);
  int index = puny_display_profile_find(name);
  if (index < 0) {
    StringInfoData known;
    size_t i;
    initStringInfo(&known);
    for (i = 0; i < puny_display_profile_count(); ++i)
      appendStringInfo(&known, "%s%s", i ? ", " : "", puny_display_profile_name(i));
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                    errmsg("%s: unknown profile \"%s\"", function, name),
                    errhint("Profiles: %s.", known.data)));
  }
  return puny_display_profile_name((size_t)index);
}

/* The skeleton in a database that is neither UTF8 nor SQL_ASCII: every
 * non-ASCII character written as the escape of a U&'' literal (\XXXX,
 * \+XXXXXX) and a backslash doubled, so the value is ASCII, which every
 * server encoding holds.  The skeleton is a key to compare (UTS #39
 * section 4: X and Y are confusable when their skeletons are equal), and
 * this spelling is one-to-one, so equal keys stay equal keys: the NFD of a
 * Latin-1 name holds combining marks (U+0308) that no single-byte encoding
 * has, which made idna_skeleton, and an expression index on it, fail. */
static text *skeleton_as_escapes(const char *utf8, size_t length) {
  StringInfoData out;
  size_t i = 0;
  initStringInfo(&out);
  while (i < length) {
    unsigned char c = (unsigned char)utf8[i];
    if (c < 0x80) {
      if (c == '\\') appendStringInfoChar(&out, '\\');
      appendStringInfoChar(&out, (char)c);
      ++i;
    } else {
      /* The library's output is well-formed UTF-8. */
      pg_wchar cp = utf8_to_unicode((const unsigned char *)utf8 + i);
      if (cp > 0xFFFF) appendStringInfo(&out, "\\+%06X", (unsigned)cp);
      else appendStringInfo(&out, "\\%04X", (unsigned)cp);
      i += (size_t)pg_utf_mblen((const unsigned char *)utf8 + i);
    }
  }
  return cstring_to_text_with_len(out.data, out.len);
}

/* idna_skeleton(text) -> text: UTS #39 skeleton. */
PG_FUNCTION_INFO_V1(puny_sql_idna_skeleton);
Datum puny_sql_idna_skeleton(PG_FUNCTION_ARGS) {
  utf8_input in = puny_pg_input_as_utf8(PG_GETARG_TEXT_PP(0));
  puny_error err = PUNY_ERROR_INIT;
  size_t capacity = in.length * 3 + 16, written = 0;
  text *result = (text *)palloc(VARHDRSZ + capacity);
  puny_errc rc = puny_skeleton(in.data, in.length, VARDATA(result), capacity, &written, &err);
  if (rc == PUNY_ERR_BUFFER_TOO_SMALL) {
    capacity = err.needed;
    result = (text *)repalloc(result, VARHDRSZ + capacity);
    rc = puny_skeleton(in.data, in.length, VARDATA(result), capacity, &written, &err);
  }
  if (rc != PUNY_OK) {
    ereport(ERROR, (errcode(puny_pg_sqlstate_of(&err)),
                    errmsg("idna_skeleton: %s at byte %zu", puny_error_name(err.code), err.offset)));
  }
  SET_VARSIZE(result, VARHDRSZ + written);
  if (GetDatabaseEncoding() != PG_UTF8 && GetDatabaseEncoding() != PG_SQL_ASCII)
    PG_RETURN_TEXT_P(skeleton_as_escapes(VARDATA(result), written));
  PG_RETURN_TEXT_P(result);
}

/* The decision for a display function's arguments (name, profile), with the
 * lists of the current settings; an invalid name raises the error of
 * `function`.  The caller frees the result. */
static puny_display_result *decide_arguments(FunctionCallInfo fcinfo, const char *function,
                                             const char **profile) {
  utf8_input in = puny_pg_input_as_utf8(PG_GETARG_TEXT_PP(0));
  const puny_display_lists *lists;
  puny_error err = PUNY_ERROR_INIT;
  puny_display_result *result = NULL;
  *profile = profile_of(PG_GETARG_TEXT_PP(1), function);
  lists = puny_pg_lists(function, true, NULL);
  if (puny_display_decide(in.data, in.length, *profile, lists, &result, &err) != PUNY_OK)
    puny_pg_raise_display_error(function, in, &err);
  return result;
}

/* idna_display(name, profile) -> text: the name as the profile shows it. */
PG_FUNCTION_INFO_V1(puny_sql_idna_display);
Datum puny_sql_idna_display(PG_FUNCTION_ARGS) {
  const char *profile;
  puny_display_result *result = decide_arguments(fcinfo, "idna_display", &profile);
  text *out = cstring_to_text(puny_display_result_text(result));
  puny_display_result_free(result);
  PG_RETURN_TEXT_P(puny_pg_in_database_encoding(
      out, "idna_display",
      "idna_display_check reports the decision without an error (its \"display\" is null then).",
      false));
}

/* idna_display_check(name, profile) -> jsonb: the decision per label with
 * every reason, the fields of `puny display --json`.  It reports, so it
 * never raises for the database encoding: a string the encoding cannot hold
 * (a Cyrillic u_label in LATIN1, whose display form is the ASCII A-label)
 * is null, and its path is listed in "unrepresentable". */
PG_FUNCTION_INFO_V1(puny_sql_idna_display_check);
Datum puny_sql_idna_display_check(PG_FUNCTION_ARGS) {
  const char *profile;
  puny_display_result *result = decide_arguments(fcinfo, "idna_display_check", &profile);
  puny_pg_json json;
  StringInfo s = &json.text;
  size_t i, j, labels;
  const char *registrable;
  Datum out;
  puny_pg_json_init(&json);
  appendStringInfoString(s, "{\"profile\": ");
  puny_pg_json_string(&json, profile, "profile");
  appendStringInfoString(s, ", \"display\": ");
  puny_pg_json_string(&json, puny_display_result_text(result), "display");
  registrable = puny_display_result_registrable_domain(result);
  appendStringInfoString(s, ", \"registrable_domain\": ");
  puny_pg_json_string(&json, registrable[0] ? registrable : NULL, "registrable_domain");
  appendStringInfoString(s, ", \"labels\": [");
  labels = puny_display_result_label_count(result);
  for (i = 0; i < labels; ++i) {
    const char *a_label, *u_label;
    int shown;
    size_t offset, findings;
    puny_display_result_label(result, i, &a_label, &u_label, &shown, &offset, &findings);
    appendStringInfoString(s, i ? ", {\"a_label\": " : "{\"a_label\": ");
    puny_pg_json_string(&json, a_label, psprintf("labels.%zu.a_label", i));
    appendStringInfoString(s, ", \"u_label\": ");
    puny_pg_json_string(&json, u_label, psprintf("labels.%zu.u_label", i));
    appendStringInfo(s, ", \"show_unicode\": %s, \"offset\": %zu, \"findings\": [",
                     shown ? "true" : "false", offset);
    for (j = 0; j < findings; ++j) {
      puny_display_finding f = PUNY_DISPLAY_FINDING_INIT;
      puny_display_result_finding(result, i, j, &f);
      appendStringInfoString(s, j ? ", {\"reason\": " : "{\"reason\": ");
      puny_pg_json_string(&json, puny_display_reason_name(f.reason), "reason");
      /* What the CLI's --json says beside the reason: the core's message. */
      appendStringInfoString(s, ", \"message\": ");
      puny_pg_json_string(&json, puny_display_reason_message(f.reason), "message");
      appendStringInfo(s, ", \"offset\": %zu, \"label\": %zu, \"code_point\": ", f.offset,
                       f.label);
      puny_pg_json_string(&json, f.has_code_point ? psprintf("U+%04X", (unsigned)f.code_point) : NULL,
                          "code_point");
      appendStringInfoString(s, ", \"step\": ");
      puny_pg_json_string(&json, f.step, psprintf("labels.%zu.findings.%zu.step", i, j));
      appendStringInfoString(s, ", \"similar_to\": ");
      puny_pg_json_string(&json, f.similar_to[0] ? f.similar_to : NULL,
                          psprintf("labels.%zu.findings.%zu.similar_to", i, j));
      appendStringInfoString(s, ", \"imitates\": ");
      puny_pg_json_string(&json, f.imitates ? psprintf("U+%04X", (unsigned)f.imitates) : NULL,
                          "imitates");
      appendStringInfoChar(s, '}');
    }
    appendStringInfoString(s, "]}");
  }
  appendStringInfoChar(s, ']');
  /* Copied into the JSON; jsonb_in may raise, so the result goes first. */
  puny_display_result_free(result);
  out = puny_pg_json_finish(&json);
  PG_RETURN_DATUM(out);
}
