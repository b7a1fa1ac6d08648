/* puny for PostgreSQL: Punycode (RFC 3492) and IDNA (UTS #46) as SQL
 * functions, on the C API (include/puny.h) of the static libpuny.
 *
 * Every function is STRICT PARALLEL SAFE, and IMMUTABLE but for the two
 * display functions, which read settings (STABLE; puny--0.1.0.sql).  The
 * library never throws, aborts or keeps a pointer to our buffers, so the only
 * non-local exit is our own ereport(ERROR), made after the library call has
 * returned: no library state is skipped by the longjmp.
 *
 * Buffers: each conversion writes straight into a palloc'd text value sized
 * by a first guess; when the library answers PUNY_ERR_BUFFER_TOO_SMALL it
 * says how much it needs (`needed`) and the call is made once more with
 * exactly that.  Nothing is copied and nothing is limited but PostgreSQL's
 * 1 GB value size.
 */
#include "postgres.h"

#include "fmgr.h"
#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "catalog/namespace.h"
#include "catalog/pg_type.h"
#include "utils/array.h"
#include "utils/builtins.h"

#include "puny.h"
#include "puny_pg_internal.h"

PG_MODULE_MAGIC;

/* The four conversions, one function each in SQL plus a try_ variant. */
typedef enum conversion {
  CONVERT_PUNYCODE_ENCODE,
  CONVERT_PUNYCODE_DECODE,
  CONVERT_TO_ASCII,
  CONVERT_TO_UNICODE
} conversion;

static const char *const conversion_sql_name[] = {
    "punycode_encode", "punycode_decode", "idna_to_ascii", "idna_to_unicode"};

utf8_input puny_pg_input_as_utf8(text *value) {
  utf8_input in;
  const char *data = VARDATA_ANY(value);
  int length = (int)VARSIZE_ANY_EXHDR(value);
  int encoding = GetDatabaseEncoding();
  if (encoding == PG_UTF8 || encoding == PG_SQL_ASCII) {
    /* SQL_ASCII stores bytes unchecked: the library reports ill-formed
     * UTF-8 (22021 below) rather than trusting it. */
    in.data = data;
    in.length = (size_t)length;
  } else {
    in.data = pg_server_to_any(data, length, PG_UTF8);
    in.length = in.data == data ? (size_t)length : strlen(in.data);
  }
  return in;
}

/* ---- Results in the database encoding ----
 * The library writes UTF-8.  A UTF8 or SQL_ASCII database stores it as it
 * is; any other (LATIN1, EUC_JP, WIN1252, ...) gets it through the server's
 * default conversion from UTF8 (puny_pg_text.c), which meets characters that
 * encoding cannot hold (Greek in LATIN1).  PostgreSQL's own conversions
 * (convert_from, chr) raise untranslatable_character (22P05) then, and so do
 * our plain functions, naming the function and the character; the try_
 * variants, whose promise is NULL instead of an error for any data, return
 * NULL, and idna_check, which reports rather than raises, leaves its output
 * NULL. */

/* The hint of a plain conversion's 22P05: its try_ variant. */
static const char *const conversion_instead[] = {
    "try_punycode_encode returns NULL instead.", "try_punycode_decode returns NULL instead.",
    "try_idna_to_ascii returns NULL instead.", "try_idna_to_unicode returns NULL instead."};

/* ---- Presets: a name of the library's registry (puny_preset_find:
 * uts46, url, url-strict, uts46-strict, idna2008, idna2008-lookup, or a
 * former name such as registration), then flag words of the registry
 * (std3, no-check-hyphens, ...), separated by commas or spaces; ASCII case
 * is ignored.  The extension keeps no list of its own. ---- */

typedef struct idna_choice {
  const char *preset; /* the registry's name, for puny_to_ascii_preset */
  bool idna2008;      /* an IDNA2008 preset: its errors have no UTS #46 code */
  puny_idna_options opt;
} idna_choice;

