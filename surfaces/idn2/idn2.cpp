// libidn2's C interface (idn2.h) over puny's core: the surface of the
// libidn2-compatible library (surfaces/idn2/README.md).
//
// Each libidn2 flag set selects core profiles, never rules of its own:
//   default / IDN2_NONTRANSITIONAL   UTS #46 nontransitional ToASCII, then
//                                    IDNA2008 lookup (RFC 5891 section 5)
//                                    on its result: libidn2's "TR46 mapping
//                                    followed by IDNA2008"
//   IDN2_TRANSITIONAL                UTS #46 transitional ToASCII only
//   IDN2_NO_TR46                     IDNA2008 lookup only (no mapping)
//   idn2_register_*                  IDNA2008 registration (section 4)
//   idn2_to_unicode_*                Punycode decoding of xn-- labels, as
//                                    libidn2 2.3 does (no checks):
//                                    to_unicode.cpp
// The libidn2 specifics kept here are its ABI: the flag validation, the
// return codes, NULL handling, the DNS byte limits it reports with its own
// codes, and malloc'd results.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#define IDN2_BUILDING 1
#include "idn2.h"
#include "internal.hpp"

#include "puny/idna.hpp"
#include "puny/idna2008.hpp"
#include "puny/punycode.hpp"
#include "puny/status.hpp"
#include "puny/unicode.hpp"

namespace puny_idn2 {

using puny::errc;

// A core error as libidn2's return code.
int code_of(puny::errc e) noexcept {
  switch (e) {
    case errc::ok: return IDN2_OK;
    case errc::invalid_utf8:
    case errc::invalid_utf16:
    case errc::invalid_code_point: return IDN2_ENCODING_ERROR;
    case errc::non_basic_before_delimiter:
    case errc::invalid_digit:
    case errc::truncated_number:
    case errc::decoded_out_of_range: return IDN2_PUNYCODE_BAD_INPUT;
    case errc::overflow: return IDN2_PUNYCODE_OVERFLOW;
    case errc::punycode_encode_failed: return IDN2_PUNYCODE_BIG_OUTPUT;
    case errc::disallowed:
    case errc::std3_disallowed:
    case errc::forbidden_domain_code_point: return IDN2_DISALLOWED;
    case errc::invalid_ace_label:
    case errc::ace_prefix: return IDN2_INVALID_ALABEL;
    case errc::not_nfc: return IDN2_NOT_NFC;
    case errc::hyphen_3_4: return IDN2_2HYPHEN;
    case errc::leading_hyphen:
    case errc::trailing_hyphen: return IDN2_HYPHEN_STARTEND;
    case errc::label_has_dot: return IDN2_DOT_IN_LABEL;
    case errc::leading_combining_mark: return IDN2_LEADING_COMBINING;
    case errc::contextj: return IDN2_CONTEXTJ;
    case errc::contexto: return IDN2_CONTEXTO;
    case errc::bidi: return IDN2_BIDI;
    case errc::unassigned: return IDN2_UNASSIGNED;
    case errc::a_label_not_canonical: return IDN2_ALABEL_ROUNDTRIP_FAILED;
    case errc::label_too_long:
    case errc::empty_label: return IDN2_TOO_BIG_LABEL;
    case errc::domain_too_long:
    case errc::input_too_long: return IDN2_TOO_BIG_DOMAIN;
    default: return IDN2_ENCODING_ERROR;
  }
}

int from_u32(const uint32_t* in, std::size_t n, std::string& out) {
  std::u32string_view view(reinterpret_cast<const char32_t*>(in), n);
  return puny::unicode::utf32_to_utf8(view, out).ok() ? IDN2_OK : IDN2_ENCODING_ERROR;
}

}  // namespace puny_idn2

using namespace puny_idn2;
using puny::errc;

