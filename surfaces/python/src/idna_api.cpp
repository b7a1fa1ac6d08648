// puny._puny, the `idna` package's API (puny.idna, docs/python-idna.md):
// the algorithm of kjd/idna 3.x's core (encode, decode, alabel, ulabel,
// check_label, uts46_remap and the single checks) on the library's tables.
//
// idna's order of work, which decides which exception a bad name raises:
//   encode: [UTS #46 Map + NFC (uts46_remap)], split at the dots (U+002E
//     only when strict, else also U+3002, U+FF0E, U+FF61), then per label
//     alabel: an all-ASCII label is validated as ulabel would (lowercased,
//     xn-- decoded) and returned as given; any other label must pass
//     check_label and is Punycode-encoded.  63 bytes per label, 253 per name
//     (254 with the root dot).
//   decode: [uts46_remap without transitional], split, per label ulabel:
//     a non-ASCII label must pass check_label; an ASCII one is lowercased and,
//     with the xn-- prefix, Punycode-decoded and checked.
//   check_label (RFC 5891 section 4.2): not empty, NFC (4.2.2), hyphens
//     (4.2.3.1), no leading mark (4.2.3.2), each code point PVALID or a
//     CONTEXTJ/CONTEXTO code point whose RFC 5892 rule holds (4.2.3.3), then
//     the RFC 5893 Bidi rule on this label when it holds an R, AL or AN
//     code point (idna applies it per label, not per name).
// The RFC rules are the library's (puny/idna2008.hpp, puny/idna.hpp); this
// file only orders them and raises idna's exception classes, registered by
// puny/idna/core.py (IDNAError, IDNABidiError, InvalidCodepoint,
// InvalidCodepointContext).  An exception's message (str(e), e.args[0]) is
// idna 3.3's own text for the same failure, since its users match it
// (dnspython: e.args[0] == "Label too long"; email-validator: "Domain too
// long" in str(e), and its tests compare whole messages); puny's description,
// which names the rule, is the exception's `detail` attribute.
#include <pybind11/pybind11.h>

#include <cstdio>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "call_guard.hpp"
#include "puny/idna.hpp"
#include "puny/idna2008.hpp"
#include "puny/punycode.hpp"

namespace py = pybind11;

namespace {

enum class kind : unsigned { error, bidi, codepoint, context };

py::object* classes() {
  static auto* c = new py::object[4];  // never destroyed: outlives the interpreter
  return c;
}

// Raises class `k` with idna's message `idna_text` and puny's `detail`.
[[noreturn]] void fail(kind k, const std::string& idna_text, const std::string& detail) {
  py::object& cls = classes()[static_cast<unsigned>(k)];
  if (!cls) throw py::value_error(detail);  // puny.idna.core not imported
  py::object e = cls(idna_text);
  e.attr("detail") = detail;
  PyErr_SetObject(cls.ptr(), e.ptr());
  throw py::error_already_set();
}

// ---- str <-> code points ----

std::u32string code_points(py::handle s) {
  if (!PyUnicode_Check(s.ptr())) throw py::type_error("puny.idna: expected str");
  const Py_ssize_t n = PyUnicode_GET_LENGTH(s.ptr());
  const int k = PyUnicode_KIND(s.ptr());
  const void* data = PyUnicode_DATA(s.ptr());
  std::u32string out(static_cast<std::size_t>(n), U'\0');
  for (Py_ssize_t i = 0; i < n; ++i)
    out[static_cast<std::size_t>(i)] = static_cast<char32_t>(PyUnicode_READ(k, data, i));
  return out;
}

py::str str_of(std::u32string_view s) {
  PyObject* o = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, s.data(), static_cast<Py_ssize_t>(s.size()));
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(o);
}

std::string repr(std::u32string_view s) {
  return py::repr(str_of(s)).cast<std::string>();
}

std::string unot(char32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
  return buf;
}

std::string at(std::size_t i, std::u32string_view label) {
  return "at position " + std::to_string(i + 1) + " of " + repr(label);
}