static void reject_preset(const char *what, const char *word, size_t length) pg_attribute_noreturn();
static void reject_preset(const char *what, const char *word, size_t length) {
  StringInfoData names;
  size_t i;
  initStringInfo(&names);
  for (i = 0; i < puny_preset_count(); ++i)
    appendStringInfo(&names, "%s%s", i == 0 ? "" : ", ", puny_preset_name(i));
  ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                  word != NULL ? errmsg("%s \"%.*s\"", what, (int)length, word) : errmsg("%s", what),
                  errhint("The preset is one of %s, optionally followed by flags such as "
                          "\"std3\" or \"no-check-hyphens\" (idna_presets(), idna_preset_flags()), "
                          "each flag at most once: not both \"std3\" and \"no-std3\".",
                          names.data)));
}

/* Parses the preset argument with the library's parser
 * (puny_preset_spec_parse); an unknown word, or both words of one flag, is
 * a usage error (22023), raised by the try_ variants too. */
static idna_choice parse_preset(text *preset_text) {
  idna_choice choice;
  const char *s = VARDATA_ANY(preset_text);
  size_t length = VARSIZE_ANY_EXHDR(preset_text);
  size_t index = 0, bad_offset = 0, bad_length = 0;
  int bad_is_preset = 0;

  if (puny_preset_spec_parse(s, length, &choice.opt, &index, &bad_offset, &bad_length, &bad_is_preset) !=
      PUNY_OK) {
    size_t i = 0;
    while (i < length && (s[i] == ',' || s[i] == ' ')) ++i;
    if (i == length) reject_preset("empty IDNA preset", NULL, 0);
    /* 2: a flag word after the other word of the same flag ("transitional
     * nontransitional"), refused as the CLI refuses both options. */
    reject_preset(bad_is_preset == 1   ? "unknown IDNA preset"
                  : bad_is_preset == 2 ? "IDNA flag contradicts a flag before it:"
                                       : "unknown IDNA flag",
                  s + bad_offset, bad_length);
  }
  choice.preset = puny_preset_name(index);
  choice.idna2008 = puny_preset_is_idna2008(index) == 1;
  return choice;
}

/* ---- Conversion into a palloc'd text value ---- */

static puny_errc call_library(conversion kind, utf8_input in, char *out, size_t capacity,
                              size_t *written, const idna_choice *choice, puny_error *err) {
  switch (kind) {
    case CONVERT_PUNYCODE_ENCODE:
      return puny_encode(in.data, in.length, out, capacity, written, err);
    case CONVERT_PUNYCODE_DECODE:
      return puny_decode(in.data, in.length, out, capacity, written, err);
    case CONVERT_TO_ASCII:
      return puny_to_ascii_preset(choice->preset, in.data, in.length, out, capacity, written,
                                  &choice->opt, err);
    case CONVERT_TO_UNICODE:
      return puny_to_unicode_preset(choice->preset, in.data, in.length, out, capacity, written,
                                    &choice->opt, err);
  }
  return PUNY_ERR_INTERNAL;
}

/* First guess of the output size (terminator included): the output is
 * usually about as long as the input; to_ascii adds "xn--" and Punycode
 * digits, decoding can turn one ASCII digit into a 4-byte character. */
static size_t first_capacity(conversion kind, size_t input_length) {
  size_t slack = input_length / 4 + 64;
  if (kind == CONVERT_PUNYCODE_DECODE && input_length < 1024) slack = 3 * input_length + 64;
  return input_length + slack;
}

/* Runs one conversion.  Returns the text (UTF-8: puny_pg_in_database_encoding
 * makes the result) and PUNY_OK, or the error in *err and, for to_unicode
 * under a UTS #46 preset, the best-effort text (NULL otherwise). */