namespace {


// libidn2's flag rules (its set_default_flags): contradictory pairs are
// IDN2_INVALID_FLAGS; without NO_TR46 or TRANSITIONAL, nontransitional.
int check_flags(int& flags) noexcept {
  if ((flags & IDN2_TRANSITIONAL) && (flags & IDN2_NONTRANSITIONAL)) return IDN2_INVALID_FLAGS;
  if ((flags & (IDN2_TRANSITIONAL | IDN2_NONTRANSITIONAL)) && (flags & IDN2_NO_TR46))
    return IDN2_INVALID_FLAGS;
  if ((flags & IDN2_ALABEL_ROUNDTRIP) && (flags & IDN2_NO_ALABEL_ROUNDTRIP))
    return IDN2_INVALID_FLAGS;
  if (!(flags & (IDN2_NO_TR46 | IDN2_TRANSITIONAL))) flags |= IDN2_NONTRANSITIONAL;
  return IDN2_OK;
}

std::vector<std::string_view> split_labels(std::string_view name) {
  std::vector<std::string_view> labels;
  std::size_t start = 0;
  for (;;) {
    const std::size_t dot = name.find('.', start);
    if (dot == std::string_view::npos) {
      labels.push_back(name.substr(start));
      return labels;
    }
    labels.push_back(name.substr(start, dot - start));
    start = dot + 1;
  }
}

std::string ascii_lowercase(std::string_view s) {
  std::string lower(s);
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c | 0x20);
  return lower;
}

// IDN2_NO_ALABEL_ROUNDTRIP: the U-label of an ASCII xn-- label (lowercased
// first, RFC 5891 section 5.3), for the IDNA2008 check in its place; only
// the comparison of its encoding with the A-label is left out.  A label
// that decodes to ASCII only or to nothing is no A-label (UTS #46 section
// 4.1 step 4): IDN2_PUNYCODE_BAD_INPUT, libidn2's code for those its
// decoder refuses.
int u_label_of(std::string_view ace, std::string& out) {
  std::u32string decoded;
  if (const int rc = decode_ace(ascii_lowercase(ace.substr(4)), decoded); rc != IDN2_OK) return rc;
  bool ascii = true;
  for (const char32_t c : decoded) ascii = ascii && c < 0x80;
  if (ascii) return IDN2_PUNYCODE_BAD_INPUT;
  return puny::unicode::utf32_to_utf8(decoded, out).ok() ? IDN2_OK : IDN2_ENCODING_ERROR;
}

// IDNA2008 lookup (RFC 5891 section 5) of the labels that need it, with the
// Bidi rule over the whole name (RFC 5893 section 2).  Empty labels (which
// libidn2 passes, as UTS #46 does without VerifyDnsLength) are left out of
// the check and kept.  ASCII labels that are not xn-- pass unchanged (5.4).
// An ASCII xn-- label is checked as an A-label (5.3: decoded, checked,
// encoded again and compared) or, with `no_roundtrip`
// (IDN2_NO_ALABEL_ROUNDTRIP), through its U-label (u_label_of) and kept as
// it is, lowercased.
int idna2008_lookup(std::string_view name, bool no_roundtrip, std::string& out) {
  // Only ASCII labels and no xn-- label: nothing for IDNA2008 to check
  // (section 5.4 leaves such labels to the DNS), the common case.
  if (all_ascii(name)) {
    bool ace = false;
    for (std::size_t p = 0; p + 4 <= name.size() && !ace; p = name.find('.', p) + 1) {
      ace = is_ace(name.substr(p));
      if (name.find('.', p) == std::string_view::npos) break;
    }
    if (!ace) {
      out.assign(name);
      return IDN2_OK;
    }
  }
  const std::vector<std::string_view> labels = split_labels(name);
  std::string checked;
  std::vector<bool> keep(labels.size(), false);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    keep[i] = labels[i].empty();
    if (keep[i]) continue;
    if (!checked.empty()) checked.push_back('.');
    if (is_ace(labels[i]) && no_roundtrip && all_ascii(labels[i])) {
      keep[i] = true;
      std::string u_label;
      if (const int rc = u_label_of(labels[i], u_label); rc != IDN2_OK) return rc;
      checked.append(u_label);
    } else if (is_ace(labels[i])) {
      // RFC 5891 section 5.3: an A-label is lowercased before it is
      // converted and checked.
      checked.append(ascii_lowercase(labels[i]));
    } else {
      checked.append(labels[i]);
    }
  }
  std::vector<std::string_view> results;
  std::string looked_up;
  if (!checked.empty()) {
    // libidn2 leaves ASCII labels to the DNS, space and '/' included: the
    // core's lookup without its host-name safety check (issue 43).
    puny::idna2008::options plain;
    plain.forbid_domain_code_points = false;
    puny::result<std::string> r = puny::idna2008::lookup(checked, plain);
    if (!r.ok()) return code_of(r.status.code);
    looked_up = std::move(r.value);
    results = split_labels(looked_up);
  }
  out.clear();
  std::size_t next = 0;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (i) out.push_back('.');
    if (labels[i].empty()) continue;
    if (next >= results.size()) return IDN2_ENCODING_ERROR;  // cannot happen: one per label
    if (keep[i])
      out.append(ascii_lowercase(labels[i]));  // its U-label was checked
    else
      out.append(results[next]);
    ++next;
  }
  return IDN2_OK;
}

