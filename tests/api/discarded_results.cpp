// Compiled by compile_checks.cmake with -Wunused-result: each call below
// discards a status or result and must draw exactly one "nodiscard"
// diagnostic.  A public function returning a status or result without
// [[nodiscard]] makes the count come out short.  One call per line ending
// in "// discarded".
#include <string>
#include <vector>

#include "puny/bootstring.hpp"
#include "puny/idna.hpp"
#include "puny/idna2008.hpp"
#include "puny/punycode.hpp"
#include "puny/unicode.hpp"
#include "puny/version.hpp"

void discard_everything() {
  namespace bs = puny::bootstring;
  namespace pc = puny::punycode;
  namespace idna = puny::idna;
  std::string s;
  std::u32string u;
  std::u16string u16;
  char buf[64];
  char32_t buf32[64];
  std::size_t written = 0;
  const std::vector<bool> flags;
  pc::encode(U"a");  // discarded
  pc::decode("a");  // discarded
  pc::encode_utf8("a");  // discarded
  pc::decode_to_utf8("a");  // discarded
  pc::encode(U"a", flags);  // discarded
  pc::decode_annotated("a");  // discarded
  pc::encode(U"a", buf, sizeof buf);  // discarded
  pc::decode("a", buf32, 64);  // discarded
  pc::encode_utf8("a", buf, sizeof buf);  // discarded
  pc::decode_to_utf8("a", buf, sizeof buf);  // discarded
  bs::validate(pc::profile);  // discarded
  bs::encode(U"a", pc::profile, s);  // discarded
  bs::decode("a", pc::profile, u);  // discarded
  bs::encode(U"a", pc::profile, buf, sizeof buf);  // discarded
  bs::decode("a", pc::profile, buf32, 64);  // discarded
  idna::to_ascii("a");  // discarded
  idna::to_unicode("a");  // discarded
  idna::to_ascii_detailed("a");  // discarded
  idna::to_unicode_detailed("a");  // discarded
  idna::explain_to_ascii("a");  // discarded
  idna::to_ascii(std::u16string_view(u"a"));  // discarded
  idna::to_ascii(std::u32string_view(U"a"));  // discarded
  idna::to_unicode(std::u16string_view(u"a"));  // discarded
  idna::to_unicode(std::u32string_view(U"a"));  // discarded
  idna::to_ascii("a", buf, sizeof buf, written);  // discarded
  idna::to_unicode("a", buf, sizeof buf, written);  // discarded
  puny::unicode::utf8_to_utf32("a", u);  // discarded
  puny::unicode::utf32_to_utf8(U"a", s);  // discarded
  puny::unicode::utf16_to_utf32(u"a", u);  // discarded
  puny::unicode::utf32_to_utf16(U"a", u16);  // discarded
  puny::version();  // discarded
  puny::idna2008::registration("a");  // discarded
  puny::idna2008::lookup("a");  // discarded
  puny::idna2008::registration("a", buf, sizeof buf, written);  // discarded
  puny::idna2008::lookup("a", buf, sizeof buf, written);  // discarded
}
