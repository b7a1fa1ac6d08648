/* puny: the C API.  Punycode (RFC 3492), IDNA (UTS #46 ToASCII and
 * ToUnicode) and IDNA2008 (RFC 5891 registration and lookup) for C99 and
 * anything that can call C.  Also usable from C++.
 *
 * Contract
 * --------
 * - Every conversion writes into a buffer the caller owns, never past
 *   `capacity`, and NUL-terminates the output (capacity counts the NUL).
 *   `*written` (when `written` is not NULL) receives the output length
 *   without the NUL.  When the buffer is too small the function returns
 *   PUNY_ERR_BUFFER_TOO_SMALL and `err->needed` is the capacity to retry with
 *   (terminator included); the buffer's contents are then unspecified.
 * - Input is a pointer and a length.  Pass PUNY_NUL_TERMINATED as the length
 *   for a NUL-terminated string.  A NULL pointer is allowed with length 0.
 * - Every function returns a puny_errc (PUNY_OK == 0) and, when `err` is not
 *   NULL, fills in what failed and where: code, offset into the caller's
 *   input (bytes for UTF-8, code units for UTF-16, code points for UTF-32),
 *   label index, offending code point, and the needed size.
 * - No function throws, aborts or prints.  Memory exhaustion inside the
 *   library is reported as PUNY_ERR_OUT_OF_MEMORY.  Every function may be
 *   called from any thread.
 *
 * ABI stability
 * -------------
 * - Enumerator values never change; new ones are only appended.
 * - puny_error, puny_idna_options and puny_idna2008_options start with
 *   `struct_size`, which the caller sets to sizeof the struct it was
 *   compiled with (PUNY_ERROR_INIT, puny_idna_options_init,
 *   puny_idna2008_options_init).  New fields are only appended; the library reads
 *   and writes only the fields that lie inside `struct_size`, and fields a
 *   caller's older struct lacks take their default.  puny_idna_options has
 *   only uint32_t fields, so every appended field changes its size.
 * - An options struct whose struct_size is larger than the library's own
 *   (a newer header) is accepted when every byte past the library's struct
 *   is zero (those fields keep their defaults) and refused with
 *   PUNY_ERR_INVALID_ARGUMENT when one is not (the caller asks for
 *   something this library cannot do).  A struct_size above
 *   PUNY_STRUCT_SIZE_MAX is refused without reading past the library's
 *   struct: no version will grow that far, so it is an uninitialized or
 *   corrupted struct.
 *
 * Versions: PUNY_VERSION_* give the header's version, puny_version() the
 * linked library's.  See docs/c-and-python.md.
 */
#ifndef PUNY_H
#define PUNY_H

#include <stddef.h>
#include <stdint.h>

#define PUNY_VERSION_MAJOR 0
#define PUNY_VERSION_MINOR 1
#define PUNY_VERSION_PATCH 0
#define PUNY_VERSION_STRING "0.1.0"

/* The largest struct_size an options struct may give (see ABI stability). */
#define PUNY_STRUCT_SIZE_MAX 256
/* major * 10000 + minor * 100 + patch, as puny_version() returns. */
#define PUNY_VERSION_NUMBER \
  (PUNY_VERSION_MAJOR * 10000 + PUNY_VERSION_MINOR * 100 + PUNY_VERSION_PATCH)

/* Input length meaning "up to the first NUL". */
#define PUNY_NUL_TERMINATED ((size_t)-1)

#if defined(_WIN32) && defined(PUNY_SHARED) && defined(PUNY_BUILDING)
#define PUNY_API __declspec(dllexport)
#elif defined(_WIN32) && defined(PUNY_SHARED)
#define PUNY_API __declspec(dllimport)
#elif defined(__GNUC__)
#define PUNY_API __attribute__((visibility("default")))
#else
#define PUNY_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* What failed.  Values 0..50 are the C++ puny::errc values (puny/status.hpp,
 * the core's error table) and keep their numbers; values from 100 on exist
 * only in the C API.  (surfaces/c/tests checks this range against the core.) */
