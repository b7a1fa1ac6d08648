/* idn2.h: the libidn2 2.3 programming interface, implemented by puny.
 *
 * Written for puny's libidn2-compatible library (surfaces/idn2/README.md).
 * The names, numeric values and prototypes are libidn2's, so that programs
 * written for libidn2 compile against this header and programs built
 * against libidn2 run on this library unchanged; the text is our own.
 *
 * Strings are NUL-terminated.  Every function returning a string through a
 * pointer allocates it with malloc(); release it with idn2_free() or free().
 */
#ifndef IDN2_H
#define IDN2_H

#include <stdint.h> /* uint8_t, uint32_t */
#include <string.h> /* size_t */

#ifndef _IDN2_API
#if defined IDN2_BUILDING && defined __GNUC__
#define _IDN2_API __attribute__((__visibility__("default")))
#else
#define _IDN2_API
#endif
#endif

#if defined __GNUC__
#define G_GNUC_IDN2_ATTRIBUTE_PURE __attribute__((__pure__))
#define G_GNUC_IDN2_ATTRIBUTE_CONST __attribute__((__const__))
#define G_GNUC_DEPRECATED __attribute__((__deprecated__))
#define G_GNUC_UNUSED __attribute__((__unused__))
#else
#define G_GNUC_IDN2_ATTRIBUTE_PURE
#define G_GNUC_IDN2_ATTRIBUTE_CONST
#define G_GNUC_DEPRECATED
#define G_GNUC_UNUSED
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The libidn2 release whose interface this is (idn2_check_version compares
 * requests with it). */
#define IDN2_VERSION "2.3.3"
#define IDN2_VERSION_NUMBER 0x02030003
#define IDN2_VERSION_MAJOR 2
#define IDN2_VERSION_MINOR 3
#define IDN2_VERSION_PATCH 3

/* DNS limits in bytes (RFC 1034 section 3.1). */
#define IDN2_LABEL_MAX_LENGTH 63
#define IDN2_DOMAIN_MAX_LENGTH 255

/* Flags, or'ed together.  TRANSITIONAL and NONTRANSITIONAL together,
 * either of them with NO_TR46, or ALABEL_ROUNDTRIP with
 * NO_ALABEL_ROUNDTRIP give IDN2_INVALID_FLAGS. */
typedef enum {
  IDN2_NFC_INPUT = 1,             /* normalize the input to NFC first */
  IDN2_ALABEL_ROUNDTRIP = 2,      /* check that xn-- labels round-trip (the default) */
  IDN2_TRANSITIONAL = 4,          /* UTS #46 transitional mapping */
  IDN2_NONTRANSITIONAL = 8,       /* UTS #46 nontransitional mapping (the default) */
  IDN2_ALLOW_UNASSIGNED = 16,     /* accepted and ignored, as by libidn2 2.x */
  IDN2_USE_STD3_ASCII_RULES = 32, /* UTS #46 UseSTD3ASCIIRules */
  IDN2_NO_TR46 = 64,              /* plain IDNA2008, no UTS #46 mapping */
  IDN2_NO_ALABEL_ROUNDTRIP = 128  /* take xn-- labels as they are */
} idn2_flags;

/* Return codes: 0 is success, every error is negative. */
typedef enum {
  IDN2_OK = 0,
  IDN2_MALLOC = -100,
  IDN2_NO_CODESET = -101,
  IDN2_ICONV_FAIL = -102,
  IDN2_ENCODING_ERROR = -200,
  IDN2_NFC = -201,
  IDN2_PUNYCODE_BAD_INPUT = -202,
  IDN2_PUNYCODE_BIG_OUTPUT = -203,
  IDN2_PUNYCODE_OVERFLOW = -204,
  IDN2_TOO_BIG_DOMAIN = -205,
  IDN2_TOO_BIG_LABEL = -206,
  IDN2_INVALID_ALABEL = -207,
  IDN2_UALABEL_MISMATCH = -208,
  IDN2_INVALID_FLAGS = -209,
  IDN2_NOT_NFC = -300,
  IDN2_2HYPHEN = -301,
  IDN2_HYPHEN_STARTEND = -302,
  IDN2_LEADING_COMBINING = -303,
  IDN2_DISALLOWED = -304,
  IDN2_CONTEXTJ = -305,
  IDN2_CONTEXTJ_NO_RULE = -306,
  IDN2_CONTEXTO = -307,
  IDN2_CONTEXTO_NO_RULE = -308,
  IDN2_UNASSIGNED = -309,
  IDN2_BIDI = -310,
  IDN2_DOT_IN_LABEL = -311,
  IDN2_INVALID_TRANSITIONAL = -312,
  IDN2_INVALID_NONTRANSITIONAL = -313,
  IDN2_ALABEL_ROUNDTRIP_FAILED = -314
} idn2_rc;

/* Domain name for a DNS query (UTF-8 in, ASCII out); src NULL: OK with
 * *lookupname NULL.  lookupname may be NULL to check only. */
extern _IDN2_API int idn2_lookup_u8(const uint8_t *src, uint8_t **lookupname, int flags);
/* The same from the locale's character set (always with IDN2_NFC_INPUT). */
extern _IDN2_API int idn2_lookup_ul(const char *src, char **lookupname, int flags);

/* One label for registration (IDNA2008, RFC 5891 section 4): from a
 * U-label, an A-label, or both (which must then match). */
