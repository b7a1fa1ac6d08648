// Differential fuzz target: puny's libidn2-compatible library
// (surfaces/idn2, compiled into this program) against the real libidn2,
// loaded with dlmopen(LM_ID_NEWLM) so that its symbols, which have the same
// names, live in a namespace of their own.
//
// Input: byte 0 picks the flags (all 256 combinations of the eight
// idn2_flags bits, the invalid ones included), the rest up to the first NUL
// is the name.  Compared: idn2_lookup_u8, idn2_register_u8 (as a U-label)
// and idn2_to_unicode_8z8z.  A difference aborts unless it falls in a class
// surfaces/idn2/README.md documents:
//   both fail                 any two codes (D5)
//   one fails, one succeeds   the name holds an ASCII code point outside
//                             letters, digits, '-' and '.' (D2, D3, D6), a
//                             right-to-left code point (D7), or a code
//                             point the two libraries classify differently
//                             on its own (D1: Unicode data; D15: a
//                             code point UTS #46 maps to non-LDH ASCII,
//                             inside an A-label); for
//                             to_unicode, an xn-- label ending in '-' (D4)
//                             an xn-- label that is no A-label or has
//                             uppercase letters, lowercased first (D9);
//                             we fail on a name with an xn-- label in
//                             to_unicode (D10: only valid A-labels) or
//                             under IDN2_NO_ALABEL_ROUNDTRIP (D14: its
//                             U-label is checked); libidn2 says
//                             IDN2_NOT_NFC after IDN2_NFC_INPUT for a
//                             supplementary code point followed by a run
//                             NFC changes (D16)
//   both succeed              the results must be equal
// Not part of the default build: -DPUNY_BUILD_FUZZ=ON (clang), and the
// system's libidn2.so.0 at run time (package libidn2-0).  Counters of each
// class are printed at exit.
#include <dlfcn.h>
#include <link.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "idn2.h"
#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "puny/unicode.hpp"
#include "unicode/ucd.hpp"  // combining_class (src/)

