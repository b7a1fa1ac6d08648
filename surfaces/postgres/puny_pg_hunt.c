/* puny for PostgreSQL: lookalike hunting (issue 39; puny/hunt.hpp through the
 * C API's puny_hunt_*), in a file of its own beside puny_pg.c.
 *
 *   hunt_matches(name text, brands text[], rules text DEFAULT '',
 *                min_score int DEFAULT hunt_alert_score(),
 *                profile text DEFAULT 'chromium')
 *     RETURNS TABLE(brand text, rule text, score int, "position" int,
 *                   length int, display text, shown boolean, via text,
 *                   reason text)
 *   hunt_brands(the same arguments)
 *     RETURNS TABLE(the same columns, also jsonb)
 *
 * hunt_matches gives one row per match of `name` against the brand list
 * `brands` (one brand line an element, docs/hunt.md: 'paypal.com
 * keywords=login allow=paypal.me'), typically (SELECT array_agg(line) FROM
 * brands) beside a big table of names.  `position` and `length` are in
 * characters (1-based, as substr takes them) and cover the labels of the
 * name that matched; display and shown are the name's display verdict under
 * `profile` (NULL when the name is not valid IDNA; display and brand are
 * NULL too where the database encoding cannot hold them, shown is not); via
 * is a combined match's second rule (NULL for a plain match) and reason the
 * core's short English reason (issue 53: hunt::reason through the C API,
 * prose: U+XXXX for a character the encoding lacks).  hunt_brands is the
 * core's triage view (hunt::by_brand, what `puny hunt` prints): a row per
 * brand matched, its best match's columns and its other matches in `also`.
 * STRICT, as every function of the extension: a NULL argument gives no
 * rows; rules '' = every rule.  hunt_alert_score() is the library's alert
 * threshold (puny_hunt_alert_score()), min_score's default: weak evidence
 * scores under it; min_score 0 keeps every match.
 *
 * The brand index is built once per call site and query: it is kept in
 * fn_extra while the array is byte for byte the one it was built from, and
 * freed with the query's memory (a reset callback), so a join over millions
 * of names builds it once.  The Public Suffix List is the file the setting
 * puny.psl_file names, read by puny_pg_lists.c as for idna_display (the
 * index is built again when that file is read again).  Unknown rules and profiles,
 * malformed brand lines and unreadable files raise errors naming them.  As
 * in puny_pg.c, every library object is freed before our own ereport. */
#include "postgres.h"

#include "fmgr.h"
#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/tuplestore.h"

#include "puny.h"
#include "puny_pg_lists.h"
#include "puny_pg_text.h"

typedef struct hunt_cache {
  char *array_bytes; /* the brand array the index was built from (its varlena) */
  Size array_size;
  uint64 lists_generation; /* puny_pg_lists' generation of the PSL it was built with */
  puny_hunt_index *index;
  MemoryContextCallback free_index;
} hunt_cache;

static void hunt_free_index(void *arg) {
  hunt_cache *cache = (hunt_cache *)arg;
  puny_hunt_index_free(cache->index);
  cache->index = NULL;
}

/* The brand lines of the array joined by newlines (NULL elements skipped). */
static char *hunt_brand_text(ArrayType *brands, size_t *length) {
  Datum *items;
  bool *nulls;
  int count, i;
  StringInfoData s;
  deconstruct_array(brands, TEXTOID, -1, false, TYPALIGN_INT, &items, &nulls, &count);
  initStringInfo(&s);
  for (i = 0; i < count; ++i) {
    size_t n;
    const char *line;
    if (nulls[i]) continue;
    line = puny_pg_utf8_of(DatumGetTextPP(items[i]), &n);
    appendBinaryStringInfo(&s, line, (int)n);
    appendStringInfoChar(&s, '\n');
  }
  *length = (size_t)s.len;
  return s.data;
}