typedef enum puny_errc {
  PUNY_OK = 0,
  /* Input encodings. */
  PUNY_ERR_INVALID_UTF8 = 1,
  PUNY_ERR_INVALID_UTF16 = 2,
  PUNY_ERR_INVALID_CODE_POINT = 3,
  PUNY_ERR_BUFFER_TOO_SMALL = 4,
  PUNY_ERR_INPUT_TOO_LONG = 5,
  /* Bootstring / Punycode (RFC 3492 sections 4-6). */
  PUNY_ERR_BAD_PARAMETERS = 6,
  PUNY_ERR_NON_BASIC_BEFORE_DELIMITER = 7,
  PUNY_ERR_INVALID_DIGIT = 8,
  PUNY_ERR_TRUNCATED_NUMBER = 9,
  PUNY_ERR_OVERFLOW = 10,
  PUNY_ERR_DECODED_OUT_OF_RANGE = 11,
  PUNY_ERR_CASE_FLAGS_MISMATCH = 12,
  /* IDNA (UTS #46 section 4); puny_uts46_code() gives the status code. */
  PUNY_ERR_DISALLOWED = 13,             /* V7 */
  PUNY_ERR_STD3_DISALLOWED = 14,        /* U1 */
  PUNY_ERR_INVALID_ACE_LABEL = 15,      /* P4 */
  PUNY_ERR_NOT_NFC = 16,                /* V1 */
  PUNY_ERR_HYPHEN_3_4 = 17,             /* V2 */
  PUNY_ERR_LEADING_HYPHEN = 18,         /* V3 */
  PUNY_ERR_TRAILING_HYPHEN = 19,        /* V3 */
  PUNY_ERR_ACE_PREFIX = 20,             /* V4 */
  PUNY_ERR_LABEL_HAS_DOT = 21,          /* V5 */
  PUNY_ERR_LEADING_COMBINING_MARK = 22, /* V6 */
  PUNY_ERR_CONTEXTJ = 23,               /* C1, C2 */
  PUNY_ERR_BIDI = 24,                   /* B1..B6 */
  PUNY_ERR_EMPTY_LABEL = 25,            /* A4_2, X4_2 */
  PUNY_ERR_LABEL_TOO_LONG = 26,         /* A4_2 */
  PUNY_ERR_DOMAIN_TOO_LONG = 27,        /* A4_1 */
  PUNY_ERR_PUNYCODE_ENCODE_FAILED = 28, /* A3 */
  PUNY_ERR_FORBIDDEN_DOMAIN_CODE_POINT = 29, /* URL Standard, url preset */
  PUNY_ERR_UNASSIGNED = 30,            /* IDNA2008 (RFC 5892): unassigned code point */
  PUNY_ERR_CONTEXTO = 31,              /* IDNA2008: RFC 5892 appendix A CONTEXTO rule */
  PUNY_ERR_A_LABEL_NOT_CANONICAL = 32, /* IDNA2008: RFC 5891 section 5.3 round trip */
  /* Lists read for display decisions (Public Suffix List, protected domains). */
  PUNY_ERR_LIST_SYNTAX = 33,     /* a line of a list is malformed */
  PUNY_ERR_FILE_UNREADABLE = 34, /* a list file cannot be opened or read */
  /* E-mail addresses (puny/email.hpp, puny_email_validate). */
  PUNY_ERR_MISSING_AT = 35,
  PUNY_ERR_EMPTY_LOCAL_PART = 36,
  PUNY_ERR_LOCAL_PART_TOO_LONG = 37,
  PUNY_ERR_ADDRESS_TOO_LONG = 38,
  PUNY_ERR_LOCAL_PART_CHARACTER = 39,
  PUNY_ERR_LOCAL_PART_DOT = 40,
  PUNY_ERR_QUOTED_LOCAL_PART = 41,
  PUNY_ERR_UNTERMINATED_QUOTE = 42,
  PUNY_ERR_ADDRESS_LITERAL = 43,
  PUNY_ERR_INVALID_ADDRESS_LITERAL = 44,
  PUNY_ERR_SMTPUTF8_REQUIRED = 45,
  PUNY_ERR_DISPLAY_NAME_SYNTAX = 46,
  PUNY_ERR_DOMAIN_NOT_GLOBAL = 47,
  PUNY_ERR_SPECIAL_USE_DOMAIN = 48,
  PUNY_ERR_EXTRA_AT_SIGN = 49,     /* a second @ outside quotes */
  PUNY_ERR_DOMAIN_CHARACTER = 50,  /* a character a mail domain cannot hold */
  /* C API only. */
  PUNY_ERR_OUT_OF_MEMORY = 100,    /* the library could not allocate memory */
  PUNY_ERR_INVALID_ARGUMENT = 101, /* NULL pointer with a nonzero length or
                                      capacity, unknown preset, struct_size
                                      too small, unknown option set */
  PUNY_ERR_INTERNAL = 102          /* an unexpected C++ exception (a bug) */
} puny_errc;

/* Where and what.  Initialize with PUNY_ERROR_INIT (sets struct_size). */
typedef struct puny_error {
  size_t struct_size;  /* sizeof(puny_error) as the caller compiled it */
  int32_t code;        /* a puny_errc */
  uint32_t code_point; /* offending code point (U+0000 included) when
                          has_code_point is 1; 0 when none applies */
  size_t offset;       /* position in the caller's input (see above) */
  size_t label;        /* 0-based label index (IDNA functions) */
  size_t needed;       /* PUNY_ERR_BUFFER_TOO_SMALL: capacity to retry with */
  uint32_t detail;     /* bidi: rule 1..6 (B1..B6); contextj: 1 = C1, 2 = C2;
                          empty_label: 1 = X4_2 (found by to_unicode) */
  uint32_t has_code_point; /* 1 when code_point names the offending code
                              point, 0 when none applies (ill-formed UTF-8,
                              errors of a whole label); tells U+0000 apart
                              from "none" (appended after the first release; older structs lack
                              it and see 0 for both) */
  uint32_t source;     /* a puny_error_source: what found the error, which
                          decides puny_uts46_code (appended later; older
                          structs lack it and are read as UTS #46) */
  /* New fields are appended here. */
} puny_error;

/* Where an error was found (puny_error.source); the core's
 * puny::error_source. */
typedef enum puny_error_source {
  PUNY_SOURCE_UTS46 = 0,    /* UTS #46 processing (and anything else) */
  PUNY_SOURCE_PUNYCODE = 1, /* puny_encode, puny_decode and their forms */
  PUNY_SOURCE_IDNA2008 = 2  /* puny_idna2008_*, the idna2008 presets */
} puny_error_source;

/* puny_error err = PUNY_ERROR_INIT; (C and C++) */
#define PUNY_ERROR_INIT {sizeof(puny_error), 0, 0, 0, 0, 0, 0, 0, 0}