// idna's messages for a code point it refuses (check_label, uts46_remap).
std::string codepoint_not_allowed(char32_t c, std::size_t i, std::u32string_view label) {
  return "Codepoint " + unot(c) + " at position " + std::to_string(i + 1) + " of " + repr(label) + " not allowed";
}
std::string remap_not_allowed(char32_t c, std::size_t i, std::u32string_view domain) {
  return "Codepoint " + unot(c) + " not allowed at position " + std::to_string(i + 1) + " in " + repr(domain);
}

// idna decodes an A-label with Python's punycode codec, which gives lone
// surrogates where RFC 3492 fails; check_label then refuses the first one:
// that message, of the codec's output for `ascii` (the label after xn--).
std::string surrogate_not_allowed(const std::string& ascii) {
  PyObject* t = PyUnicode_Decode(ascii.data(), static_cast<Py_ssize_t>(ascii.size()), "punycode", "strict");
  if (t == nullptr) {
    PyErr_Clear();
    return "Invalid A-label";
  }
  const std::u32string decoded = code_points(py::reinterpret_steal<py::object>(t));
  for (std::size_t i = 0; i < decoded.size(); ++i)
    if (decoded[i] >= 0xD800 && decoded[i] <= 0xDFFF) return codepoint_not_allowed(decoded[i], i, decoded);
  return "Invalid A-label";
}

template <class Text>
bool is_ascii(const Text& s) {
  for (auto c : s)
    if (static_cast<char32_t>(static_cast<std::make_unsigned_t<decltype(c)>>(c)) >= 0x80) return false;
  return true;
}

// ---- the single checks (idna.core's check_* and valid_*) ----

void check_nfc(std::u32string_view label) {
  if (!puny::idna2008::is_nfc(label))
    fail(kind::error, "Label must be in Normalization Form C",
         "label " + repr(label) + " is not in Normalization Form C (RFC 5891 section 4.2.2)");
}

void check_hyphen_ok(std::u32string_view label) {
  if (label.size() >= 4 && label[2] == U'-' && label[3] == U'-')
    fail(kind::error, "Label has disallowed hyphens in 3rd and 4th position",
         "label " + repr(label) + " has '--' in its 3rd and 4th positions (RFC 5891 section 4.2.3.1)");
  if (label.empty()) throw py::index_error("string index out of range");  // as idna: label[0]
  if (label.front() == U'-' || label.back() == U'-')
    fail(kind::error, "Label must not start or end with a hyphen",
         "label " + repr(label) + " starts or ends with a hyphen (RFC 5891 section 4.2.3.1)");
}

void check_initial_combiner(std::u32string_view label) {
  if (label.empty()) throw py::index_error("string index out of range");
  if (puny::idna2008::is_combining_mark(label.front()))
    fail(kind::error, "Label begins with an illegal combining character",
         "label " + repr(label) + " starts with the combining mark " + unot(label.front()) +
                          " (RFC 5891 section 4.2.3.2)");
}

// A code point Python's unicodedata gives no Bidi_Class ('' : unassigned,
// noncharacters), which idna's check_bidi refuses in any label.
bool unknown_direction(char32_t c) {
  if ((c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE) return true;
  return puny::idna2008::derived_property(c) == puny::idna2008::property::unassigned;
}

// idna's message for a label that breaks the Bidi rule (`failed`, bit n-1
// for rule n): idna scans the label and stops at the first code point that
// breaks rule 2, 4 or 5, else reports the ending (rule 3 or 6).  Rules 2, 4
// and 5 fail for a prefix as soon as they fail for a shorter one, so the
// shortest failing prefix, found by bisection, is where idna stops.
std::string bidi_message(std::u32string_view label, unsigned failed) {
  if (failed & 1u) return "First codepoint in label " + repr(label) + " must be directionality L, R or AL";
  const unsigned scanned = failed & ((1u << 1) | (1u << 3) | (1u << 4));  // rules 2, 4, 5
  if (scanned == 0) return "Label ends with illegal codepoint directionality";
  std::size_t lo = 1, hi = label.size();  // the prefix of hi code points fails, of lo - 1 does not
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (puny::idna2008::bidi_rule_failures(label.substr(0, mid)) & scanned) hi = mid;
    else lo = mid + 1;
  }
  const unsigned at_hi = puny::idna2008::bidi_rule_failures(label.substr(0, hi)) & scanned;
  if (at_hi & (1u << 3)) return "Can not mix numeral types in a right-to-left label";
  const bool rtl = (at_hi & (1u << 1)) != 0;
  return "Invalid direction for codepoint at position " + std::to_string(hi) + " in a " +
         (rtl ? "right-to-left" : "left-to-right") + " label";
}