/* The index for this call's brand array, built when it is not the cached one. */
static const puny_hunt_index *hunt_index(FunctionCallInfo fcinfo, const char *function,
                                         ArrayType *brands) {
  hunt_cache *cache = (hunt_cache *)fcinfo->flinfo->fn_extra;
  Size size = VARSIZE(brands);
  char message[256];
  puny_error err = PUNY_ERROR_INIT;
  puny_hunt_index *index = NULL;
  size_t length;
  char *lines;
  puny_errc rc;
  uint64 generation = 0;
  const puny_display_lists *lists = puny_pg_lists(function, false, &generation);
  if (cache == NULL) {
    cache = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(hunt_cache));
    cache->free_index.func = hunt_free_index;
    cache->free_index.arg = cache;
    MemoryContextRegisterResetCallback(fcinfo->flinfo->fn_mcxt, &cache->free_index);
    fcinfo->flinfo->fn_extra = cache;
  }
  if (cache->index != NULL && cache->array_size == size && cache->lists_generation == generation &&
      memcmp(cache->array_bytes, brands, size) == 0)
    return cache->index;
  lines = hunt_brand_text(brands, &length);
  message[0] = 0;
  rc = puny_hunt_index_parse_lists(lines, length, "brands", lists, &index, message, sizeof message,
                                   &err);
  pfree(lines);
  if (rc != PUNY_OK)
    ereport(ERROR,
            (errcode(rc == PUNY_ERR_OUT_OF_MEMORY ? ERRCODE_OUT_OF_MEMORY
                                                  : ERRCODE_INVALID_PARAMETER_VALUE),
             /* The library's message may quote a brand line (UTF-8). */
             errmsg("%s: %s", function, message[0] ? puny_pg_prose(message) : puny_error_name(rc)),
             errdetail("%s", puny_error_message(rc)),
             errhint("brands holds one brand line an element (docs/hunt.md).")));
  puny_hunt_index_free(cache->index);
  cache->index = index;
  if (cache->array_bytes != NULL) pfree(cache->array_bytes);
  cache->array_bytes = MemoryContextAlloc(fcinfo->flinfo->fn_mcxt, size);
  memcpy(cache->array_bytes, brands, size);
  cache->array_size = size;
  cache->lists_generation = generation;
  return index;
}

/* One name's matches, copied out of the library's result (which is freed
 * before anything is converted to the database encoding: a conversion may
 * raise an error, and no library object may be left behind by it).  The
 * strings of the matches are static or live in the cached index. */
typedef struct hunt_found {
  const char *name; /* the argument, UTF-8 */
  size_t count;
  puny_hunt_match *matches;
  char *display; /* NULL when the name has no display form */
  bool shown;
  /* The triage view (puny_hunt_result_brand): per brand the best match's
   * index and its other matches' indexes, highest score first. */
  size_t brand_count;
  size_t *best;
  size_t **also;
  size_t *also_count;
} hunt_found;