namespace {

struct peer {
  int (*lookup_u8)(const uint8_t*, uint8_t**, int);
  int (*register_u8)(const uint8_t*, const uint8_t*, uint8_t**, int);
  int (*to_unicode_8z8z)(const char*, char**, int);
  void (*free_)(void*);
};

std::size_t counts[9];
bool odd_ace = false;  // set per input by LLVMFuzzerTestOneInput
bool has_ace = false;  // the name has an xn-- label (prefix in any case)
const char* count_names[] = {"equal", "both-fail", "code-point(D1/D2/D15)", "ascii-non-ldh(D2/D3/D6)", "D4", "D7", "D9", "D10/D14", "D16"};

void report() {
  std::fprintf(stderr, "idn2 differential:");
  for (int i = 0; i < 9; ++i) std::fprintf(stderr, " %s=%zu", count_names[i], counts[i]);
  std::fprintf(stderr, "\n");
}

const peer& system_libidn2() {
  static const peer p = [] {
    const char* path = std::getenv("PUNY_SYSTEM_LIBIDN2");
    void* h = dlmopen(LM_ID_NEWLM, path ? path : "libidn2.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      std::fprintf(stderr, "dlmopen libidn2.so.0: %s\n", dlerror());
      std::abort();
    }
    peer q{};
    q.lookup_u8 = reinterpret_cast<decltype(q.lookup_u8)>(dlsym(h, "idn2_lookup_u8"));
    q.register_u8 = reinterpret_cast<decltype(q.register_u8)>(dlsym(h, "idn2_register_u8"));
    q.to_unicode_8z8z = reinterpret_cast<decltype(q.to_unicode_8z8z)>(dlsym(h, "idn2_to_unicode_8z8z"));
    // Memory from the other namespace goes back to that namespace's free.
    q.free_ = reinterpret_cast<decltype(q.free_)>(dlsym(h, "free"));
    if (!q.lookup_u8 || !q.register_u8 || !q.to_unicode_8z8z || !q.free_) std::abort();
    std::atexit(report);
    return q;
  }();
  return p;
}

bool non_ldh_ascii(const std::string& s) {
  for (unsigned char c : s)
    if (c < 0x80 && !((c | 0x20) >= 'a' && (c | 0x20) <= 'z') && !(c >= '0' && c <= '9') && c != '-' &&
        c != '.')
      return true;
  return false;
}

bool non_ldh_ascii_u32(const std::u32string& u) {
  std::string ascii;
  for (char32_t c : u)
    if (c < 0x80) ascii.push_back(static_cast<char>(c));
  return non_ldh_ascii(ascii);
}

// The name after UTS #46 mapping (U+037E becomes ';'): what a non-LDH
// check must look at.
std::string mapped(const std::string& name, bool transitional = false) {
  return puny::idna::to_unicode(
             name, puny::idna::uts46_default.with_check_bidi(false).with_transitional_processing(transitional))
      .value;
}

bool right_to_left(const std::u32string& u) {
  for (char32_t c : u)
    if ((c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF) ||
        (c >= 0x10800 && c <= 0x10FFF) || (c >= 0x1E800 && c <= 0x1EFFF))
      return true;
  return false;
}

// A code point both libraries judge differently on its own, in a label
// with a plain letter ("a" + c): their Unicode data differ (D1).
bool data_difference(const std::u32string& u, int flags) {
  const peer& sys = system_libidn2();
  for (char32_t c : u) {
    if (c < 0x80) continue;
    std::string one = "a";
    puny::unicode::put_utf8(c, (one.resize(1 + puny::unicode::utf8_length(c)), &one[1]));
    // As a U-label and inside an A-label (a decoded label is checked
    // without mapping).
    puny::result<std::string> ace = puny::punycode::encode(std::u32string{U'a', c});
    const std::string forms[2] = {one, "xn--" + ace.value};
    // Under the caller's flags and each processing mode (register ignores
    // the mode flags, which may make the caller's invalid for lookup).
    const int modes[4] = {flags, 0, IDN2_TRANSITIONAL, IDN2_NO_TR46};
    for (const std::string& f : forms)
      for (const int m : modes) {
        const auto* p = reinterpret_cast<const uint8_t*>(f.c_str());
        if ((idn2_lookup_u8(p, nullptr, m) == IDN2_OK) != (sys.lookup_u8(p, nullptr, m) == IDN2_OK))
          return true;
      }
  }
  return false;
}

// A supplementary-plane code point followed by what NFC changes: the next
// code point and the marks after it (the run up to the next starter) are
// not their own NFC.  Examples: a code point NFC changes on its own
// (NFC_Quick_Check=No, UAX #15: U+2F800..U+2FA1F, U+212B, U+0344,
// U+0958), or marks out of canonical order (U+0315 U+0305).  libidn2 says
// IDN2_NOT_NFC even after IDN2_NFC_INPUT normalized the name (D16); with
// a base below U+10000 it normalizes the same run.
bool nfc_supplementary_pair(const std::u32string& u) {
  for (std::size_t i = 1; i < u.size(); ++i) {
    if (u[i - 1] < 0x10000) continue;
    std::size_t end = i + 1;
    while (end < u.size() && puny::detail::ucd::combining_class(u[end]) != 0) ++end;
    const std::u32string run = u.substr(i, end - i);
    if (puny::unicode::to_nfc(run) != run) return true;
  }
  return false;
}

[[noreturn]] void mismatch(const char* what, const std::string& name, int flags, int ours, int theirs,
                           const char* ours_out, const char* theirs_out) {
  std::fprintf(stderr, "%s(\"%s\", flags %d): ours %d \"%s\", libidn2 %d \"%s\"\n", what, name.c_str(),
               flags, ours, ours_out ? ours_out : "", theirs, theirs_out ? theirs_out : "");
  std::abort();
}

template <class Call, class SysCall>
void compare(const char* what, const std::string& name, const std::u32string& u, int flags, bool to_unicode,
             Call ours_call, SysCall sys_call) {
  const peer& sys = system_libidn2();
  char* ours = nullptr;
  char* theirs = nullptr;
  const int a = ours_call(&ours);
  const int b = sys_call(&theirs);
  if (a == IDN2_OK && b == IDN2_OK) {
    if (std::strcmp(ours, theirs) != 0) {
      // An ignored code point removed by one and not the other (D1).
      if (odd_ace) {
        ++counts[6];
      } else {
        if (!data_difference(u, flags)) mismatch(what, name, flags, a, b, ours, theirs);
        ++counts[2];
      }
    } else {
      ++counts[0];
    }
  } else if (a != IDN2_OK && b != IDN2_OK) {
    ++counts[1];
  } else if (a == IDN2_OK && b == IDN2_NOT_NFC && (flags & IDN2_NFC_INPUT) && nfc_supplementary_pair(u)) {
    ++counts[8];
  } else if (to_unicode && name.find("-.") != std::string::npos) {
    ++counts[4];
  } else if (to_unicode && name.size() && name.back() == '-') {
    ++counts[4];
  } else if (odd_ace) {
    ++counts[6];
  } else if (has_ace && a != IDN2_OK && (to_unicode || (flags & IDN2_NO_ALABEL_ROUNDTRIP))) {
    ++counts[7];
  } else if (non_ldh_ascii(name) || non_ldh_ascii_u32(u) || non_ldh_ascii(mapped(name))) {
    ++counts[3];
  } else if (right_to_left(u)) {
    ++counts[5];
  } else if (data_difference(u, flags)) {
    ++counts[2];
  } else {
    mismatch(what, name, flags, a, b, ours, theirs);
  }
  std::free(ours);
  if (theirs) sys.free_(theirs);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1 || size > 300) return 0;
  const int flags = data[0];
  std::string name(reinterpret_cast<const char*>(data + 1), size - 1);
  name.resize(std::strlen(name.c_str()));
  std::u32string u;
  // Ill-formed UTF-8 must be IDN2_ENCODING_ERROR (or another error) in
  // both; its code points are not classified.
  (void)puny::unicode::utf8_to_utf32(name, u);
  // The code points of xn-- labels count too (a decoded label is checked
  // like a U-label).  odd_ace: an xn-- label (prefix in any case) that is
  // no A-label (RFC 5890 section 2.3.2.1), or with uppercase letters,
  // which RFC 5891 section 5.3 lowercases and libidn2 does not (D9).
  odd_ace = false;
  has_ace = false;
  for (std::size_t start = 0; start <= name.size();) {
    std::size_t dot = name.find('.', start);
    if (dot == std::string::npos) dot = name.size();
    if (dot - start >= 4 && (name[start] | 0x20) == 'x' && (name[start + 1] | 0x20) == 'n' &&
        name[start + 2] == '-' && name[start + 3] == '-') {
      has_ace = true;
      puny::result<std::u32string> d = puny::punycode::decode(std::string_view(name).substr(start + 4, dot - start - 4));
      bool ascii_only = true;
      for (char32_t c : d.value) ascii_only = ascii_only && c < 0x80;
      bool upper = false;
      for (std::size_t i = start; i < dot; ++i) upper = upper || (name[i] >= 'A' && name[i] <= 'Z');
      if (!d.ok() || ascii_only || upper) odd_ace = true;
      if (d.ok()) u += d.value;
    }
    start = dot + 1;
  }
  // UTS #46 looks for xn-- after mapping (section 4, steps 1-4): a label
  // such as U+034F U+034F "xn--fzbyr" is an A-label once the ignored
  // U+034F are gone, so the code points it decodes to are classified too
  // (D1, D7), as the mapped, decoded name has them.  Both mappings: under
  // transitional processing "xn\u034F--nh1hh\u00DFh" becomes the A-label
  // xn--nh1hhssh (U+00DF maps to "ss"), under nontransitional it stays no
  // A-label.
  // to_unicode leaves an A-label it rejects undecoded, so the labels the
  // mapping made into A-labels are decoded from the trace: under
  // transitional processing "xn\u034F--\u00DFh" is xn--ssh, U+2487, which
  // libidn2 accepts inside an A-label (D15) and puny does not.
  for (const bool transitional : {false, true}) {
    std::u32string decoded;
    if (puny::unicode::utf8_to_utf32(mapped(name, transitional), decoded).ok()) u += decoded;
    const puny::idna::trace t = puny::idna::explain_to_ascii(
        name, puny::idna::uts46_default.with_check_bidi(false).with_transitional_processing(transitional));
    for (const auto& label : t.labels)
      if (label.ace) u += label.decoded;
  }
  const peer& sys = system_libidn2();
  const auto* n8 = reinterpret_cast<const uint8_t*>(name.c_str());
  compare(
      "idn2_lookup_u8", name, u, flags, false,
      [&](char** o) { return idn2_lookup_u8(n8, reinterpret_cast<uint8_t**>(o), flags); },
      [&](char** o) { return sys.lookup_u8(n8, reinterpret_cast<uint8_t**>(o), flags); });
  if (name.find('.') == std::string::npos) {
    compare(
        "idn2_register_u8", name, u, flags, false,
        [&](char** o) { return idn2_register_u8(n8, nullptr, reinterpret_cast<uint8_t**>(o), flags); },
        [&](char** o) { return sys.register_u8(n8, nullptr, reinterpret_cast<uint8_t**>(o), flags); });
  }
  compare(
      "idn2_to_unicode_8z8z", name, u, flags, true,
      [&](char** o) { return idn2_to_unicode_8z8z(name.c_str(), o, flags); },
      [&](char** o) { return sys.to_unicode_8z8z(name.c_str(), o, flags); });
  return 0;
}
