// The locale's character set for the _l* functions of the libidn2-compatible
// library: libidn2 converts with iconv from nl_langinfo(CODESET) (through
// gnulib's locale_charset), failing on anything it cannot convert exactly.
#include <langinfo.h>
#include <iconv.h>
#include <cerrno>
#include <string>
#include <string_view>

#include "internal.hpp"

namespace puny_idn2 {

// Converts between the locale's charset (nl_langinfo(CODESET)) and UTF-8;
// an unconvertible or ill-formed sequence fails (no transliteration).
bool iconv_convert(const char* to, const char* from, std::string_view in, std::string& out) {
  iconv_t cd = iconv_open(to, from);
  if (cd == reinterpret_cast<iconv_t>(-1)) return false;
  out.assign(in.size() * 4 + 16, '\0');
  char* src = const_cast<char*>(in.data());
  std::size_t src_left = in.size();
  std::size_t used = 0;
  bool ok = true;
  while (src_left) {
    char* dst = &out[used];
    std::size_t dst_left = out.size() - used;
    const std::size_t r = iconv(cd, &src, &src_left, &dst, &dst_left);
    used = out.size() - dst_left;
    if (r == static_cast<std::size_t>(-1)) {
      if (errno == E2BIG) {
        out.resize(out.size() * 2);
        continue;
      }
      ok = false;
      break;
    }
    if (r) {  // irreversible (transliterated) conversions count as failures
      ok = false;
      break;
    }
  }
  if (ok) {
    char* dst = &out[used];
    std::size_t dst_left = out.size() - used;
    if (iconv(cd, nullptr, nullptr, &dst, &dst_left) == static_cast<std::size_t>(-1)) ok = false;
    used = out.size() - dst_left;
  }
  iconv_close(cd);
  out.resize(used);
  return ok;
}

const char* locale_codeset() noexcept {
  const char* cs = nl_langinfo(CODESET);
  return (cs && *cs) ? cs : "ASCII";
}

int locale_to_utf8(const char* in, std::string& out) {
  return iconv_convert("UTF-8", locale_codeset(), in, out) ? IDN2_OK : IDN2_ICONV_FAIL;
}

}  // namespace puny_idn2