static text *convert(conversion kind, utf8_input in, const idna_choice *choice,
                     puny_error *err) {
  size_t capacity = first_capacity(kind, in.length);
  int attempt;
  for (attempt = 0; attempt < 3; ++attempt) {
    text *result;
    size_t written = 0;
    puny_errc code;
    if (capacity > MaxAllocSize - VARHDRSZ)
      ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
                      errmsg("%s: the result would be %zu bytes, more than a value can hold",
                             conversion_sql_name[kind], capacity - 1)));
    result = (text *)palloc(VARHDRSZ + capacity);
    *err = (puny_error)PUNY_ERROR_INIT;
    code = call_library(kind, in, VARDATA(result), capacity, &written, choice, err);
    if (code == PUNY_ERR_BUFFER_TOO_SMALL && err->needed > capacity) {
      pfree(result);
      capacity = err->needed;
      continue;
    }
    /* ToUnicode's best effort on error (UTS #46 section 4.3); the IDNA2008
     * presets have none (their output on error is empty, not a result). */
    if (code == PUNY_OK || (kind == CONVERT_TO_UNICODE && !choice->idna2008 &&
                            code != PUNY_ERR_BUFFER_TOO_SMALL && code < PUNY_ERR_OUT_OF_MEMORY)) {
      SET_VARSIZE(result, VARHDRSZ + written);
      return result;
    }
    pfree(result);
    return NULL;
  }
  elog(ERROR, "%s: the library asked for a larger buffer three times", conversion_sql_name[kind]);
  return NULL; /* not reached */
}

/* ---- Errors ---- */

/* 1-based character position of byte `offset` in the UTF-8 input (counts
 * the bytes that do not continue a sequence, so ill-formed input counts
 * each stray byte as one). */
static size_t character_position(utf8_input in, size_t offset) {
  size_t i, characters = 0;
  if (offset > in.length) offset = in.length;
  for (i = 0; i < offset; ++i)
    if (((unsigned char)in.data[i] & 0xC0) != 0x80) ++characters;
  return characters + 1;
}

/* True for errors of the data (the try_ variants turn them into NULL);
 * false for out of memory, invalid arguments and internal errors. */
static bool is_data_error(const puny_error *err) {
  return err->code != PUNY_OK && err->code != PUNY_ERR_BUFFER_TOO_SMALL &&
         err->code < PUNY_ERR_OUT_OF_MEMORY;
}

int puny_pg_sqlstate_of(const puny_error *err) {
  switch (err->code) {
    case PUNY_ERR_INVALID_UTF8: return ERRCODE_CHARACTER_NOT_IN_REPERTOIRE; /* 22021 */
    case PUNY_ERR_OUT_OF_MEMORY: return ERRCODE_OUT_OF_MEMORY;
    case PUNY_ERR_INPUT_TOO_LONG: return ERRCODE_PROGRAM_LIMIT_EXCEEDED;
    default:
      return is_data_error(err) ? ERRCODE_INVALID_TEXT_REPRESENTATION /* 22P02 */
                                : ERRCODE_INTERNAL_ERROR;
  }
}

/* "disallowed (V7) at byte 1 (character 2) in label 0, U+2028" */
static char *describe(conversion kind, utf8_input in, const puny_error *err,
                      const idna_choice *choice) {
  StringInfoData s;
  bool idna = kind == CONVERT_TO_ASCII || kind == CONVERT_TO_UNICODE;
  /* The core's one rule by where the error came from (err->source, set by
   * the C API's Punycode and IDNA2008 functions): P4 for the Punycode
   * conversions, none for the IDNA2008 presets. */
  const char *uts46 = puny_uts46_code(err);
  initStringInfo(&s);
  appendStringInfoString(&s, puny_error_name(err->code));
  if (uts46[0] != '\0') appendStringInfo(&s, " (%s)", uts46);
  appendStringInfo(&s, " at byte %zu (character %zu)", err->offset,
                   character_position(in, err->offset));
  if (idna) appendStringInfo(&s, " in label %zu", err->label);
  if (err->has_code_point)
    appendStringInfo(&s, ", U+%04X", (unsigned)err->code_point);
  return s.data;
}

static void raise_error(conversion kind, utf8_input in, const puny_error *err,
                        const idna_choice *choice) {
  ereport(ERROR, (errcode(puny_pg_sqlstate_of(err)),
                  errmsg("%s: %s", conversion_sql_name[kind], describe(kind, in, err, choice)),
                  errdetail("%s", puny_error_message(err->code))));
}

/* The error of a display function (puny_pg_display.c) on its name argument. */
void puny_pg_raise_display_error(const char *function, utf8_input in, const puny_error *err) {
  ereport(ERROR, (errcode(puny_pg_sqlstate_of(err)),
                  errmsg("%s: %s", function, describe(CONVERT_TO_UNICODE, in, err, NULL)),
                  errdetail("%s", puny_error_message(err->code))));
}