extern _IDN2_API int idn2_register_u8(const uint8_t *ulabel, const uint8_t *alabel,
                                      uint8_t **insertname, int flags);
extern _IDN2_API int idn2_register_ul(const char *ulabel, const char *alabel,
                                      char **insertname, int flags);

/* ToASCII of UTF-32 (4), UTF-8 (8) or locale (l) input, NUL-terminated (z)
 * or with a length (i).  idn2_to_ascii_4i writes at most 63 bytes and a NUL
 * into output (deprecated for that fixed size: use idn2_to_ascii_4i2). */
extern _IDN2_API int idn2_to_ascii_4i(const uint32_t *input, size_t inlen, char *output,
                                      int flags) G_GNUC_DEPRECATED;
extern _IDN2_API int idn2_to_ascii_4i2(const uint32_t *input, size_t inlen, char **output,
                                       int flags);
extern _IDN2_API int idn2_to_ascii_4z(const uint32_t *input, char **output, int flags);
extern _IDN2_API int idn2_to_ascii_8z(const char *input, char **output, int flags);
extern _IDN2_API int idn2_to_ascii_lz(const char *input, char **output, int flags);

/* ToUnicode: decodes the xn-- labels of a domain name; the other labels are
 * copied.  flags are accepted and unused, as by libidn2 2.3. */
extern _IDN2_API int idn2_to_unicode_8z4z(const char *input, uint32_t **output,
                                          int flags G_GNUC_UNUSED);
extern _IDN2_API int idn2_to_unicode_4z4z(const uint32_t *input, uint32_t **output, int flags);
extern _IDN2_API int idn2_to_unicode_44i(const uint32_t *in, size_t inlen, uint32_t *out,
                                         size_t *outlen, int flags);
extern _IDN2_API int idn2_to_unicode_8z8z(const char *input, char **output, int flags);
extern _IDN2_API int idn2_to_unicode_8zlz(const char *input, char **output, int flags);
extern _IDN2_API int idn2_to_unicode_lzlz(const char *input, char **output, int flags);

/* A sentence, or the enumerator's name, for a return code. */
extern _IDN2_API const char *idn2_strerror(int rc) G_GNUC_IDN2_ATTRIBUTE_CONST;
extern _IDN2_API const char *idn2_strerror_name(int rc) G_GNUC_IDN2_ATTRIBUTE_CONST;

/* IDN2_VERSION when req_version is NULL or not newer, else NULL. */
extern _IDN2_API const char *idn2_check_version(const char *req_version)
    G_GNUC_IDN2_ATTRIBUTE_PURE;

/* free() for what the functions above return. */
extern _IDN2_API void idn2_free(void *ptr);

/* The GNU libidn (IDNA2003) names that libidn2 maps onto its own, for
 * programs ported from libidn; defined unless libidn's idna.h came first or
 * IDN2_SKIP_LIBIDN_COMPAT is set. */
#if !defined IDNA_H && !defined IDN2_SKIP_LIBIDN_COMPAT
typedef enum {
  IDNA_SUCCESS = IDN2_OK,
  IDNA_STRINGPREP_ERROR = IDN2_ENCODING_ERROR,
  IDNA_PUNYCODE_ERROR = IDN2_PUNYCODE_BAD_INPUT,
  IDNA_CONTAINS_NON_LDH = IDN2_ENCODING_ERROR,
  IDNA_CONTAINS_LDH = IDNA_CONTAINS_NON_LDH,
  IDNA_CONTAINS_MINUS = IDN2_ENCODING_ERROR,
  IDNA_INVALID_LENGTH = IDN2_DISALLOWED,
  IDNA_NO_ACE_PREFIX = IDN2_ENCODING_ERROR,
  IDNA_ROUNDTRIP_VERIFY_ERROR = IDN2_ENCODING_ERROR,
  IDNA_CONTAINS_ACE_PREFIX = IDN2_ENCODING_ERROR,
  IDNA_ICONV_ERROR = IDN2_ENCODING_ERROR,
  IDNA_MALLOC_ERROR = IDN2_MALLOC,
  IDNA_DLOPEN_ERROR = IDN2_MALLOC
} Idna_rc;
typedef enum {
  IDNA_ALLOW_UNASSIGNED = IDN2_ALLOW_UNASSIGNED,
  IDNA_USE_STD3_ASCII_RULES = IDN2_USE_STD3_ASCII_RULES
} Idna_flags;
#define idna_to_ascii_4i(i, l, o, f) idn2_to_ascii_4i(i, l, o, (f) | IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL)
#define idna_to_ascii_4z(i, o, f) idn2_to_ascii_4z(i, o, (f) | IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL)
#define idna_to_ascii_8z(i, o, f) idn2_to_ascii_8z(i, o, (f) | IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL)
#define idna_to_ascii_lz(i, o, f) idn2_to_ascii_lz(i, o, (f) | IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL)
#define idna_to_unicode_8z4z idn2_to_unicode_8z4z
#define idna_to_unicode_4z4z idn2_to_unicode_4z4z
#define idna_to_unicode_44i idn2_to_unicode_44i
#define idna_to_unicode_8z8z idn2_to_unicode_8z8z
#define idna_to_unicode_8zlz idn2_to_unicode_8zlz
#define idna_to_unicode_lzlz idn2_to_unicode_lzlz
#define idna_strerror idn2_strerror
#define idn_free idn2_free
#endif

#ifdef __cplusplus
}
#endif

#endif /* IDN2_H */
