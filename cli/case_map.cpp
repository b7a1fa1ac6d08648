// puny CLI: simple case mapping for --mixed-case (RFC 3492 appendix A).
//
// The library has no case tables (IDNA only ever lowercases, through its
// mapping table), so the CLI borrows the C library's: it opens the "C.UTF-8"
// locale explicitly with newlocale(), which does not depend on LANG or LC_*
// and does not change the process locale.  Without it only ASCII letters
// change case.
#include <cwctype>

#include "cli.hpp"

#if !defined(_WIN32)
#include <locale.h>
#include <wctype.h>
#define PUNY_CLI_HAVE_NEWLOCALE 1
#endif

namespace puny::cli {
namespace {

#if defined(PUNY_CLI_HAVE_NEWLOCALE)
locale_t unicode_ctype() {
  static const locale_t loc = [] {
    for (const char* name : {"C.UTF-8", "C.utf8", "en_US.UTF-8"}) {
      if (locale_t l = newlocale(LC_CTYPE_MASK, name, static_cast<locale_t>(nullptr))) return l;
    }
    return static_cast<locale_t>(nullptr);
  }();
  return loc;
}

bool wide_is_ucs4() { return sizeof(wchar_t) >= 4; }
#endif

}  // namespace

char32_t to_upper(char32_t c) noexcept {
  if (c < 0x80) return (c >= 'a' && c <= 'z') ? c - 0x20 : c;
#if defined(PUNY_CLI_HAVE_NEWLOCALE)
  if (locale_t loc = unicode_ctype(); loc && wide_is_ucs4()) {
    const auto u = static_cast<char32_t>(towupper_l(static_cast<wint_t>(c), loc));
    if (u >= 0x80) return u;  // never turn a non-ASCII letter into ASCII
  }
#endif
  return c;
}

char32_t to_lower(char32_t c) noexcept {
  if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c + 0x20 : c;
#if defined(PUNY_CLI_HAVE_NEWLOCALE)
  if (locale_t loc = unicode_ctype(); loc && wide_is_ucs4()) {
    const auto l = static_cast<char32_t>(towlower_l(static_cast<wint_t>(c), loc));
    if (l >= 0x80) return l;  // e.g. U+212A KELVIN SIGN -> 'k' is not kept
  }
#endif
  return c;
}

}  // namespace puny::cli