void check_bidi(std::u32string_view label, bool check_ltr) {
  for (std::size_t i = 0; i < label.size(); ++i)
    if (unknown_direction(label[i]))
      fail(kind::bidi, "Unknown directionality in label " + repr(label) + " at position " + std::to_string(i + 1),
           unot(label[i]) + " " + at(i, label) + " is unassigned: it has no Bidi_Class yet (RFC 5893 section 2)");
  // The Bidi rule applies to a label with an R, AL or AN code point, or to
  // any label when the caller asks (RFC 5893 section 2).
  if (!check_ltr && !puny::idna2008::is_rtl_label(label)) return;
  if (label.empty()) throw py::index_error("string index out of range");
  const unsigned failed = puny::idna2008::bidi_rule_failures(label);
  if (failed == 0) return;
  unsigned rule = 1;
  while ((failed & (1u << (rule - 1))) == 0) ++rule;
  fail(kind::bidi, bidi_message(label, failed),
       "label " + repr(label) + " breaks rule " + std::to_string(rule) + " of the Bidi rule (RFC 5893 section 2)");
}

// pos as Python indexes: negative counts from the end; out of range raises.
std::size_t index_of(std::u32string_view label, Py_ssize_t pos) {
  const auto n = static_cast<Py_ssize_t>(label.size());
  if (pos < 0) pos += n;
  if (pos < 0 || pos >= n) throw py::index_error("string index out of range");
  return static_cast<std::size_t>(pos);
}

// check_label's verdict without the exception (label_passes): the same
// checks, for the fast paths below and check_label's own first look, which
// builds no message for a good label.  An ASCII label (ascii_label_passes,
// `Text` of char or char32_t) skips the checks no ASCII code point can
// fail: it is NFC, holds no mark and no Bidi_Class R, AL or AN.
template <class Text>
bool ascii_label_passes(const Text& label) {
  if (label.empty()) return false;
  if (label.size() >= 4 && label[2] == '-' && label[3] == '-') return false;
  if (label.front() == '-' || label.back() == '-') return false;
  for (const auto c : label)
    if (puny::idna2008::derived_property(static_cast<char32_t>(c)) != puny::idna2008::property::pvalid)
      return false;  // no ASCII code point is CONTEXTJ or CONTEXTO
  return true;
}

bool label_passes(std::u32string_view label) {
  if (is_ascii(label)) return ascii_label_passes(label);
  if (!puny::idna2008::is_nfc(label)) return false;
  if (label.size() >= 4 && label[2] == U'-' && label[3] == U'-') return false;
  if (label.front() == U'-' || label.back() == U'-') return false;
  if (puny::idna2008::is_combining_mark(label.front())) return false;
  using puny::idna2008::property;
  bool has_context = false;
  for (const char32_t c : label) {
    switch (puny::idna2008::derived_property(c)) {
      case property::pvalid:
        break;
      case property::contextj:
      case property::contexto:
        has_context = true;
        break;
      default:
        return false;
    }
  }
  // The contextual rules in one pass over the label (per code point, the
  // whole-label rules A.7-A.9 would make this quadratic: CVE-2026-45409).
  if (has_context && puny::idna2008::first_context_failure(label) != std::u32string_view::npos)
    return false;
  return !puny::idna2008::is_rtl_label(label) || puny::idna2008::bidi_rule_failures(label) == 0;
}