/* ---- SQL entry points ---- */

static Datum convert_datum(FunctionCallInfo fcinfo, conversion kind, bool null_on_error) {
  utf8_input in = puny_pg_input_as_utf8(PG_GETARG_TEXT_PP(0));
  idna_choice choice;
  const idna_choice *options = NULL;
  puny_error err = PUNY_ERROR_INIT;
  text *result;
  if (kind == CONVERT_TO_ASCII || kind == CONVERT_TO_UNICODE) {
    choice = parse_preset(PG_GETARG_TEXT_PP(1));
    options = &choice;
  }
  result = convert(kind, in, options, &err);
  if (err.code == PUNY_OK) {
    result = puny_pg_in_database_encoding(result, conversion_sql_name[kind], conversion_instead[kind],
                                          null_on_error);
    if (result == NULL) PG_RETURN_NULL();
    PG_RETURN_TEXT_P(result);
  }
  if (null_on_error && is_data_error(&err)) PG_RETURN_NULL();
  raise_error(kind, in, &err, options);
  PG_RETURN_NULL(); /* not reached */
}

#define PUNY_SQL_FUNCTION(sql_name, kind, null_on_error) \
  PG_FUNCTION_INFO_V1(sql_name);                        \
  Datum sql_name(PG_FUNCTION_ARGS) { return convert_datum(fcinfo, kind, null_on_error); }

PUNY_SQL_FUNCTION(puny_sql_punycode_encode, CONVERT_PUNYCODE_ENCODE, false)
PUNY_SQL_FUNCTION(puny_sql_punycode_decode, CONVERT_PUNYCODE_DECODE, false)
PUNY_SQL_FUNCTION(puny_sql_try_punycode_encode, CONVERT_PUNYCODE_ENCODE, true)
PUNY_SQL_FUNCTION(puny_sql_try_punycode_decode, CONVERT_PUNYCODE_DECODE, true)
PUNY_SQL_FUNCTION(puny_sql_idna_to_ascii, CONVERT_TO_ASCII, false)
PUNY_SQL_FUNCTION(puny_sql_idna_to_unicode, CONVERT_TO_UNICODE, false)
PUNY_SQL_FUNCTION(puny_sql_try_idna_to_ascii, CONVERT_TO_ASCII, true)
PUNY_SQL_FUNCTION(puny_sql_try_idna_to_unicode, CONVERT_TO_UNICODE, true)

/* idna_check(domain, preset, to_unicode) -> idna_check_result
 * (ok, error, uts46_code, label, byte_offset, position, code_point, output) */
PG_FUNCTION_INFO_V1(puny_sql_idna_check);
Datum puny_sql_idna_check(PG_FUNCTION_ARGS) {
  utf8_input in = puny_pg_input_as_utf8(PG_GETARG_TEXT_PP(0));
  idna_choice choice = parse_preset(PG_GETARG_TEXT_PP(1));
  conversion kind = PG_GETARG_BOOL(2) ? CONVERT_TO_UNICODE : CONVERT_TO_ASCII;
  puny_error err = PUNY_ERROR_INIT;
  text *output = convert(kind, in, &choice, &err);
  TupleDesc desc;
  Datum values[8];
  bool nulls[8] = {false, false, false, false, false, false, false, false};
  bool failed = err.code != PUNY_OK;

  if (failed && !is_data_error(&err)) raise_error(kind, in, &err, &choice);
  if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
    elog(ERROR, "idna_check: the result type is not a composite type");
  desc = BlessTupleDesc(desc);

  values[0] = BoolGetDatum(!failed);
  if (failed) {
    const char *uts46 = puny_uts46_code(&err);
    if (err.offset > (size_t)PG_INT32_MAX || err.label > (size_t)PG_INT32_MAX)
      elog(ERROR, "idna_check: offset beyond a 1 GB value");
    values[1] = CStringGetTextDatum(puny_error_name(err.code));
    if (uts46[0] != '\0') values[2] = CStringGetTextDatum(uts46);
    else nulls[2] = true;
    values[3] = Int32GetDatum((int32)err.label);
    values[4] = Int32GetDatum((int32)err.offset);
    values[5] = Int32GetDatum((int32)character_position(in, err.offset));
    if (err.has_code_point)
      values[6] = CStringGetTextDatum(psprintf("U+%04X", (unsigned)err.code_point));
    else nulls[6] = true;
  } else {
    nulls[1] = nulls[2] = nulls[3] = nulls[4] = nulls[5] = nulls[6] = true;
  }
  /* NULL where the database encoding cannot hold the output. */
  if (output != NULL) output = puny_pg_in_database_encoding(output, "idna_check", NULL, true);
  if (output != NULL) values[7] = PointerGetDatum(output);
  else nulls[7] = true;
  PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(desc, values, nulls)));
}

