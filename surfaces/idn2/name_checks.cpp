// The checks of a lookup name that are libidn2's DNS limits or puny's
// promise about what it returns (surfaces/idn2/README.md): what cannot be a
// DNS name is refused before anything is decoded, and no name returned
// with IDN2_OK is one a resolver or a URL parser would misread.
#include <cstddef>
#include <cstring>
#include <string_view>

#include "internal.hpp"
#include "puny/idna.hpp"
#include "puny/unicode.hpp"

namespace puny_idn2 {
namespace {

// The URL Standard's forbidden domain code points (ASCII): C0 controls,
// space, # % / : < > ? @ [ \ ] ^ | and U+007F.
bool forbidden_in_domain(unsigned char c) noexcept {
  return c <= 0x20 || c == 0x7F || std::strchr("#%/:<>?@[\\]^|", c) != nullptr;
}

bool ldh(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

}  // namespace

// ---- what cannot be a DNS name, refused before anything is decoded ----

// UTS #46 processing: libidn2 counts the code points the mapping will
// produce (a disallowed one is IDN2_DISALLOWED, left to the core here) and
// refuses 255 or more with IDN2_TOO_BIG_DOMAIN before it maps or decodes
// anything.  ASCII maps one to one (UTS #46 revision 31).
int check_mapped_length(std::string_view src, bool transitional) {
  std::size_t mapped = 0;
  for (std::size_t pos = 0; pos < src.size();) {
    if (static_cast<unsigned char>(src[pos]) < 0x80) {
      ++mapped;
      ++pos;
      continue;
    }
    char32_t c;
    if (!puny::unicode::next_utf8(src, pos, c)) return IDN2_OK;  // the core says where
    const puny::idna::mapping_entry m = puny::idna::mapping_of(c);
    switch (m.status) {
      case puny::idna::mapping_status::disallowed: return IDN2_OK;  // the core's error
      case puny::idna::mapping_status::ignored: break;
      case puny::idna::mapping_status::mapped: mapped += m.replacement.size(); break;
      case puny::idna::mapping_status::deviation:
        mapped += transitional ? m.replacement.size() : 1;
        break;
      case puny::idna::mapping_status::valid: ++mapped; break;
    }
  }
  return mapped >= IDN2_DOMAIN_MAX_LENGTH ? IDN2_TOO_BIG_DOMAIN : IDN2_OK;
}

// IDNA2008 alone: libidn2 takes the labels in order.  An ASCII label of
// more than 63 bytes is IDN2_TOO_BIG_LABEL or, where libidn2 would decode
// it (an xn-- label, A-labels round-tripped), IDN2_PUNYCODE_BIG_OUTPUT, its
// code when the decoding exceeds 63 code points: such a label cannot be an
// A-label, so it is not decoded at all.
int check_label_sizes(std::string_view src, bool no_roundtrip) noexcept {
  std::size_t start = 0;
  while (start <= src.size()) {
    std::size_t dot = src.find('.', start);
    if (dot == std::string_view::npos) dot = src.size();
    const std::string_view label = src.substr(start, dot - start);
    if (label.size() > IDN2_LABEL_MAX_LENGTH && all_ascii(label))
      return is_ace(label) && !no_roundtrip ? IDN2_PUNYCODE_BIG_OUTPUT : IDN2_TOO_BIG_LABEL;
    start = dot + 1;
  }
  return IDN2_OK;
}

// ---- what a resolver or a URL parser would misread ----

// A lookup name returned with IDN2_OK is safe to hand on: every xn-- label
// is an LDH label (RFC 5890 section 2.3.2.1; "xn-- o-oia59s" is not), and
// the conversion added no forbidden domain code point (U+FF0F maps to '/',
// U+02DC to a space and a mark).  What the caller wrote in ASCII is the
// caller's and passes as it is (RFC 5891 section 5.4), as in libidn2.
int check_output(std::string_view src, std::string_view out) noexcept {
  std::size_t start = 0;
  while (start <= out.size()) {
    std::size_t dot = out.find('.', start);
    if (dot == std::string_view::npos) dot = out.size();
    const std::string_view label = out.substr(start, dot - start);
    if (is_ace(label))
      for (const char c : label)
        if (!ldh(c)) return IDN2_DISALLOWED;
    start = dot + 1;
  }
  std::size_t in_src[128] = {}, in_out[128] = {};
  for (const unsigned char c : src)
    if (c < 0x80) ++in_src[c];
  for (const unsigned char c : out)
    if (c < 0x80) ++in_out[c];
  for (unsigned char c = 0; c < 128; ++c)
    if (in_out[c] > in_src[c] && forbidden_in_domain(c)) return IDN2_DISALLOWED;
  return IDN2_OK;
}

}  // namespace puny_idn2