void check_label(std::u32string_view label) {
  if (label_passes(label)) return;
  if (label.empty()) fail(kind::error, "Empty Label", "empty label");
  check_nfc(label);
  check_hyphen_ok(label);
  check_initial_combiner(label);
  using puny::idna2008::property;
  // The first code point whose contextual rule fails, found in one pass the
  // first time a CONTEXTJ or CONTEXTO code point is met (see label_passes).
  std::size_t context_failure = std::u32string_view::npos;
  bool context_checked = false;
  const auto context_fails = [&](std::size_t i) {
    if (!context_checked) {
      context_failure = puny::idna2008::first_context_failure(label);
      context_checked = true;
    }
    return i == context_failure;
  };
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char32_t c = label[i];
    switch (puny::idna2008::derived_property(c)) {
      case property::pvalid:
        break;
      case property::contextj:
        if (context_fails(i))
          fail(kind::context, "Joiner " + unot(c) + " not allowed at position " + std::to_string(i + 1) + " in " + repr(label),
               "joiner " + unot(c) + " " + at(i, label) +
                                  " is not in a context RFC 5892 appendix A.1/A.2 allows");
        break;
      case property::contexto:
        if (context_fails(i))
          fail(kind::context, "Codepoint " + unot(c) + " not allowed at position " + std::to_string(i + 1) + " in " + repr(label),
               unot(c) + " " + at(i, label) + " is not in a context RFC 5892 appendix A allows");
        break;
      case property::disallowed:
        fail(kind::codepoint, codepoint_not_allowed(c, i, label), unot(c) + " " + at(i, label) + " is DISALLOWED (RFC 5892)");
      case property::unassigned:
        fail(kind::codepoint, codepoint_not_allowed(c, i, label), unot(c) + " " + at(i, label) + " is UNASSIGNED (RFC 5892)");
    }
  }
  check_bidi(label, false);
  // label_passes and the checks above are the same rules; a label one
  // refuses and the other accepts would be a bug here, never a pass.
  fail(kind::error, "Invalid label", "label " + repr(label) + " failed a check (internal inconsistency in puny.idna)");
}

// ---- UTS #46 mapping (idna.uts46_remap) ----

// UseSTD3ASCIIRules: the ASCII a host name may hold (RFC 1123 LDH and the
// dot).  Older tables marked the other ASCII code points, and the code
// points mapped to them, disallowed_STD3_*; these tables leave that to this
// check (UTS #46 revision 31).
bool std3_ok(char32_t c) {
  return c >= 0x80 || (c >= U'a' && c <= U'z') || (c >= U'0' && c <= U'9') || c == U'-' || c == U'.';
}

std::u32string uts46_remap(std::u32string_view domain, bool std3, bool transitional) {
  using puny::idna::mapping_status;
  std::u32string out;
  out.reserve(domain.size());
  for (std::size_t i = 0; i < domain.size(); ++i) {
    const char32_t c = domain[i];
    const puny::idna::mapping_entry e = puny::idna::mapping_of(c);
    std::u32string_view add;
    switch (e.status) {
      case mapping_status::valid:
        add = std::u32string_view(&domain[i], 1);
        break;
      case mapping_status::deviation:
        add = transitional ? e.replacement : std::u32string_view(&domain[i], 1);
        break;
      case mapping_status::mapped:
        add = e.replacement;
        break;
      case mapping_status::ignored:
        continue;
      case mapping_status::disallowed:
        fail(kind::codepoint, remap_not_allowed(c, i, domain),
             unot(c) + " " + at(i, domain) + " is disallowed by UTS #46 (IdnaMappingTable.txt)");
    }
    if (std3)
      for (char32_t r : add)
        if (!std3_ok(r))
          fail(kind::codepoint, remap_not_allowed(c, i, domain),
               unot(c) + " " + at(i, domain) + " is not allowed with std3_rules (UseSTD3ASCIIRules)");
    out.append(add);
  }
  return puny::idna2008::nfc(out);
}

// ---- labels ----

constexpr std::u32string_view ace_prefix = U"xn--";

std::u32string ascii_lower(std::u32string_view s) {
  std::u32string out(s);
  for (char32_t& c : out)
    if (c >= U'A' && c <= U'Z') c += 0x20;
  return out;
}