/* 'puny 0.1.0 (Unicode 17.0.0)', as `puny --version` prints it. */
PG_FUNCTION_INFO_V1(puny_sql_version);
Datum puny_sql_version(PG_FUNCTION_ARGS) {
  (void)fcinfo;
  PG_RETURN_TEXT_P(cstring_to_text(psprintf("puny %s (Unicode %s)",
                                            puny_version_string(), puny_unicode_version())));
}

/* idna_presets() -> text[]: the registry's preset names;
 * idna_preset_aliases() -> text[]: "alias=name" pairs;
 * idna_preset_flags() -> text[]: every flag word, on then off. */
/* A text[] of a library list: n names, each given by name_at(index). */
static ArrayType *name_array(size_t n, const char *(*name_at)(size_t)) {
  size_t i;
  Datum *names = (Datum *)palloc(sizeof(Datum) * (n > 0 ? n : 1));
  for (i = 0; i < n; ++i) names[i] = CStringGetTextDatum(name_at(i));
  return construct_array(names, (int)n, TEXTOID, -1, false, TYPALIGN_INT);
}

PG_FUNCTION_INFO_V1(puny_sql_idna_presets);
Datum puny_sql_idna_presets(PG_FUNCTION_ARGS) {
  (void)fcinfo;
  PG_RETURN_ARRAYTYPE_P(name_array(puny_preset_count(), puny_preset_name));
}

PG_FUNCTION_INFO_V1(puny_sql_idna_preset_aliases);
Datum puny_sql_idna_preset_aliases(PG_FUNCTION_ARGS) {
  size_t i, n = puny_preset_alias_count();
  Datum *pairs = (Datum *)palloc(sizeof(Datum) * (n > 0 ? n : 1));
  (void)fcinfo;
  for (i = 0; i < n; ++i) {
    const char *name = NULL;
    const char *alias = puny_preset_alias(i, &name);
    pairs[i] = CStringGetTextDatum(psprintf("%s=%s", alias, name));
  }
  PG_RETURN_ARRAYTYPE_P(construct_array(pairs, (int)n, TEXTOID, -1, false, TYPALIGN_INT));
}

PG_FUNCTION_INFO_V1(puny_sql_idna_preset_flags);
Datum puny_sql_idna_preset_flags(PG_FUNCTION_ARGS) {
  size_t i, n = puny_option_flag_count();
  Datum *words = (Datum *)palloc(sizeof(Datum) * 2 * n);
  (void)fcinfo;
  for (i = 0; i < n; ++i) {
    words[2 * i] = CStringGetTextDatum(puny_option_flag_word(i, 1));
    words[2 * i + 1] = CStringGetTextDatum(puny_option_flag_word(i, 0));
  }
  PG_RETURN_ARRAYTYPE_P(construct_array(words, (int)(2 * n), TEXTOID, -1, false, TYPALIGN_INT));
}

/* idna_display_profiles() -> text[]: the library's profile names. */
PG_FUNCTION_INFO_V1(puny_sql_idna_display_profiles);
Datum puny_sql_idna_display_profiles(PG_FUNCTION_ARGS) {
  (void)fcinfo;
  PG_RETURN_ARRAYTYPE_P(name_array(puny_display_profile_count(), puny_display_profile_name));
}