/* Runs the search of hunt_matches and hunt_brands (same arguments). */
static void hunt_run(FunctionCallInfo fcinfo, const char *function, hunt_found *out) {
  const puny_hunt_index *index;
  puny_hunt_result *result = NULL;
  puny_error err = PUNY_ERROR_INIT;
  const char *rules = NULL, *profile = "chromium", *display = NULL;
  size_t length, i;
  int min_score = PG_ARGISNULL(3) ? 0 : PG_GETARG_INT32(3);  /* STRICT: never NULL here */
  int shown = 0;
  puny_errc rc, verdict;
  index = hunt_index(fcinfo, function, PG_GETARG_ARRAYTYPE_P(1));
  out->name = puny_pg_utf8_of(PG_GETARG_TEXT_PP(0), &length);
  if (!PG_ARGISNULL(2)) rules = text_to_cstring(PG_GETARG_TEXT_PP(2));
  if (!PG_ARGISNULL(4)) profile = text_to_cstring(PG_GETARG_TEXT_PP(4));
  rc = puny_hunt_find(out->name, length, index, rules, min_score, profile, &result, &err);
  if (rc != PUNY_OK)
    ereport(ERROR,
            (errcode(rc == PUNY_ERR_OUT_OF_MEMORY ? ERRCODE_OUT_OF_MEMORY
                                                  : ERRCODE_INVALID_PARAMETER_VALUE),
             errmsg("%s: %s", function,
                    rc != PUNY_ERR_INVALID_ARGUMENT ? puny_error_name(rc)
                    : puny_display_profile_find(profile) < 0
                        ? psprintf("unknown display profile \"%s\"", profile)
                        : psprintf("unknown rule in \"%s\"", rules ? rules : "")),
             errhint("Rules: hunt_rules(); profiles: idna_display_profiles().")));
  /* Only palloc (out of memory) may raise between here and the free, as
   * before the triage view was copied too. */
  out->count = puny_hunt_result_match_count(result);
  out->brand_count = puny_hunt_result_brand_count(result);
  out->matches = palloc0(sizeof(puny_hunt_match) * (out->count > 0 ? out->count : 1));
  out->best = palloc0(sizeof(size_t) * (out->brand_count > 0 ? out->brand_count : 1));
  out->also = palloc0(sizeof(size_t *) * (out->brand_count > 0 ? out->brand_count : 1));
  out->also_count = palloc0(sizeof(size_t) * (out->brand_count > 0 ? out->brand_count : 1));
  /* Every "also" list together has fewer entries than there are matches. */
  out->also[0] = palloc0(sizeof(size_t) * (out->count > 0 ? out->count : 1));
  verdict = puny_hunt_result_verdict(result, &display, &shown);
  out->display = palloc(verdict == PUNY_OK ? strlen(display) + 1 : 1);
  for (i = 0; i < out->count; ++i) {
    out->matches[i].struct_size = sizeof(puny_hunt_match);
    (void)puny_hunt_result_match(result, i, &out->matches[i]);
  }
  {
    size_t used = 0;
    size_t *also_storage = out->also[0];
    for (i = 0; i < out->brand_count; ++i) {
      const size_t *also = NULL;
      size_t n = 0;
      (void)puny_hunt_result_brand(result, i, &out->best[i], &also, &n);
      out->also[i] = also_storage + used;
      out->also_count[i] = n;
      if (n > 0) memcpy(out->also[i], also, n * sizeof(size_t));
      used += n;
    }
  }
  if (verdict == PUNY_OK) strcpy(out->display, display);
  else out->display = NULL;
  out->shown = shown != 0;
  puny_hunt_result_free(result);
}

/* The columns hunt_matches and hunt_brands share, for match m:
 * brand, rule, score, position, length, display, shown, via, reason. */
#define HUNT_MATCH_COLUMNS 9
static void hunt_match_values(const hunt_found *f, const puny_hunt_match *m, Datum *values,
                              bool *nulls) {
  /* What a search reports follows the checks' rule: NULL where the database
   * encoding cannot hold it (puny_pg_text.h); the reason is prose. */
  text *brand = puny_pg_text_or_null(m->brand_name);
  text *shown_as = f->display != NULL ? puny_pg_text_or_null(f->display) : NULL;
  memset(nulls, 0, sizeof(bool) * HUNT_MATCH_COLUMNS);
  if (brand != NULL) values[0] = PointerGetDatum(brand);
  else nulls[0] = true;
  values[1] = PointerGetDatum(cstring_to_text(m->rule_name));
  values[2] = Int32GetDatum(m->score);
  values[3] = Int32GetDatum((int32)puny_pg_chars(f->name, m->offset) + 1);
  values[4] = Int32GetDatum((int32)puny_pg_chars(f->name + m->offset, m->length));
  if (f->display != NULL) {
    if (shown_as != NULL) values[5] = PointerGetDatum(shown_as);
    else nulls[5] = true;
    values[6] = BoolGetDatum(f->shown);
  } else {
    nulls[5] = nulls[6] = true;
  }
  /* via: a combined match's second rule (rule names are ASCII). */
  if (m->via_name != NULL) values[7] = PointerGetDatum(cstring_to_text(m->via_name));
  else nulls[7] = true;
  /* The core's reason (hunt::reason), as `puny hunt --json` gives it; a
   * rule's description may name a non-ASCII letter (chromium_skeleton's
   * Cyrillic examples), written U+XXXX where the encoding lacks it. */
  values[8] = PointerGetDatum(cstring_to_text(puny_pg_prose(m->reason)));
}