/* Stable identifier of a code, e.g. "invalid_digit" (the C++ to_string and
 * the CLI's JSON names); "unknown" for values this library does not know. */
PUNY_API const char* puny_error_name(int code);
/* One English sentence describing the code. */
PUNY_API const char* puny_error_message(int code);
/* UTS #46 status code as IdnaTestV2.txt writes it ("P4", "V7", "B1",
 * "C2", "X4_2", ...) for an error of UTS #46 processing, and "P4" for every
 * Punycode error (RFC 3492 decoding and encoding, from puny_decode and
 * puny_encode too: UTS #46 section 4 step 4 reports them as P4); "" for
 * IDNA2008 errors (err->source PUNY_SOURCE_IDNA2008: not UTS #46 errors)
 * and the others.  The core's rule (puny::uts46_code with the error's
 * source) decides, and the CLI, Python and JavaScript report the same
 * codes. */
PUNY_API const char* puny_uts46_code(const puny_error* err);
/* Writes a one-line description such as "invalid_digit at offset 2 (U+0021):
 * ..." into buf (NUL-terminated, truncated to fit when capacity > 0) and
 * returns its full length without the NUL, as snprintf does. */
PUNY_API size_t puny_error_describe(const puny_error* err, char* buf, size_t capacity);

/* ---- Punycode (RFC 3492): one label, no "xn--" prefix handling ---- */

/* UTF-8 text -> Punycode. */
PUNY_API puny_errc puny_encode(const char* utf8, size_t length, char* out, size_t capacity,
                               size_t* written, puny_error* err);
/* Punycode -> UTF-8 text. */
PUNY_API puny_errc puny_decode(const char* ascii, size_t length, char* out, size_t capacity,
                               size_t* written, puny_error* err);
/* UTF-32 (code points) -> Punycode; offsets count code points. */
PUNY_API puny_errc puny_encode_utf32(const uint32_t* code_points, size_t length, char* out,
                                     size_t capacity, size_t* written, puny_error* err);
/* Punycode -> UTF-32.  `capacity` and `*written` count code points; the
 * output is terminated by a 0 code point. */
PUNY_API puny_errc puny_decode_utf32(const char* ascii, size_t length, uint32_t* out,
                                     size_t capacity, size_t* written, puny_error* err);
/* Mixed-case annotation (RFC 3492 appendix A): `uppercase` holds one flag
 * (0 or nonzero) per code point of the input. */
PUNY_API puny_errc puny_encode_utf32_annotated(const uint32_t* code_points,
                                               const unsigned char* uppercase, size_t length,
                                               char* out, size_t capacity, size_t* written,
                                               puny_error* err);
/* Decodes and stores each code point's case flag (0 or 1) in `uppercase`,
 * which has room for `capacity` flags. */
PUNY_API puny_errc puny_decode_utf32_annotated(const char* ascii, size_t length, uint32_t* out,
                                               unsigned char* uppercase, size_t capacity,
                                               size_t* written, puny_error* err);

/* ---- IDNA (UTS #46 revision 35): whole domain names ---- */

/* Named option sets of the UTS #46 family, as the registry below names
 * them (puny/presets.hpp; "uts46", "url", "url-strict", "uts46-strict",
 * "uts46-raw"; values 4 and 5 are the IDNA2008 presets, which have no
 * puny_idna_options of their own).  New presets are appended. */
typedef enum puny_preset {
  PUNY_PRESET_UTS46 = 0,         /* UTS #46 defaults, nontransitional */
  PUNY_PRESET_URL = 1,           /* URL Standard "domain to ASCII", beStrict=false */
  PUNY_PRESET_URL_STRICT = 2,    /* URL Standard, beStrict=true */
  PUNY_PRESET_UTS46_STRICT = 3,  /* every UTS #46 check (STD3 rules, DNS lengths) */
  PUNY_PRESET_REGISTRATION = 3,  /* the former name of PUNY_PRESET_UTS46_STRICT */
  PUNY_PRESET_UTS46_RAW = 6      /* plain UTS #46: no host-name safety (what
                                    IdnaTestV2.txt tests; accepts "a b.com") */
} puny_preset;

/* One field per puny::idna::options flag, 0 = off, nonzero = on.  Fill with
 * puny_idna_options_init(); new fields are appended (as uint32_t). */
typedef struct puny_idna_options {
  uint32_t struct_size;  /* sizeof(puny_idna_options) as the caller compiled it */
  uint32_t check_hyphens;            /* CheckHyphens */
  uint32_t check_bidi;               /* CheckBidi */
  uint32_t check_joiners;            /* CheckJoiners */
  uint32_t use_std3_ascii_rules;     /* UseSTD3ASCIIRules */
  uint32_t transitional_processing;  /* Transitional_Processing */
  uint32_t verify_dns_length;        /* VerifyDnsLength */
  uint32_t ignore_invalid_punycode;  /* IgnoreInvalidPunycode */
  uint32_t url_domain_to_ascii;      /* the URL family: URL Standard domain
                                          parser / domain to Unicode (called
                                          url_ascii_fast_pass in earlier
                                          revisions; same place) */
  uint32_t allow_underscore;         /* with UseSTD3ASCIIRules, '_' allowed too */
  uint32_t forbid_domain_code_points; /* URL Standard forbidden domain code
                                          points are errors (host-name safety;
                                          on in every preset but uts46-raw and
                                          the URL family, which checks them
                                          itself; a struct without this field
                                          gets 1) */
  /* New fields are appended here. */
} puny_idna_options;

