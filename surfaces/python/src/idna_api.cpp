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
// InvalidCodepointContext).  Messages are ours; each says what and where
// (1-based position, as idna counts).
#include <pybind11/pybind11.h>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

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

[[noreturn]] void fail(kind k, const std::string& message) {
  py::object& cls = classes()[static_cast<unsigned>(k)];
  PyErr_SetString(cls ? cls.ptr() : PyExc_UnicodeError, message.c_str());
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

bool is_ascii(std::u32string_view s) {
  for (char32_t c : s)
    if (c >= 0x80) return false;
  return true;
}

// ---- the single checks (idna.core's check_* and valid_*) ----

void check_nfc(std::u32string_view label) {
  if (!puny::idna2008::is_nfc(label))
    fail(kind::error, "label " + repr(label) + " is not in Normalization Form C (RFC 5891 section 4.2.2)");
}

void check_hyphen_ok(std::u32string_view label) {
  if (label.size() >= 4 && label[2] == U'-' && label[3] == U'-')
    fail(kind::error, "label " + repr(label) + " has '--' in its 3rd and 4th positions (RFC 5891 section 4.2.3.1)");
  if (label.empty()) throw py::index_error("string index out of range");  // as idna: label[0]
  if (label.front() == U'-' || label.back() == U'-')
    fail(kind::error, "label " + repr(label) + " starts or ends with a hyphen (RFC 5891 section 4.2.3.1)");
}

void check_initial_combiner(std::u32string_view label) {
  if (label.empty()) throw py::index_error("string index out of range");
  if (puny::idna2008::is_combining_mark(label.front()))
    fail(kind::error, "label " + repr(label) + " starts with the combining mark " + unot(label.front()) +
                          " (RFC 5891 section 4.2.3.2)");
}

void check_bidi(std::u32string_view label, bool check_ltr) {
  // The Bidi rule applies to a label with an R, AL or AN code point, or to
  // any label when the caller asks (RFC 5893 section 2).
  if (!check_ltr && !puny::idna2008::is_rtl_label(label)) return;
  if (label.empty()) throw py::index_error("string index out of range");
  const unsigned failed = puny::idna2008::bidi_rule_failures(label);
  if (failed == 0) return;
  unsigned rule = 1;
  while ((failed & (1u << (rule - 1))) == 0) ++rule;
  fail(kind::bidi, "label " + repr(label) + " breaks rule " + std::to_string(rule) +
                       " of the Bidi rule (RFC 5893 section 2)");
}

// pos as Python indexes: negative counts from the end; out of range raises.
std::size_t index_of(std::u32string_view label, Py_ssize_t pos) {
  const auto n = static_cast<Py_ssize_t>(label.size());
  if (pos < 0) pos += n;
  if (pos < 0 || pos >= n) throw py::index_error("string index out of range");
  return static_cast<std::size_t>(pos);
}

void check_label(std::u32string_view label) {
  if (label.empty()) fail(kind::error, "empty label");
  check_nfc(label);
  check_hyphen_ok(label);
  check_initial_combiner(label);
  using puny::idna2008::property;
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char32_t c = label[i];
    switch (puny::idna2008::derived_property(c)) {
      case property::pvalid:
        break;
      case property::contextj:
        if (!puny::idna2008::contextj_holds(label, i))
          fail(kind::context, "joiner " + unot(c) + " " + at(i, label) +
                                  " is not in a context RFC 5892 appendix A.1/A.2 allows");
        break;
      case property::contexto:
        if (!puny::idna2008::contexto_holds(label, i))
          fail(kind::context, unot(c) + " " + at(i, label) + " is not in a context RFC 5892 appendix A allows");
        break;
      case property::disallowed:
        fail(kind::codepoint, unot(c) + " " + at(i, label) + " is DISALLOWED (RFC 5892)");
      case property::unassigned:
        fail(kind::codepoint, unot(c) + " " + at(i, label) + " is UNASSIGNED (RFC 5892)");
    }
  }
  check_bidi(label, false);
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
        fail(kind::codepoint, unot(c) + " " + at(i, domain) + " is disallowed by UTS #46 (IdnaMappingTable.txt)");
    }
    if (std3)
      for (char32_t r : add)
        if (!std3_ok(r))
          fail(kind::codepoint, unot(c) + " " + at(i, domain) + " is not allowed with std3_rules (UseSTD3ASCIIRules)");
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
  if (rest.empty()) fail(kind::error, "A-label " + repr(label) + " has nothing after xn--");
  if (rest.back() == U'-') fail(kind::error, "A-label " + repr(label) + " ends with a hyphen");
  std::string ascii(rest.begin(), rest.end());
  auto decoded = puny::punycode::decode(ascii);
  if (!decoded.ok())
    fail(kind::error, "A-label " + repr(label) + " is not valid Punycode: " + puny::to_string(decoded.status));
  check_label(decoded.value);
  return std::move(decoded.value);
}

constexpr std::size_t max_label = 63;

std::string alabel(std::u32string_view label) {
  if (is_ascii(label)) {
    (void)ulabel(label);  // validated as ulabel would; returned as given
    if (label.size() > max_label) fail(kind::error, "label " + repr(label) + " is longer than 63 bytes");
    return std::string(label.begin(), label.end());
  }
  check_label(label);
  auto encoded = puny::punycode::encode(label);
  if (!encoded.ok())
    fail(kind::error, "label " + repr(label) + " cannot be Punycode-encoded: " + puny::to_string(encoded.status));
  std::string out = "xn--" + encoded.value;
  if (out.size() > max_label) fail(kind::error, "label " + repr(label) + " is longer than 63 bytes as an A-label");
  return out;
}

// ---- names ----

bool is_dot(char32_t c, bool strict) {
  return c == U'.' || (!strict && (c == 0x3002 || c == 0xFF0E || c == 0xFF61));
}

// Labels of `s` and whether it ended with a dot (the empty root label,
// dropped); raises for an empty name.
std::vector<std::u32string_view> split(std::u32string_view s, bool strict, bool& trailing_dot) {
  if (s.empty()) fail(kind::error, "empty domain name");
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
    if (a.empty()) fail(kind::error, "empty label");
    if (!out.empty()) out += '.';
    out += a;
  }
  if (trailing_dot) out += '.';
  if (out.size() > (trailing_dot ? 254u : 253u))
    fail(kind::error, "domain name is longer than 253 bytes (" + std::to_string(out.size()) + ")");
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
    if (u.empty()) fail(kind::error, "empty label");
    if (!first) out += U'.';
    first = false;
    out += u;
  }
  if (trailing_dot) out += U'.';
  return str_of(out);
}

}  // namespace

// Called from PYBIND11_MODULE(_puny) in _puny.cpp.
void bind_idna_api(py::module_& m) {
  m.def("idna_register", [](py::object error, py::object bidi, py::object codepoint, py::object context) {
    py::object* c = classes();
    c[0] = std::move(error);
    c[1] = std::move(bidi);
    c[2] = std::move(codepoint);
    c[3] = std::move(context);
  });
  m.def("idna_encode", &encode, py::arg("s"), py::arg("strict"), py::arg("uts46"), py::arg("std3_rules"),
        py::arg("transitional"));
  m.def("idna_decode", &decode, py::arg("s"), py::arg("strict"), py::arg("uts46"), py::arg("std3_rules"));
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