std::u32string ulabel(std::u32string_view label) {
  if (!is_ascii(label)) {
    check_label(label);
    return std::u32string(label);
  }
  std::u32string low = ascii_lower(label);
  if (low.compare(0, ace_prefix.size(), ace_prefix) != 0) {
    check_label(low);
    return low;
  }
  const std::u32string_view rest = std::u32string_view(low).substr(ace_prefix.size());
  if (rest.empty())
    fail(kind::error, "Malformed A-label, no Punycode eligible content found",
         "A-label " + repr(label) + " has nothing after xn--");
  if (rest.back() == U'-') fail(kind::error, "A-label must not end with a hyphen", "A-label " + repr(label) + " ends with a hyphen");
  std::string ascii(rest.begin(), rest.end());
  // Python's punycode codec (idna's decoder) splits at the last '-' even
  // when nothing precedes it ("xn---a" is "a" with no basic code points),
  // where RFC 3492 section 6.2 would read that '-' as a digit and fail.
  if (ascii.size() > 1 && ascii[0] == '-' && ascii.find('-', 1) == std::string::npos) ascii.erase(0, 1);
  auto decoded = puny::punycode::decode(ascii);
  if (!decoded.ok()) {
    // Python's punycode codec, which idna uses, decodes to surrogates too,
    // and check_label then refuses them (DISALLOWED): the same class here.
    const puny::status& st = decoded.status;
    if (st.code == puny::errc::decoded_out_of_range && st.has_code_point() && st.code_point >= 0xD800 &&
        st.code_point <= 0xDFFF)
      fail(kind::codepoint, surrogate_not_allowed(ascii),
           "A-label " + repr(label) + " decodes to the surrogate " + unot(st.code_point) + ", which is DISALLOWED (RFC 5892)");
    fail(kind::error, "Invalid A-label", "A-label " + repr(label) + " is not valid Punycode: " + puny::to_string(st));
  }
  check_label(decoded.value);
  return std::move(decoded.value);
}

constexpr std::size_t max_label = 63;

std::string alabel(std::u32string_view label) {
  if (is_ascii(label)) {
    (void)ulabel(label);  // validated as ulabel would; returned as given
    if (label.size() > max_label) fail(kind::error, "Label too long", "label " + repr(label) + " is longer than 63 bytes");
    return std::string(label.begin(), label.end());
  }
  check_label(label);
  auto encoded = puny::punycode::encode(label);
  if (!encoded.ok())
    fail(kind::error, "Invalid label", "label " + repr(label) + " cannot be Punycode-encoded: " + puny::to_string(encoded.status));
  std::string out = "xn--" + encoded.value;
  if (out.size() > max_label)
    fail(kind::error, "Label too long", "label " + repr(label) + " is longer than 63 bytes as an A-label (" + std::to_string(out.size()) + ")");
  return out;
}

// ---- names ----

bool is_dot(char32_t c, bool strict) {
  return c == U'.' || (!strict && (c == 0x3002 || c == 0xFF0E || c == 0xFF61));
}

// Labels of `s` and whether it ended with a dot (the empty root label,
// dropped); raises for an empty name.
std::vector<std::u32string_view> split(std::u32string_view s, bool strict, bool& trailing_dot) {
  if (s.empty()) fail(kind::error, "Empty domain", "empty domain name");
  std::vector<std::u32string_view> labels;
  std::size_t b = 0;
  for (std::size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || is_dot(s[i], strict)) {
      labels.push_back(s.substr(b, i - b));
      b = i + 1;
    }
  trailing_dot = labels.back().empty();
  if (trailing_dot) labels.pop_back();
  return labels;
}

py::bytes encode(py::handle s, bool strict, bool uts46, bool std3, bool transitional) {
  std::u32string text = code_points(s);
  if (uts46) text = uts46_remap(text, std3, transitional);
  bool trailing_dot = false;
  std::string out;
  for (std::u32string_view label : split(text, strict, trailing_dot)) {
    const std::string a = alabel(label);
    if (a.empty()) fail(kind::error, "Empty label", "empty label");
    if (!out.empty()) out += '.';
    out += a;
  }
  if (trailing_dot) out += '.';
  if (out.size() > (trailing_dot ? 254u : 253u))
    fail(kind::error, "Domain too long",
         "domain name is longer than " + std::to_string(trailing_dot ? 254 : 253) + " bytes (" + std::to_string(out.size()) + ")");
  return py::bytes(out);
}