// NFC of UTF-8 text (IDN2_NFC_INPUT).
int nfc_utf8(std::string_view in, std::string& out) {
  std::u32string u32;
  if (!puny::unicode::utf8_to_utf32(in, u32).ok()) return IDN2_ENCODING_ERROR;
  out.clear();
  if (!puny::unicode::utf32_to_utf8(puny::unicode::to_nfc(u32), out).ok()) return IDN2_ENCODING_ERROR;
  return IDN2_OK;
}

// The DNS limits of a lookup name as libidn2 reports them (RFC 1034 section
// 3.1): a label of more than 63 bytes, a name of more than 253 bytes
// without its root dot.  UTS #46 processing measures the whole name first
// (libidn2 refuses a long mapped name before it looks at labels), IDNA2008
// alone label by label.
int check_lengths(std::string_view name, bool name_first) noexcept {
  std::size_t total = name.size();
  if (total && name.back() == '.') --total;
  if (name_first && total > IDN2_DOMAIN_MAX_LENGTH - 2) return IDN2_TOO_BIG_DOMAIN;
  std::size_t start = 0;
  while (start <= name.size()) {
    std::size_t dot = name.find('.', start);
    if (dot == std::string_view::npos) dot = name.size();
    if (dot - start > IDN2_LABEL_MAX_LENGTH) return IDN2_TOO_BIG_LABEL;
    start = dot + 1;
  }
  if (total > IDN2_DOMAIN_MAX_LENGTH - 2) return IDN2_TOO_BIG_DOMAIN;
  return IDN2_OK;
}