/* Fills `size` bytes of *opt with `preset`, a puny_preset (struct_size =
 * size); PUNY_ERR_INVALID_ARGUMENT for a value this library does not know.
 * Use the puny_idna_options_init macro, which passes sizeof(*opt). */
PUNY_API puny_errc puny_idna_options_init_sized(puny_idna_options* opt, size_t size,
                                                int preset);
#define puny_idna_options_init(opt, preset) \
  puny_idna_options_init_sized((opt), sizeof(*(opt)), (preset))

/* `options` may be NULL for PUNY_PRESET_UTS46.  On failure to_ascii's
 * output is unspecified. */
PUNY_API puny_errc puny_to_ascii(const char* utf8, size_t length, char* out, size_t capacity,
                                 size_t* written, const puny_idna_options* options,
                                 puny_error* err);
/* Always writes the best-effort result when it fits (U+FFFD where UTS #46
 * marks errors) and returns the first error, if any.  With the URL family
 * (PUNY_PRESET_URL, url_domain_to_ascii set), the URL Standard's "domain
 * to Unicode": on a recorded error the result is the input itself and the
 * call returns PUNY_OK; only ill-formed input is an error
 * (docs/url-standard.md). */
PUNY_API puny_errc puny_to_unicode(const char* utf8, size_t length, char* out,
                                   size_t capacity, size_t* written,
                                   const puny_idna_options* options, puny_error* err);
/* ---- The preset registry: the names every surface uses ----
 * Presets of both families ("uts46", "url", "url-strict", "uts46-strict",
 * "idna2008", "idna2008-lookup"), their former names (aliases such as
 * "registration") and the flag words that adjust them ("std3" /
 * "no-std3", ...), as the CLI, Python, JavaScript and SQL offer them.
 * Strings are static and NUL-terminated; NULL / -1 past the end or unknown.
 * Lengths may be PUNY_NUL_TERMINATED. */
PUNY_API size_t puny_preset_count(void);
PUNY_API const char* puny_preset_name(size_t index);
PUNY_API const char* puny_preset_description(size_t index);
/* 1 for the IDNA2008 presets, 0 for the UTS #46 family, -1 past the end. */
PUNY_API int puny_preset_is_idna2008(size_t index);
/* The index of the preset a name or an alias names, or -1. */
PUNY_API int puny_preset_find(const char* name, size_t length);
PUNY_API size_t puny_preset_alias_count(void);
/* Alias `index` ("registration"); *preset_name (when not NULL) receives the
 * name of the preset it stands for ("uts46-strict"). */
PUNY_API const char* puny_preset_alias(size_t index, const char** preset_name);
PUNY_API size_t puny_option_flag_count(void);
/* Flag `index`'s word that turns it on (on != 0: "std3") or off ("no-std3"). */
PUNY_API const char* puny_option_flag_word(size_t index, int on);
/* Fills *opt from a preset name or alias (IDNA2008 presets: the UTS #46
 * defaults, of which they use check_bidi); PUNY_ERR_INVALID_ARGUMENT for an
 * unknown name.  Use puny_idna_options_init_named, which passes sizeof. */
PUNY_API puny_errc puny_idna_options_init_named_sized(puny_idna_options* opt, size_t size,
                                                      const char* name, size_t length);
#define puny_idna_options_init_named(opt, name, length) \
  puny_idna_options_init_named_sized((opt), sizeof(*(opt)), (name), (length))
/* A preset and flag words in one string, as the SQL functions take them: a
 * name or alias, then flag words, separated by commas or spaces, ASCII case
 * ignored ("url", "uts46, std3").  On success fills `size` bytes of *opt
 * and *preset_index (puny_preset_name's index) and returns PUNY_OK; when a
 * word is neither, returns PUNY_ERR_INVALID_ARGUMENT with the word at
 * text[*bad_offset] for *bad_length bytes and *bad_is_preset 1 when it
 * stands where the preset belongs (the whole text when it has no word),
 * 0 when it is no flag, 2 when it is a flag word that contradicts one
 * given before it ("transitional nontransitional", as the CLI refuses
 * --transitional --nontransitional; the same word twice is accepted).
 * Use puny_preset_spec_parse, which passes sizeof. */
PUNY_API puny_errc puny_preset_spec_parse_sized(const char* text, size_t length, puny_idna_options* opt,
                                                size_t size, size_t* preset_index, size_t* bad_offset,
                                                size_t* bad_length, int* bad_is_preset);
#define puny_preset_spec_parse(text, length, opt, preset_index, bad_offset, bad_length, bad_is_preset) \
  puny_preset_spec_parse_sized((text), (length), (opt), sizeof(*(opt)), (preset_index), (bad_offset), \
                               (bad_length), (bad_is_preset))
/* Applies one flag word to *opt; PUNY_ERR_INVALID_ARGUMENT for a word that
 * is no flag's. */
PUNY_API puny_errc puny_idna_options_apply_flag(puny_idna_options* opt, const char* word,
                                                size_t length);
/* ToASCII / ToUnicode under a named preset of either family, with `options`
 * (NULL: the preset's own; for the IDNA2008 presets only check_bidi is
 * read).  Output and errors as puny_to_ascii / puny_to_unicode (the
 * IDNA2008 presets write nothing on error). */