py::str decode(py::handle s, bool strict, bool uts46, bool std3) {
  std::u32string text = code_points(s);
  if (uts46) text = uts46_remap(text, std3, false);
  bool trailing_dot = false;
  std::u32string out;
  bool first = true;
  for (std::u32string_view label : split(text, strict, trailing_dot)) {
    const std::u32string u = ulabel(label);
    if (u.empty()) fail(kind::error, "Empty label", "empty label");
    if (!first) out += U'.';
    first = false;
    out += u;
  }
  if (trailing_dot) out += U'.';
  return str_of(out);
}

// ---- fast paths for ASCII input ----
// Most names handed to idna are ASCII (host names, A-labels).  For them
// encode and decode run on the str's own bytes with one reused buffer, and
// say "done" only when the general path above would succeed with the same
// result; on anything else (an error, an xn-- label to encode, a mapping to
// non-ASCII) they give up and the general path runs from the start, so that
// it raises what it raises.

// UTS #46 Map of ASCII text into `out` (idna.uts46_remap's rules); false
// when a code point maps to anything but one ASCII code point or std3
// refuses it.  ASCII is NFC, so no normalization follows.
bool remap_ascii(std::string_view in, bool std3, std::string& out) {
  using puny::idna::mapping_status;
  out.clear();
  for (const char ch : in) {
    const auto c = static_cast<char32_t>(static_cast<unsigned char>(ch));
    const puny::idna::mapping_entry e = puny::idna::mapping_of(c);
    char32_t r = c;
    if (e.status == mapping_status::mapped && e.replacement.size() == 1 && e.replacement[0] < 0x80)
      r = e.replacement[0];
    else if (e.status != mapping_status::valid)
      return false;
    if (std3 && !std3_ok(r)) return false;
    out += static_cast<char>(r);
  }
  return true;
}

std::string_view ascii_view(PyObject* s) {
  if (!PyUnicode_IS_ASCII(s)) return {};
  return std::string_view(reinterpret_cast<const char*>(PyUnicode_1BYTE_DATA(s)),
                          static_cast<std::size_t>(PyUnicode_GET_LENGTH(s)));
}

bool starts_with_ace(std::string_view label) {
  return label.size() >= 4 && (label[0] | 0x20) == 'x' && (label[1] | 0x20) == 'n' && label[2] == '-' &&
         label[3] == '-';
}

// Calls f(label) for each label of `name` split at '.', after idna's
// empty-name and root-dot rules; false when f says so or the name is empty.
template <class F>
bool each_label(std::string_view name, bool& trailing_dot, F&& f) {
  if (name.empty()) return false;
  trailing_dot = name.back() == '.';
  if (trailing_dot) name.remove_suffix(1);
  std::size_t b = 0;
  for (std::size_t i = 0; i <= name.size(); ++i)
    if (i == name.size() || name[i] == '.') {
      if (!f(name.substr(b, i - b))) return false;
      b = i + 1;
    }
  return true;
}

bool encode_ascii(std::string_view in, bool uts46, bool std3, std::string& out) {
  thread_local std::string mapped;
  if (uts46) {
    if (!remap_ascii(in, std3, mapped)) return false;
    in = mapped;
  }
  bool trailing_dot = false;
  char low[max_label];
  const bool ok = each_label(in, trailing_dot, [&](std::string_view label) {
    // alabel of an ASCII label: validated as ulabel would (lowercased), given back as it is.
    if (label.size() > max_label || starts_with_ace(label)) return false;
    for (std::size_t i = 0; i < label.size(); ++i)
      low[i] = (label[i] >= 'A' && label[i] <= 'Z') ? static_cast<char>(label[i] + 0x20) : label[i];
    return ascii_label_passes(std::string_view(low, label.size()));
  });
  if (!ok) return false;
  out.assign(in);
  return out.size() <= (trailing_dot ? 254u : 253u);
}

