// idn2_strerror and idn2_strerror_name: libidn2's return codes in words.
// The sentences are ours; the names are the enumerators of idn2.h.
#define IDN2_BUILDING 1
#include "idn2.h"

namespace {

struct entry {
  int code;
  const char* name;
  const char* message;
};

constexpr entry table[] = {
    {IDN2_OK, "IDN2_OK", "success"},
    {IDN2_MALLOC, "IDN2_MALLOC", "memory allocation failed"},
    {IDN2_NO_CODESET, "IDN2_NO_CODESET", "the locale's character set is unknown"},
    {IDN2_ICONV_FAIL, "IDN2_ICONV_FAIL", "the input cannot be converted from the locale's character set to UTF-8"},
    {IDN2_ENCODING_ERROR, "IDN2_ENCODING_ERROR", "ill-formed input (UTF-8, UTF-32 or character set)"},
    {IDN2_NFC, "IDN2_NFC", "NFC normalization failed"},
    {IDN2_PUNYCODE_BAD_INPUT, "IDN2_PUNYCODE_BAD_INPUT", "invalid Punycode"},
    {IDN2_PUNYCODE_BIG_OUTPUT, "IDN2_PUNYCODE_BIG_OUTPUT", "the Punycode result is too long"},
    {IDN2_PUNYCODE_OVERFLOW, "IDN2_PUNYCODE_OVERFLOW", "Punycode arithmetic overflow"},
    {IDN2_TOO_BIG_DOMAIN, "IDN2_TOO_BIG_DOMAIN", "the domain name is too long for the DNS"},
    {IDN2_TOO_BIG_LABEL, "IDN2_TOO_BIG_LABEL", "a label is longer than 63 bytes"},
    {IDN2_INVALID_ALABEL, "IDN2_INVALID_ALABEL", "the A-label is not valid"},
    {IDN2_UALABEL_MISMATCH, "IDN2_UALABEL_MISMATCH", "the A-label and the U-label differ"},
    {IDN2_INVALID_FLAGS, "IDN2_INVALID_FLAGS", "contradictory flags"},
    {IDN2_NOT_NFC, "IDN2_NOT_NFC", "the input is not in NFC"},
    {IDN2_2HYPHEN, "IDN2_2HYPHEN", "a label has hyphens in positions 3 and 4"},
    {IDN2_HYPHEN_STARTEND, "IDN2_HYPHEN_STARTEND", "a label starts or ends with a hyphen"},
    {IDN2_LEADING_COMBINING, "IDN2_LEADING_COMBINING", "a label starts with a combining mark"},
    {IDN2_DISALLOWED, "IDN2_DISALLOWED", "the input has a disallowed code point"},
    {IDN2_CONTEXTJ, "IDN2_CONTEXTJ", "a joiner (ZWJ/ZWNJ) is in a context its rule forbids"},
    {IDN2_CONTEXTJ_NO_RULE, "IDN2_CONTEXTJ_NO_RULE", "a CONTEXTJ code point has no rule"},
    {IDN2_CONTEXTO, "IDN2_CONTEXTO", "a CONTEXTO code point is in a context its rule forbids"},
    {IDN2_CONTEXTO_NO_RULE, "IDN2_CONTEXTO_NO_RULE", "a CONTEXTO code point has no rule"},
    {IDN2_UNASSIGNED, "IDN2_UNASSIGNED", "the input has an unassigned code point"},
    {IDN2_BIDI, "IDN2_BIDI", "the name breaks the Bidi rule (RFC 5893)"},
    {IDN2_DOT_IN_LABEL, "IDN2_DOT_IN_LABEL", "a decoded label holds a dot"},
    {IDN2_INVALID_TRANSITIONAL, "IDN2_INVALID_TRANSITIONAL", "a code point is not valid under transitional processing"},
    {IDN2_INVALID_NONTRANSITIONAL, "IDN2_INVALID_NONTRANSITIONAL", "a code point is not valid under nontransitional processing"},
    {IDN2_ALABEL_ROUNDTRIP_FAILED, "IDN2_ALABEL_ROUNDTRIP_FAILED", "the A-label does not round-trip"},
};

const entry* find(int rc) noexcept {
  for (const entry& e : table)
    if (e.code == rc) return &e;
  return nullptr;
}

}  // namespace

extern "C" {

const char* idn2_strerror(int rc) {
  const entry* e = find(rc);
  return e ? e->message : "unknown error";
}

const char* idn2_strerror_name(int rc) {
  const entry* e = find(rc);
  return e ? e->name : "IDN2_UNKNOWN";
}

}  // extern "C"