PUNY_API puny_errc puny_to_ascii_preset(const char* preset, const char* utf8, size_t length,
                                        char* out, size_t capacity, size_t* written,
                                        const puny_idna_options* options, puny_error* err);
PUNY_API puny_errc puny_to_unicode_preset(const char* preset, const char* utf8, size_t length,
                                          char* out, size_t capacity, size_t* written,
                                          const puny_idna_options* options, puny_error* err);

/* UTF-16 input (offsets in code units).  to_ascii's output is ASCII bytes;
 * to_unicode's is UTF-16 with capacity and *written in code units. */
PUNY_API puny_errc puny_to_ascii_utf16(const uint16_t* utf16, size_t length, char* out,
                                       size_t capacity, size_t* written,
                                       const puny_idna_options* options, puny_error* err);
PUNY_API puny_errc puny_to_unicode_utf16(const uint16_t* utf16, size_t length, uint16_t* out,
                                         size_t capacity, size_t* written,
                                         const puny_idna_options* options, puny_error* err);

/* ---- IDNA2008 (RFC 5890-5893): its own profile, no mapping ----
 * The input must already be U-labels, A-labels (xn--) or LDH labels
 * separated by U+002E: nothing is case-folded or mapped.  Every code point
 * is checked against the RFC 5892 derived property of this build's Unicode
 * version (puny_unicode_version()), with the CONTEXTJ and CONTEXTO rules of
 * RFC 5892 appendix A, the hyphen rules and RFC 5893 Bidi; A-labels must
 * round-trip exactly.  See docs/idna2008.md.  Errors carry the byte offset
 * and label index like the UTS #46 functions (PUNY_ERR_UNASSIGNED,
 * PUNY_ERR_CONTEXTO and PUNY_ERR_A_LABEL_NOT_CANONICAL come only from
 * here; err->source is PUNY_SOURCE_IDNA2008, so puny_uts46_code() is ""
 * for every IDNA2008 error, as in the other surfaces).  On failure the
 * output is unspecified. */

/* The form the name is written in. */
typedef enum puny_idna2008_output {
  PUNY_IDNA2008_OUTPUT_ASCII = 0,  /* A-labels (xn--...), for the DNS */
  PUNY_IDNA2008_OUTPUT_UNICODE = 1 /* U-labels, for display */
} puny_idna2008_output;

/* Fill with puny_idna2008_options_init(); new fields are appended (as
 * uint32_t), like puny_idna_options. */
typedef struct puny_idna2008_options {
  uint32_t struct_size; /* sizeof(puny_idna2008_options) as the caller compiled it */
  uint32_t output;      /* a puny_idna2008_output; default ASCII */
  uint32_t check_bidi;  /* RFC 5893, default on: registration MUST check it
                           (RFC 5891 section 4.2.3.4), lookup SHOULD (5.4) */
  /* Lookup's ASCII labels (registration allows only LDH there anyway):
   * forbidden domain code points are errors (default on; a struct without
   * the field gets 1), and with use_std3_ascii_rules only letters, digits
   * and hyphen are allowed (default off). */
  uint32_t forbid_domain_code_points;
  uint32_t use_std3_ascii_rules;
  /* New fields are appended here. */
} puny_idna2008_options;

/* Fills `size` bytes of *opt with the defaults (A-labels, Bidi checked).
 * Use the puny_idna2008_options_init macro, which passes sizeof(*opt). */
PUNY_API puny_errc puny_idna2008_options_init_sized(puny_idna2008_options* opt, size_t size);
#define puny_idna2008_options_init(opt) \
  puny_idna2008_options_init_sized((opt), sizeof(*(opt)))

/* Registration (RFC 5891 section 4): what a registry accepts.  `options`
 * may be NULL for the defaults. */
PUNY_API puny_errc puny_idna2008_register(const char* utf8, size_t length, char* out,
                                          size_t capacity, size_t* written,
                                          const puny_idna2008_options* options,
                                          puny_error* err);
/* Lookup (RFC 5891 section 5): what a resolver accepts (CONTEXTO rules not
 * evaluated, leading/trailing hyphens and non-xn-- ASCII labels allowed). */
PUNY_API puny_errc puny_idna2008_lookup(const char* utf8, size_t length, char* out,
                                        size_t capacity, size_t* written,
                                        const puny_idna2008_options* options, puny_error* err);

/* ---- Versions ---- */
/* ---- Display safety (puny/display.hpp, docs/display.md) ----
 * May a domain name be shown to a person in Unicode?  A decision under a
 * named profile ("chromium", the default, "firefox", ...: the list comes
 * from the library, puny_display_profile_count/puny_display_profile_name,
 * and docs/display.md describes each).  A name that
 * is not valid IDNA fails as puny_to_unicode fails. */

/* Profiles, in the library's order; NULL / -1 past the end or unknown.
 * Wherever a profile is named (puny_display_profile_find, the `profile`
 * arguments below), ASCII case is ignored, as for preset names. */
PUNY_API size_t puny_display_profile_count(void);
PUNY_API const char* puny_display_profile_name(size_t index);
PUNY_API const char* puny_display_profile_description(size_t index);
PUNY_API int puny_display_profile_find(const char* name);
/* Reason codes (values of the C++ puny::display::reason, from 1): stable
 * names such as "whole_script_confusable", "unknown" for other values. */
PUNY_API const char* puny_display_reason_name(int reason);
PUNY_API const char* puny_display_reason_message(int reason);