bool decode_ascii(std::string_view in, bool uts46, bool std3, std::u32string& out) {
  thread_local std::string mapped;
  if (uts46) {
    if (!remap_ascii(in, std3, mapped)) return false;
    in = mapped;
  }
  out.clear();
  bool trailing_dot = false;
  const bool ok = each_label(in, trailing_dot, [&](std::string_view label) {
    if (!out.empty()) out += U'.';
    if (!starts_with_ace(label)) {  // ulabel: lowercased and checked
      const std::size_t start = out.size();
      for (const char ch : label) out += static_cast<char32_t>((ch >= 'A' && ch <= 'Z') ? ch + 0x20 : ch);
      return label_passes(std::u32string_view(out).substr(start));
    }
    std::string rest(label.substr(4));
    for (char& ch : rest)
      if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch + 0x20);
    if (rest.empty() || rest.back() == '-') return false;
    const auto decoded = puny::punycode::decode(rest);
    if (!decoded.ok() || !label_passes(decoded.value)) return false;
    out += decoded.value;
    return true;
  });
  if (!ok) return false;
  if (trailing_dot) out += U'.';
  return true;
}

// ---- encode and decode as METH_FASTCALL functions ----
// They are the hot path (requests calls encode once per request), and
// pybind11's dispatcher with five converted arguments costs more than the
// conversion of a host name, so they parse idna's parameters directly:
// (s, strict=False, uts46=False, std3_rules=False, transitional=False), any
// of them by keyword, flags by truth value as idna tests them.

const char* const encode_params[] = {"s", "strict", "uts46", "std3_rules", "transitional"};

// Fills values[0..n) from positional and keyword arguments; raises TypeError.
void parse(const char* function, std::size_t n, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames,
           PyObject** values) {
  if (nargs > static_cast<Py_ssize_t>(n))
    throw py::type_error(std::string(function) + "() takes at most " + std::to_string(n) + " arguments");
  for (Py_ssize_t i = 0; i < nargs; ++i) values[i] = args[i];
  const Py_ssize_t nkw = kwnames != nullptr ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    PyObject* name = PyTuple_GET_ITEM(kwnames, k);
    std::size_t i = 0;
    while (i < n && PyUnicode_CompareWithASCIIString(name, encode_params[i]) != 0) ++i;
    if (i == n)
      throw py::type_error(std::string(function) + "() got an unexpected keyword argument '" +
                           py::str(name).cast<std::string>() + "'");
    if (values[i] != nullptr)
      throw py::type_error(std::string(function) + "() got multiple values for argument '" + encode_params[i] + "'");
    values[i] = args[nargs + k];
  }
  if (values[0] == nullptr) throw py::type_error(std::string(function) + "() missing required argument 's'");
}

bool truth(PyObject* o) {
  if (o == nullptr) return false;
  const int t = PyObject_IsTrue(o);
  if (t < 0) throw py::error_already_set();
  return t != 0;
}

// idna's input rule: a str as it is; anything else through str(s, "ascii"),
// whose UnicodeDecodeError becomes IDNAError (TypeError and the like pass).
py::object text_of(PyObject* s, const char* what) {
  if (PyUnicode_Check(s)) return py::reinterpret_borrow<py::object>(s);
  PyObject* t = PyUnicode_FromEncodedObject(s, "ascii", "strict");
  if (t == nullptr) {
    if (PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) {
      PyErr_Clear();
      fail(kind::error, "Invalid ASCII in A-label", std::string("puny.idna.") + what + ": bytes input must be ASCII (pass a str)");
    }
    throw py::error_already_set();
  }
  return py::reinterpret_steal<py::object>(t);
}

template <class F>
PyObject* guarded(F&& body) noexcept {
  return puny_python::call_guarded([&]() -> PyObject* { return body().release().ptr(); });
}