std::size_t code_points(std::string_view s) noexcept {
  std::size_t n = 0;
  for (const unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// The name libidn2's processing under `flags` makes of `src`.
int convert(std::string_view src, int flags, std::string& out) {
  std::string normalized;
  if (flags & IDN2_NO_TR46) {
    if (const int rc = check_label_sizes(src, (flags & IDN2_NO_ALABEL_ROUNDTRIP) != 0); rc != IDN2_OK)
      return rc;
    if (flags & IDN2_NFC_INPUT) {
      if (const int rc = nfc_utf8(src, normalized); rc != IDN2_OK) return rc;
      src = normalized;
    }
    if (const int rc = idna2008_lookup(src, (flags & IDN2_NO_ALABEL_ROUNDTRIP) != 0, out);
        rc != IDN2_OK)
      return rc;
    return check_lengths(out, false);
  }
  // UTS #46 ToASCII with the flags libidn2 has: Transitional_Processing and
  // UseSTD3ASCIIRules; the other flags keep their UTS #46 defaults
  // (CheckHyphens, CheckBidi, CheckJoiners on; VerifyDnsLength off, so
  // empty labels pass as they do in libidn2).  Its mapping includes NFC,
  // so IDN2_NFC_INPUT changes nothing here.
  // Plain UTS #46 (uts46_raw): libidn2's TR46 step has no host-name safety
  // check of puny's kind (issue 43); STD3 rules only when asked.
  if (const int rc = check_mapped_length(src, (flags & IDN2_TRANSITIONAL) != 0); rc != IDN2_OK)
    return rc;
  const puny::idna::options opt =
      puny::idna::uts46_raw.with_transitional_processing((flags & IDN2_TRANSITIONAL) != 0)
          .with_use_std3_ascii_rules((flags & IDN2_USE_STD3_ASCII_RULES) != 0);
  puny::result<std::string> mapped = puny::idna::to_ascii(src, opt);
  if (!mapped.ok()) {
    // libidn2 refuses a name of 255 or more code points before any other
    // check; a length error on such a name is that refusal.
    const errc e = mapped.status.code;
    if ((e == errc::label_too_long || e == errc::domain_too_long || e == errc::input_too_long) &&
        code_points(src) >= IDN2_DOMAIN_MAX_LENGTH)
      return IDN2_TOO_BIG_DOMAIN;
    return code_of(e);
  }
  // The lengths first, as libidn2 measures the mapped name first.
  if (const int rc = check_lengths(mapped.value, true); rc != IDN2_OK) return rc;
  if (flags & IDN2_TRANSITIONAL) {
    out = std::move(mapped.value);
  } else if (const int rc =
                 idna2008_lookup(mapped.value, (flags & IDN2_NO_ALABEL_ROUNDTRIP) != 0, out);
             rc != IDN2_OK) {
    return rc;
  }
  return check_lengths(out, true);
}

// The lookup name of `src` under libidn2's `flags` (already checked): the
// conversion, then what no name returned with IDN2_OK may be.
int lookup(std::string_view src, int flags, std::string& out) {
  if (const int rc = convert(src, flags, out); rc != IDN2_OK) return rc;
  return check_output(src, out);
}

int lookup_u8(const char* src, char** output, int flags) noexcept {
  if (!src) {
    if (output) *output = nullptr;
    return IDN2_OK;
  }
  if (const int rc = check_flags(flags); rc != IDN2_OK) return rc;
  return guarded([&] {
    std::string out;
    if (const int rc = lookup(src, flags, out); rc != IDN2_OK) return rc;
    if (output) {
      *output = dup(out.data(), out.size());
      if (!*output) return static_cast<int>(IDN2_MALLOC);
    }
    return static_cast<int>(IDN2_OK);
  });
}

// ---- registration (RFC 5891 section 4) ----

int register_ulabel(std::string_view ulabel, int flags, std::string& out) {
  if (all_ascii(ulabel)) {
    // An ASCII label is no IDN: libidn2 hands it back unchecked but for its
    // length (RFC 5890 section 2.3.1 leaves such labels to the DNS rules).
    if (ulabel.size() > IDN2_LABEL_MAX_LENGTH) return IDN2_TOO_BIG_LABEL;
    out.assign(ulabel);
    return IDN2_OK;
  }
  std::string normalized;
  if (flags & IDN2_NFC_INPUT) {
    if (const int rc = nfc_utf8(ulabel, normalized); rc != IDN2_OK) return rc;
    ulabel = normalized;
  }
  // One label: a dot is not PVALID (RFC 5892 section 2.6: U+002E is
  // DISALLOWED), and would otherwise split the label.
  if (ulabel.find('.') != std::string_view::npos) {
    std::u32string probe;
    if (!puny::unicode::utf8_to_utf32(ulabel, probe).ok()) return IDN2_ENCODING_ERROR;
    return IDN2_DISALLOWED;
  }
  puny::result<std::string> r = puny::idna2008::registration(ulabel);
  if (!r.ok()) {
    // A U-label whose A-label would exceed 63 bytes: libidn2's code for it.
    if (r.status.code == errc::label_too_long || r.status.code == errc::domain_too_long)
      return IDN2_PUNYCODE_BIG_OUTPUT;
    return code_of(r.status.code);
  }
  out = std::move(r.value);
  return IDN2_OK;
}

int register_u8(const char* ulabel, const char* alabel, char** insertname, int flags) {
  if (!ulabel && !alabel) {
    if (insertname) *insertname = nullptr;
    return IDN2_OK;
  }
  std::string out;
  if (alabel) {
    const std::string_view a(alabel);
    if (a.size() > IDN2_LABEL_MAX_LENGTH) return IDN2_TOO_BIG_LABEL;
    if (a.size() <= 4 || a.compare(0, 4, "xn--") != 0 || !all_ascii(a)) return IDN2_INVALID_ALABEL;
    std::u32string decoded;
    if (const int rc = decode_ace(a.substr(4), decoded); rc != IDN2_OK) return rc;
    std::string u8;
    if (!puny::unicode::utf32_to_utf8(decoded, u8).ok()) return IDN2_ENCODING_ERROR;
    if (ulabel && u8 != ulabel) return IDN2_UALABEL_MISMATCH;
    // The A-label is valid when its U-label is and encodes back to it
    // exactly (RFC 5891 section 4.2.2 / 5.3).
    std::string again;
    if (const int rc = register_ulabel(u8, 0, again); rc != IDN2_OK) return rc;
    if (again != a) return IDN2_UALABEL_MISMATCH;
    out.assign(a);
  } else if (const int rc = register_ulabel(ulabel, flags, out); rc != IDN2_OK) {
    return rc;
  }
  if (insertname) {
    *insertname = dup(out.data(), out.size());
    if (!*insertname) return IDN2_MALLOC;
  }
  return IDN2_OK;
}

}  // namespace

extern "C" {

int idn2_lookup_u8(const uint8_t* src, uint8_t** lookupname, int flags) {
  return lookup_u8(reinterpret_cast<const char*>(src), reinterpret_cast<char**>(lookupname), flags);
}

int idn2_lookup_ul(const char* src, char** lookupname, int flags) {
  if (!src) return lookup_u8(nullptr, lookupname, flags);
  return guarded([&] {
    std::string u8;
    if (const int rc = locale_to_utf8(src, u8); rc != IDN2_OK) return rc;
    return lookup_u8(u8.c_str(), lookupname, flags | IDN2_NFC_INPUT);
  });
}

int idn2_register_u8(const uint8_t* ulabel, const uint8_t* alabel, uint8_t** insertname,
                     int flags) {
  return guarded([&] {
    return register_u8(reinterpret_cast<const char*>(ulabel), reinterpret_cast<const char*>(alabel),
                       reinterpret_cast<char**>(insertname), flags);
  });
}

int idn2_register_ul(const char* ulabel, const char* alabel, char** insertname, int flags) {
  return guarded([&] {
    std::string u8;
    if (ulabel) {
      if (const int rc = locale_to_utf8(ulabel, u8); rc != IDN2_OK) return rc;
    }
    return register_u8(ulabel ? u8.c_str() : nullptr, alabel, insertname, flags | IDN2_NFC_INPUT);
  });
}

int idn2_to_ascii_4i2(const uint32_t* input, size_t inlen, char** output, int flags) {
  if (!input) {
    if (output) *output = nullptr;
    return IDN2_OK;
  }
  return guarded([&] {
    // The input ends at its first NUL or after inlen values.
    std::size_t n = 0;
    while (n < inlen && input[n]) ++n;
    std::string u8;
    if (const int rc = from_u32(input, n, u8); rc != IDN2_OK) return rc;
    return lookup_u8(u8.c_str(), output, flags);
  });
}

int idn2_to_ascii_4i(const uint32_t* input, size_t inlen, char* output, int flags) {
  if (!input) {
    if (output) *output = '\0';
    return IDN2_OK;
  }
  char* out = nullptr;
  int rc = idn2_to_ascii_4i2(input, inlen, &out, flags);
  if (rc == IDN2_OK) {
    // The caller's buffer is documented as 64 bytes: one label.
    const std::size_t len = std::strlen(out);
    if (len > IDN2_LABEL_MAX_LENGTH)
      rc = IDN2_TOO_BIG_DOMAIN;
    else if (output)
      std::memcpy(output, out, len + 1);
    std::free(out);
  }
  return rc;
}

int idn2_to_ascii_4z(const uint32_t* input, char** output, int flags) {
  return via_utf8(input, output, [&](const char* u8) { return lookup_u8(u8, output, flags); });
}

int idn2_to_ascii_8z(const char* input, char** output, int flags) {
  return lookup_u8(input, output, flags);
}

int idn2_to_ascii_lz(const char* input, char** output, int flags) {
  return idn2_lookup_ul(input, output, flags);
}

const char* idn2_check_version(const char* req_version) {
  if (!req_version || strverscmp(req_version, IDN2_VERSION) <= 0) return IDN2_VERSION;
  return nullptr;
}

void idn2_free(void* ptr) { std::free(ptr); }

}  // extern "C"