/* The lists a decision consults: the Public Suffix List and protected
 * domains (one a line, '#' comments).  psl_path NULL = Debian's
 * /usr/share/publicsuffix/public_suffix_list.dat, "" = none (the last two
 * labels are registrable); top_domains_path NULL or "" = none.  A malformed
 * line or an unreadable file fails with PUNY_ERR_LIST_SYNTAX /
 * PUNY_ERR_FILE_UNREADABLE (a list file must be a regular file, not empty,
 * at most 256 MiB: a directory, a FIFO or a device is refused at once, the
 * message starting with the path), err->offset the byte offset of the line,
 * err->label its 1-based number, and `message` (if not NULL) receives
 * "FILE:LINE: what" (truncated to message_capacity, NUL-terminated). */
typedef struct puny_display_lists puny_display_lists;
PUNY_API puny_errc puny_display_lists_load(const char* psl_path, const char* top_domains_path,
                                           puny_display_lists** lists, char* message,
                                           size_t message_capacity, puny_error* err);
/* The same from text in memory (NULL = none); `source` names it in messages. */
PUNY_API puny_errc puny_display_lists_parse(const char* psl_text, size_t psl_length,
                                            const char* top_domains_text,
                                            size_t top_domains_length, const char* source,
                                            puny_display_lists** lists, char* message,
                                            size_t message_capacity, puny_error* err);
PUNY_API void puny_display_lists_free(puny_display_lists* lists);

/* The display form (U-labels where shown, A-labels elsewhere) into a caller
 * buffer.  profile NULL = "chromium"; lists may be NULL. */
PUNY_API puny_errc puny_display(const char* utf8, size_t length, char* out, size_t capacity,
                                size_t* written, const char* profile,
                                const puny_display_lists* lists, puny_error* err);

/* The whole decision, per label, with every reason. */
typedef struct puny_display_result puny_display_result;
PUNY_API puny_errc puny_display_decide(const char* utf8, size_t length, const char* profile,
                                       const puny_display_lists* lists,
                                       puny_display_result** result, puny_error* err);
PUNY_API const char* puny_display_result_text(const puny_display_result* result);
PUNY_API const char* puny_display_result_registrable_domain(const puny_display_result* result);
PUNY_API size_t puny_display_result_label_count(const puny_display_result* result);
/* Label `index`: its two forms, whether the display form shows Unicode, its
 * byte offset in the input and its number of findings.  Any out pointer may
 * be NULL.  PUNY_ERR_INVALID_ARGUMENT past the end. */
PUNY_API puny_errc puny_display_result_label(const puny_display_result* result, size_t index,
                                             const char** a_label, const char** u_label,
                                             int* show_unicode, size_t* offset,
                                             size_t* finding_count);
/* One failed rule.  Set struct_size (PUNY_DISPLAY_FINDING_INIT); strings
 * live as long as the result. */
typedef struct puny_display_finding {
  uint32_t struct_size;
  int32_t reason;          /* puny_display_reason_name() names it */
  size_t offset;           /* byte offset in the input */
  size_t label;            /* label index */
  uint32_t has_code_point; /* U+0000 is a code point: look at this, not at 0 */
  uint32_t code_point;
  uint32_t imitates;       /* the character it imitates, 0 if none known */
  const char* step;        /* the profile's step, e.g. "chromium/5-whole-script-confusable" */
  const char* similar_to;  /* the protected domain imitated, "" if none */
} puny_display_finding;
#define PUNY_DISPLAY_FINDING_INIT {sizeof(puny_display_finding), 0, 0, 0, 0, 0, 0, 0, 0}
PUNY_API puny_errc puny_display_result_finding(const puny_display_result* result, size_t label,
                                               size_t index, puny_display_finding* finding);
PUNY_API void puny_display_result_free(puny_display_result* result);

/* UTS #39 skeleton (section 4) of UTF-8 text into a caller buffer. */
PUNY_API puny_errc puny_skeleton(const char* utf8, size_t length, char* out, size_t capacity,
                                 size_t* written, puny_error* err);

/* ---- E-mail addresses (puny/email.hpp, docs/email.md) ----
 * What is this address?  RFC 5321 Mailbox, RFC 5322 addr-spec (and
 * name-addr when asked), RFC 6531/6532 UTF-8.  Errors are PUNY_ERR_MISSING_AT
 * ... PUNY_ERR_SPECIAL_USE_DOMAIN, PUNY_ERR_EXTRA_AT_SIGN,
 * PUNY_ERR_DOMAIN_CHARACTER and the IDNA errors of the domain, with
 * err->offset the byte offset in the address and the code point to blame. */
typedef struct puny_email_options {
  uint32_t struct_size;               /* sizeof(puny_email_options) as compiled */
  uint32_t allow_quoted_local_part;   /* "john doe"@example.com; default 0 */
  uint32_t allow_address_literal;     /* a@[192.0.2.1], a@[IPv6:...]; default 0 */
  uint32_t allow_empty_local_part;    /* @example.com; default 0 */
  uint32_t allow_display_name;        /* John <john@example.com>; default 0 */
  uint32_t allow_smtputf8;            /* a non-ASCII local part; default 1 */
  uint32_t require_global_domain;     /* a dot, a letter-final TLD, no special-use name; default 1 */
  uint32_t check_local_part_security; /* the local part safety check; default 0 */
  int32_t domain_preset;              /* puny_preset_find() index; -1 = "uts46-strict" */
  const puny_idna_options* domain_options; /* NULL = the preset's own */
  const char* display_profile;        /* NULL = no display decision, else a profile name */
  const puny_display_lists* display_lists; /* for the display decision; may be NULL */
} puny_email_options;
/* The defaults into `size` bytes of *opt.  Use puny_email_options_init. */
PUNY_API puny_errc puny_email_options_init_sized(puny_email_options* opt, size_t size);
#define puny_email_options_init(opt) puny_email_options_init_sized((opt), sizeof(*(opt)))