PG_FUNCTION_INFO_V1(puny_sql_hunt_matches);
Datum puny_sql_hunt_matches(PG_FUNCTION_ARGS) {
  ReturnSetInfo *rsinfo = (ReturnSetInfo *)fcinfo->resultinfo;
  hunt_found f;
  size_t i;
  InitMaterializedSRF(fcinfo, 0);
  if (PG_ARGISNULL(0) || PG_ARGISNULL(1)) return (Datum)0;  /* no rows */
  hunt_run(fcinfo, "hunt_matches", &f);
  for (i = 0; i < f.count; ++i) {
    Datum values[HUNT_MATCH_COLUMNS];
    bool nulls[HUNT_MATCH_COLUMNS];
    hunt_match_values(&f, &f.matches[i], values, nulls);
    tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
  }
  return (Datum)0;
}

/* hunt_brands(): a row per brand matched (the core's hunt::by_brand, what
 * `puny hunt` prints), highest score first: the columns of hunt_matches for
 * the brand's best match, and `also`, its other matches as a jsonb array of
 * {"rule", "via" (combined matches only), "score", "position", "length"},
 * highest score first (ASCII only: rule names and numbers). */
PG_FUNCTION_INFO_V1(puny_sql_hunt_brands);
Datum puny_sql_hunt_brands(PG_FUNCTION_ARGS) {
  ReturnSetInfo *rsinfo = (ReturnSetInfo *)fcinfo->resultinfo;
  hunt_found f;
  size_t i, j;
  InitMaterializedSRF(fcinfo, 0);
  if (PG_ARGISNULL(0) || PG_ARGISNULL(1)) return (Datum)0;  /* no rows */
  hunt_run(fcinfo, "hunt_brands", &f);
  for (i = 0; i < f.brand_count; ++i) {
    Datum values[HUNT_MATCH_COLUMNS + 1];
    bool nulls[HUNT_MATCH_COLUMNS + 1];
    StringInfoData also;
    hunt_match_values(&f, &f.matches[f.best[i]], values, nulls);
    initStringInfo(&also);
    appendStringInfoChar(&also, '[');
    for (j = 0; j < f.also_count[i]; ++j) {
      const puny_hunt_match *m = &f.matches[f.also[i][j]];
      appendStringInfo(&also, "%s{\"rule\": \"%s\"", j > 0 ? ", " : "", m->rule_name);
      if (m->via_name != NULL) appendStringInfo(&also, ", \"via\": \"%s\"", m->via_name);
      appendStringInfo(&also, ", \"score\": %d, \"position\": %d, \"length\": %d}", (int)m->score,
                       (int)puny_pg_chars(f.name, m->offset) + 1,
                       (int)puny_pg_chars(f.name + m->offset, m->length));
    }
    appendStringInfoChar(&also, ']');
    values[HUNT_MATCH_COLUMNS] = DirectFunctionCall1(jsonb_in, CStringGetDatum(also.data));
    nulls[HUNT_MATCH_COLUMNS] = false;
    tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
  }
  return (Datum)0;
}

/* hunt_alert_score(): the library's alert threshold, hunt_matches' default
 * min_score (the SQL script's DEFAULT calls it, so it holds no number). */
PG_FUNCTION_INFO_V1(puny_sql_hunt_alert_score);
Datum puny_sql_hunt_alert_score(PG_FUNCTION_ARGS) {
  (void)fcinfo;
  PG_RETURN_INT32(puny_hunt_alert_score());
}

/* hunt_rules(): the rule registry (name, description), from the library. */
PG_FUNCTION_INFO_V1(puny_sql_hunt_rules);
Datum puny_sql_hunt_rules(PG_FUNCTION_ARGS) {
  ReturnSetInfo *rsinfo = (ReturnSetInfo *)fcinfo->resultinfo;
  size_t i;
  InitMaterializedSRF(fcinfo, 0);
  for (i = 0; i < puny_hunt_rule_count(); ++i) {
    Datum values[2];
    bool nulls[2] = {false, false};
    values[0] = PointerGetDatum(cstring_to_text(puny_hunt_rule_name(i)));
    /* Prose: a character the database encoding cannot hold (Cyrillic п in
     * LATIN1) is written U+043F. */
    values[1] = PointerGetDatum(cstring_to_text(puny_pg_prose(puny_hunt_rule_description(i))));
    tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
  }
  return (Datum)0;
}