PyObject* py_encode(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return guarded([&]() -> py::object {
    PyObject* v[5] = {};
    parse("encode", 5, args, nargs, kwnames, v);
    const py::object s = text_of(v[0], "encode");
    const bool strict = truth(v[1]), uts46 = truth(v[2]), std3 = truth(v[3]), transitional = truth(v[4]);
    // idna 3.12 and later: the flag still maps deviations, with a warning
    // (UTS #46 deprecated Transitional_Processing in Unicode 16.0).
    if (transitional &&
        PyErr_WarnEx(PyExc_DeprecationWarning,
                     "puny.idna.encode: transitional processing was deprecated by UTS #46 (Unicode 16.0); "
                     "the transitional argument will go, as in idna 3.12 and later",
                     1) < 0)
      throw py::error_already_set();
    const std::string_view ascii = ascii_view(s.ptr());
    thread_local std::string out;
    if (ascii.data() != nullptr && encode_ascii(ascii, uts46, std3, out)) return py::bytes(out);
    return encode(s, strict, uts46, std3, transitional);
  });
}

PyObject* py_decode(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return guarded([&]() -> py::object {
    PyObject* v[4] = {};
    parse("decode", 4, args, nargs, kwnames, v);
    const py::object s = text_of(v[0], "decode");
    const bool strict = truth(v[1]), uts46 = truth(v[2]), std3 = truth(v[3]);
    const std::string_view ascii = ascii_view(s.ptr());
    thread_local std::u32string out;
    if (ascii.data() != nullptr && decode_ascii(ascii, uts46, std3, out)) return str_of(out);
    return decode(s, strict, uts46, std3);
  });
}

PyMethodDef fast_functions[] = {
    {"idna_encode", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(py_encode)),
     METH_FASTCALL | METH_KEYWORDS,
     "idna_encode(s, strict=False, uts46=False, std3_rules=False, transitional=False)\n--\n\n"
     "The A-label form of domain name s as bytes (idna.encode); raises IDNAError or a subclass."},
    {"idna_decode", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(py_decode)),
     METH_FASTCALL | METH_KEYWORDS,
     "idna_decode(s, strict=False, uts46=False, std3_rules=False)\n--\n\n"
     "The U-label form of domain name s as str (idna.decode); raises IDNAError or a subclass."},
    {nullptr, nullptr, 0, nullptr}};

}  // namespace

// Called from PYBIND11_MODULE(_puny) in module.cpp.
void bind_idna_api(py::module_& m) {
  m.def("idna_register", [](py::object error, py::object bidi, py::object codepoint, py::object context) {
    py::object* c = classes();
    c[0] = std::move(error);
    c[1] = std::move(bidi);
    c[2] = std::move(codepoint);
    c[3] = std::move(context);
  });
  if (PyModule_AddFunctions(m.ptr(), fast_functions) != 0) throw py::error_already_set();
  m.def("idna_alabel", [](py::handle label) { return py::bytes(alabel(code_points(label))); });
  m.def("idna_ulabel", [](py::handle label) { return str_of(ulabel(code_points(label))); });
  m.def("idna_check_label", [](py::handle label) { check_label(code_points(label)); });
  m.def("idna_uts46_remap", [](py::handle domain, bool std3, bool transitional) {
    return str_of(uts46_remap(code_points(domain), std3, transitional));
  });
  m.def("idna_check_bidi", [](py::handle label, bool check_ltr) { check_bidi(code_points(label), check_ltr); });
  m.def("idna_check_nfc", [](py::handle label) { check_nfc(code_points(label)); });
  m.def("idna_check_hyphen_ok", [](py::handle label) { check_hyphen_ok(code_points(label)); });
  m.def("idna_check_initial_combiner", [](py::handle label) { check_initial_combiner(code_points(label)); });
  m.def("idna_valid_contextj", [](py::handle label, Py_ssize_t pos) {
    const std::u32string l = code_points(label);
    return puny::idna2008::contextj_holds(l, index_of(l, pos));
  });
  m.def("idna_valid_contexto", [](py::handle label, Py_ssize_t pos) {
    const std::u32string l = code_points(label);
    return puny::idna2008::contexto_holds(l, index_of(l, pos));
  });
}