/* The normalized address (local part NFC, domain in U-labels) into a caller
 * buffer.  `options` may be NULL for the defaults. */
PUNY_API puny_errc puny_email_normalize(const char* utf8, size_t length, char* out,
                                        size_t capacity, size_t* written,
                                        const puny_email_options* options, puny_error* err);
/* The ASCII form (local part "@" A-label domain) into a caller buffer; when
 * the local part is not ASCII there is none: PUNY_OK with *written = 0 and
 * an empty string (a local part is never Punycoded); see also
 * puny_email_result_smtputf8. */
PUNY_API puny_errc puny_email_ascii(const char* utf8, size_t length, char* out, size_t capacity,
                                    size_t* written, const puny_email_options* options,
                                    puny_error* err);

/* Every field.  Strings live as long as the result; free it with
 * puny_email_result_free. */
typedef struct puny_email_result puny_email_result;
PUNY_API puny_errc puny_email_validate(const char* utf8, size_t length,
                                       const puny_email_options* options,
                                       puny_email_result** result, puny_error* err);
PUNY_API const char* puny_email_result_display_name(const puny_email_result* result);
PUNY_API const char* puny_email_result_local_part(const puny_email_result* result);
PUNY_API const char* puny_email_result_domain(const puny_email_result* result);
PUNY_API const char* puny_email_result_ascii_domain(const puny_email_result* result);
PUNY_API const char* puny_email_result_normalized(const puny_email_result* result);
/* NULL when the local part is not ASCII. */
PUNY_API const char* puny_email_result_ascii_email(const puny_email_result* result);
/* 1 / 0; -1 for a NULL result. */
PUNY_API int puny_email_result_smtputf8(const puny_email_result* result);
PUNY_API int puny_email_result_address_literal(const puny_email_result* result);
/* The domain's display form under options->display_profile, NULL when no
 * decision was asked for or made (address literals); *all_shown (if not
 * NULL) 1 when every label is shown in Unicode. */
PUNY_API const char* puny_email_result_display(const puny_email_result* result, int* all_shown);
/* The local part check: 1 safe, 0 not (rule names the failed rule), -1 not
 * asked for. */
PUNY_API int puny_email_result_local_part_safe(const puny_email_result* result, const char** rule);
PUNY_API void puny_email_result_free(puny_email_result* result);

/* ---- Lookalike hunting (puny/hunt.hpp, docs/hunt.md) ----
 * Which names imitate a list of brands, by which rule, where in the name and
 * what a browser would show.  An index is built once from a brand list (one
 * registrable name a line, optional keywords=W,W and allow=NAME,NAME) and is
 * then safe to use from many threads at once. */

/* The rules, in the library's order (every surface prints these names);
 * NULL past the end.  puny_hunt_rule_find gives a rule's value (the
 * puny_hunt_match `rule` field; from 1) for its name, -1 when unknown. */
PUNY_API size_t puny_hunt_rule_count(void);
PUNY_API const char* puny_hunt_rule_name(size_t index);
PUNY_API const char* puny_hunt_rule_description(size_t index);
PUNY_API int puny_hunt_rule_find(const char* name);

/* The brand index from a file or from text in memory.  psl_path: the Public
 * Suffix List that says where the brands' and the names' registrable part
 * ends; NULL = Debian's /usr/share/publicsuffix/public_suffix_list.dat, "" =
 * none (the last label is the suffix).  A malformed line or an unreadable
 * file fails as puny_display_lists_load does (PUNY_ERR_LIST_SYNTAX /
 * PUNY_ERR_FILE_UNREADABLE, err->label the line, `message` "FILE:LINE:
 * what").  Free with puny_hunt_index_free. */
typedef struct puny_hunt_index puny_hunt_index;
PUNY_API puny_errc puny_hunt_index_load(const char* brands_path, const char* psl_path,
                                        puny_hunt_index** index, char* message,
                                        size_t message_capacity, puny_error* err);
PUNY_API puny_errc puny_hunt_index_parse(const char* text, size_t length, const char* source,
                                         const char* psl_path, puny_hunt_index** index,
                                         char* message, size_t message_capacity,
                                         puny_error* err);
/* The same with the Public Suffix List of `lists` (puny_display_lists_load
 * or _parse; none when lists is NULL or holds none): for a caller that
 * reads its list files itself, as the PostgreSQL extension does. */
PUNY_API puny_errc puny_hunt_index_parse_lists(const char* text, size_t length, const char* source,
                                               const puny_display_lists* lists,
                                               puny_hunt_index** index, char* message,
                                               size_t message_capacity, puny_error* err);
/* Brands in the index; brand `i`'s registrable name (Unicode), NULL past the end. */
PUNY_API size_t puny_hunt_index_size(const puny_hunt_index* index);
PUNY_API const char* puny_hunt_index_brand(const puny_hunt_index* index, size_t i);
PUNY_API void puny_hunt_index_free(puny_hunt_index* index);

/* Every match of one name (U-labels or A-labels, any depth of subdomains).
 * rules: NULL or "" = every rule, else rule names separated by commas or
 * spaces; min_score: matches scoring below are dropped, 0 keeps every
 * match (weak evidence too), PUNY_HUNT_MIN_SCORE_DEFAULT (any negative
 * value) is the library's alert threshold, puny_hunt_alert_score(), as the
 * other surfaces' default; profile: the
 * display profile of the verdict (NULL = "chromium", ASCII case ignored),
 * computed only for names that match.  An unknown rule or profile is
 * PUNY_ERR_INVALID_ARGUMENT.  A name that is not valid IDNA still gets its
 * matches (puny_hunt_result_verdict says why it has no display form). */
typedef struct puny_hunt_result puny_hunt_result;
/* The alert threshold (puny::hunt::alert_score, docs/hunt.md "Weak evidence
 * and the alert threshold"): matches scoring less are weak evidence. */
PUNY_API int puny_hunt_alert_score(void);
#define PUNY_HUNT_MIN_SCORE_DEFAULT (-1)
PUNY_API puny_errc puny_hunt_find(const char* utf8, size_t length, const puny_hunt_index* index,
                                  const char* rules, int min_score, const char* profile,
                                  puny_hunt_result** result, puny_error* err);
PUNY_API size_t puny_hunt_result_match_count(const puny_hunt_result* result);
/* One match.  Set struct_size (PUNY_HUNT_MATCH_INIT); strings are static or
 * live as long as the index.  A struct_size that ends before a member
 * leaves that member unwritten (a program built before it was added). */
typedef struct puny_hunt_match {
  uint32_t struct_size;
  int32_t rule;            /* the rule's value; rule_name names it */
  size_t brand;            /* index of the brand (puny_hunt_index_brand) */
  size_t offset;           /* byte offset in the input of the labels that matched */
  size_t length;           /* their byte length (offset + length <= input length) */
  int32_t score;           /* 0..100 */
  const char* rule_name;   /* "homoglyph" */
  const char* brand_name;  /* "paypal.com" */
  /* A combined match (docs/hunt.md, "Combined matches": paypa1-login.com is
   * combo_squatting via homoglyph): the rule that matched the brand's label
   * inside it, 0 and NULL for a plain match. */
  int32_t via;
  const char* via_name;
  /* The library's short English reason, as `puny hunt --json` gives it
   * (puny::hunt::reason: the rule's description, and the via rule's). */
  const char* reason;
} puny_hunt_match;
#define PUNY_HUNT_MATCH_INIT {sizeof(puny_hunt_match), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
PUNY_API puny_errc puny_hunt_result_match(const puny_hunt_result* result, size_t index,
                                          puny_hunt_match* match);
/* The triage view (puny::hunt::by_brand, `puny hunt`'s output): the best
 * match's score (0 when none); one entry per brand matched, the highest
 * best score first (ties in the order first matched), each the index of its
 * best match (for puny_hunt_result_match) and its other matches' indexes,
 * highest score first, in *also (*also_count of them; the array lives as
 * long as the result).  Out pointers may be NULL; PUNY_ERR_INVALID_ARGUMENT
 * past the last brand. */
PUNY_API int puny_hunt_result_score(const puny_hunt_result* result);
PUNY_API size_t puny_hunt_result_brand_count(const puny_hunt_result* result);
PUNY_API puny_errc puny_hunt_result_brand(const puny_hunt_result* result, size_t index,
                                          size_t* best, const size_t** also, size_t* also_count);
/* The name as matched (Unicode labels, lowercase); the display verdict:
 * PUNY_OK and *display its display form and *all_shown 1 when every label is
 * shown in Unicode, else the status puny_display_decide gives (then *display
 * is "").  No matches: PUNY_OK, "" and 0 (no verdict is made).  Out pointers
 * may be NULL. */
PUNY_API const char* puny_hunt_result_name(const puny_hunt_result* result);
PUNY_API puny_errc puny_hunt_result_verdict(const puny_hunt_result* result, const char** display,
                                            int* all_shown);
/* Why labels stay A-labels (docs/hunt.md "Output", `puny hunt --json`'s
 * verdict): the display profile of the verdict ("chromium", its registry
 * name; static), and the findings of every label the verdict does not show,
 * in label order, each as puny_display_result_finding gives one (set
 * struct_size, PUNY_DISPLAY_FINDING_INIT; offsets are bytes of the input,
 * strings live as long as the result).  None when every label is shown, the
 * name is not valid IDNA or nothing matched; PUNY_ERR_INVALID_ARGUMENT past
 * the last finding. */
PUNY_API const char* puny_hunt_result_profile(const puny_hunt_result* result);
PUNY_API size_t puny_hunt_result_finding_count(const puny_hunt_result* result);
PUNY_API puny_errc puny_hunt_result_finding(const puny_hunt_result* result, size_t index,
                                            puny_display_finding* finding);
PUNY_API void puny_hunt_result_free(puny_hunt_result* result);

PUNY_API uint32_t puny_version(void);               /* e.g. 100 for 0.1.0 */
PUNY_API const char* puny_version_string(void);     /* e.g. "0.1.0" */
PUNY_API const char* puny_unicode_version(void);    /* the tables', e.g. "18.0.0" */

#ifdef __cplusplus
}
#endif

#endif /* PUNY_H */
