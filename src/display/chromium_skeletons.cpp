// Chromium's skeletons of a name for the lookalike step (the `chromium`
// profile's top-domain check and puny hunt): SkeletonGenerator::GetSkeletons
// in components/url_formatter/spoof_checks/skeleton_generator.cc
// at chromium/chromium f24a8e130d36, with ICU's transliterators replaced by
// puny::uts39 and ucd.  internal.hpp has the contract.
#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "display/internal.hpp"
#include "puny/unicode.hpp"
#include "unicode/bmp_pages.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail::display {

namespace uts39 = puny::uts39;
namespace scripts = puny::uts39::scripts;

// skeleton_generator.cc's ShouldRemoveDiacriticsFromLabel: text (a label,
// or a whole name for the lookalike skeletons) of Latin, Greek, Cyrillic,
// ASCII digits, '.', '_', '-' and U+0300-U+0339 gets its diacritics removed;
// step 6 asks the same of a label.
bool is_lgc_label(std::u32string_view t) noexcept {
  for (const char32_t c : t) {
    const uts39::script_id s = uts39::script_of(c);
    if (s == scripts::latin || s == scripts::greek || s == scripts::cyrillic) continue;
    if ((c >= U'0' && c <= U'9') || c == U'.' || c == U'_' || c == U'-') continue;
    if (c >= 0x0300 && c <= 0x0339) continue;
    return false;
  }
  return true;
}

namespace {

// skeleton_generator.cc's additions to the confusables (its "ExtraConf"
// transliterator, at chromium/chromium f24a8e130d36): letters of other scripts that look like a Latin letter or
// a digit, and dashes.  Applied before the UTS #39 skeleton.
struct extra_mapping {
  std::u32string_view from;
  std::u32string_view to;
};
constexpr extra_mapping extra_confusables[] = {
    {U"\u00E6\u04D5", U"ae"},
    {U"\u03FC\u048F", U"p"},
    {U"\u0127\u043D\u045B\u04A3\u04A5\u04C8\u04CA\u050B\u0527\u0529", U"h"},
    {U"\u0138\u03BA\u043A\u049B\u049D\u049F\u04A1\u04C4\u051F", U"k"},
    {U"\u014B\u043F\u0525\u0E01\u05D7", U"n"},
    {U"\u0167\u0442\u04AD\u050F\u4E03\u4E05\u4E06\u4E01", U"t"},
    {U"\u0185\u044C\u048D\u0432\u00DF", U"b"},
    {U"\u03C9\u0448\u0449\u0E1E\u0E1F\u0E9E\u0E9F", U"w"},
    {U"\u043C\u04CE", U"m"},
    {U"\u0454\u04BD\u04BF\u1054", U"e"},
    {U"\u0491", U"r"},
    {U"\u0493\u04FB", U"f"},
    {U"\u04AB\u1004", U"c"},
    {U"\u04B1\u4E2B", U"y"},
    {U"\u03C7\u04B3\u04FD\u04FF\u4E42", U"x"},
    {U"\u0503\u10EB", U"d"},
    {U"\u050D\u100C", U"g"},
    {U"\u0D1F\u0E23\u0EA3\u0EAE", U"s"},
    {U"\u1042", U"j"},
    {U"\u0966\u09E6\u0A66\u0AE6\u0B20\u0B66\u0CE6\u1005", U"o"},
    {U"\u09ED\u0A67\u0AE7", U"q"},
    {U"\u0E1A\u0E9A", U"u"},
    {U"\u03B8", U"0"},
    {U"\u0968\u09E8\u0A68\u0AE8\u0CE9\u0CED\u0577", U"2"},
    {U"\u0437\u0499\u04E1\u0909\u0993\u0A24\u0A69\u0AE9\u0C69\u1012\u10D5\u10DE\u0A5C\u10D9", U"3"},
    {U"\u0A6B\u4E29\u3110", U"4"},
    {U"\u0573", U"6"},
    {U"\u09EA\u0A6A\u0B6B", U"8"},
    {U"\u0AED\u0B68\u0C68", U"9"},
    {U"\u2014\u4E00\u2015\u2E3A\u2E3B", U"-"},
};

// Every code point the extra confusables map, with its replacement, sorted
// for a binary search (built once).
const std::vector<std::pair<char32_t, std::u32string_view>>& extra_confusable_index() {
  static const std::vector<std::pair<char32_t, std::u32string_view>> index = [] {
    std::vector<std::pair<char32_t, std::u32string_view>> v;
    for (const extra_mapping& m : extra_confusables)
      for (const char32_t c : m.from) v.emplace_back(c, m.to);
    std::sort(v.begin(), v.end());
    return v;
  }();
  return index;
}

std::u32string_view extra_confusable(char32_t c) noexcept {
  if (c < 0x80) return {};
  const auto& index = extra_confusable_index();
  const auto it = std::lower_bound(index.begin(), index.end(), c,
                                   [](const std::pair<char32_t, std::u32string_view>& e, char32_t k) { return e.first < k; });
  return it != index.end() && it->first == c ? it->second : std::u32string_view();
}

// Whether c is one of the marks the diacritic remover drops (every mark but
// the enclosing ones a Cyrillic name may hold).
bool is_dropped_mark(char32_t c) noexcept {
  const bool enclosing = c == 0x0488 || c == 0x0489 || (c >= 0xA670 && c <= 0xA672);
  return ucd::is_mark(c) && !enclosing;
}

// Its "DropAcc" transliterator: NFD, nonspacing marks removed, NFC, then
// l with stroke, o with stroke and d with stroke to their base letters.  The
// enclosing marks a Cyrillic name may hold (U+0488, U+0489, U+A670-U+A672)
// are not nonspacing and stay.  The result is left decomposed: the skeleton
// starts with NFD, so composing first would change nothing it gives.
std::u32string without_diacritics(std::u32string_view t) {
  std::u32string decomposed, kept;
  ucd::nfd_append(t, decomposed);
  kept.reserve(decomposed.size());
  for (char32_t c : decomposed) {
    if (is_dropped_mark(c)) continue;
    if (c == 0x0142) c = U'l';
    if (c == 0x00F8) c = U'o';
    if (c == 0x0111) c = U'd';
    kept.push_back(c);
  }
  return kept;
}

// GenerateSupplementalHostnames: a character that looks like two things
// (thorn like b or p, oe like ce or oe, l with stroke like l or t, dotless i
// like l or i: the last added after f24a8e130d36, crbug.com/40072736) gives each
// spelling, up to 5 such characters and 128 spellings, for names of at most
// 32 UTF-16 units.  (Chromium makes no skeleton at all for longer names;
// here they keep the one spelling they have.)
void add_spellings(const std::u32string& name, std::vector<std::u32string>& out) {
  auto alternatives_of = [](char32_t c, std::u32string_view (&alt)[2]) {
    switch (c) {
      case 0x00FE: alt[0] = U"b", alt[1] = U"p"; return true;
      case 0x0153: alt[0] = U"ce", alt[1] = U"oe"; return true;
      case 0x0142: alt[0] = U"l", alt[1] = U"t"; return true;
      case 0x0131: alt[0] = U"l", alt[1] = U"i"; return true;
      default: return false;
    }
  };
  const std::size_t first = out.size();
  out.push_back(name);
  std::size_t units = 0, doubles = 0;
  std::u32string_view alt[2];
  for (const char32_t c : name) {
    units += c >= 0x10000 ? 2 : 1;
    doubles += alternatives_of(c, alt);
  }
  if (doubles == 0 || doubles > 5 || units > 32) return;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (!alternatives_of(name[i], alt)) continue;
    const std::size_t before = out.size();
    for (std::size_t k = first; k < before && out.size() - first < 128; ++k) {
      for (const std::u32string_view a : alt) {
        if (out.size() - first >= 128) break;
        // The character sits at the same distance from the end in every
        // spelling made so far (only earlier characters were replaced).
        std::u32string v = out[k];
        v.replace(v.size() - (name.size() - i), 1, a);
        out.push_back(std::move(v));
      }
    }
  }
}

// The skeleton of `text` (UTF-8) as the next entry of `out`, unless an
// earlier entry has it already or the text is ill-formed.
void add_skeleton(std::string_view text, skeleton_list& out) {
  std::string& slot = out.next();
  if (!uts39::skeleton(text, slot).ok()) return out.drop_last();
  for (std::size_t i = 0; i + 1 < out.size(); ++i)
    if (out[i] == slot) return out.drop_last();
}

void add_skeleton(std::u32string_view text, skeleton_list& out) {
  std::string utf8;
  if (unicode::utf32_to_utf8(text, utf8).ok()) add_skeleton(std::string_view(utf8), out);
}

// What one code point becomes before the UTS #39 skeleton, in a name of
// Latin, Greek and Cyrillic: its diacritics dropped (without_diacritics),
// then the extra confusables.  Both act on each code point alone (dropping
// every mark makes canonical reordering irrelevant, and the extra
// confusables map single code points), so a name's text is the
// concatenation of its code points' pieces.
void append_lgc_piece(char32_t c, std::string& out) {
  char buf[4];
  for (const char32_t d : without_diacritics(std::u32string_view(&c, 1))) {
    const std::u32string_view to = extra_confusable(d);
    if (to.empty()) {
      out.append(buf, unicode::put_utf8(d, buf));
    } else {
      for (const char32_t t : to) out.append(buf, unicode::put_utf8(t, buf));
    }
  }
}

// The pieces of the code points below U+2000 (every Latin, Greek and
// Cyrillic letter of the basic blocks and their extensions), in pages of
// 256 code points made when first read.
constexpr char32_t lgc_piece_limit = 0x2000;
struct lgc_piece_page {
  std::uint32_t offset[257] = {};
  std::string pool;
};

void build_lgc_piece_page(char32_t first, lgc_piece_page& page) {
  for (unsigned i = 0; i < 256; ++i) {
    page.offset[i] = static_cast<std::uint32_t>(page.pool.size());
    append_lgc_piece(first + i, page.pool);
  }
  page.offset[256] = static_cast<std::uint32_t>(page.pool.size());
}

const ucd::bmp_pages<lgc_piece_page>& lgc_pieces() {
  static const ucd::bmp_pages<lgc_piece_page> table(build_lgc_piece_page);
  return table;
}

// Per BMP code point: whether it makes a name leave the plain path (the
// extra confusables map it, it has several spellings, it is U+04CF, or it
// is a Latin/Greek/Cyrillic letter whose skeleton brings a mark back, which
// add_unmarked_skeletons drops; every such code point is in the BMP), and
// whether it belongs to the Latin/Greek/Cyrillic set of is_lgc_label.  In
// pages of 256 code points made when first read: a code point of Latin,
// Greek or Cyrillic costs a UTS #39 skeleton, about 40,000 instructions
// each (2,224 of them, 96 M instructions, when the whole table was built at
// once), so a run over a few scripts builds only their pages.
constexpr std::uint8_t skeleton_special = 1, skeleton_lgc = 2, skeleton_spellings = 4;
struct skeleton_class_page {
  std::uint8_t of[256] = {};
};

void build_skeleton_class_page(char32_t first, skeleton_class_page& page) {
  const char32_t last = first + 255;
  std::string piece, skeleton;
  std::u32string marks;
  for (unsigned i = 0; i < 256; ++i) {
    const char32_t c = first + i;
    if (!is_lgc_label(std::u32string_view(&c, 1))) continue;
    page.of[i] |= skeleton_lgc;
    if (c < 0x80) continue;  // ASCII: never special (nor mapped or spelled twice below)
    piece.clear();
    append_lgc_piece(c, piece);
    marks.clear();
    if (!uts39::skeleton(piece, skeleton).ok() || !unicode::utf8_to_utf32(skeleton, marks).ok()) continue;
    for (const char32_t m : marks)
      if (is_dropped_mark(m)) page.of[i] |= skeleton_special;
  }
  for (const auto& entry : extra_confusable_index())
    if (entry.first >= first && entry.first <= last) page.of[entry.first - first] |= skeleton_special;
  for (const char32_t c : {char32_t{0x00FE}, char32_t{0x0153}, char32_t{0x0142}, char32_t{0x0131}})
    if (c >= first && c <= last) page.of[c - first] |= skeleton_special | skeleton_spellings;
  if (0x04CF >= first && 0x04CF <= last) page.of[0x04CF - first] |= skeleton_special;
}

const ucd::bmp_pages<skeleton_class_page>& skeleton_classes() {
  static const ucd::bmp_pages<skeleton_class_page> table(build_skeleton_class_page);
  return table;
}

// The class bits of a BMP code point.
std::uint8_t skeleton_class(const ucd::bmp_pages<skeleton_class_page>& classes, char32_t c) {
  return classes.page(c).of[c & 255];
}

// The general path, for names with a character of several spellings (at
// most a few in any list): every spelling, each through the extra
// confusables and the skeleton.
void spelled_skeletons(std::string_view name, bool lgc, skeleton_list& out) {
  std::u32string text;
  (void)unicode::utf8_to_utf32(name, text);  // well-formed: checked by the caller
  const std::u32string base = lgc ? without_diacritics(text) : text;
  std::vector<std::u32string> names;
  add_spellings(base, names);
  if (text.find(0x0142) != std::u32string::npos) add_spellings(text, names);
  for (std::u32string& n : names) {
    std::u32string mapped;
    for (const char32_t c : n) {
      const std::u32string_view to = extra_confusable(c);
      if (to.empty()) {
        mapped.push_back(c);
      } else {
        mapped.append(to);
      }
    }
    // U+04CF (palochka) is also taken for a lowercase L (AddSkeletonMapping),
    // where the confusables make it an i.
    if (mapped.find(0x04CF) != std::u32string::npos) {
      std::u32string as_l = mapped;
      std::replace(as_l.begin(), as_l.end(), char32_t{0x04CF}, U'l');
      add_skeleton(std::u32string_view(as_l), out);
    }
    add_skeleton(std::u32string_view(mapped), out);
  }
}


// puny's step after the skeletons of a Latin/Greek/Cyrillic name (issue
// 53; not in the Chromium source read, see docs/display.md): the diacritic
// remover runs before the UTS #39 skeleton, whose prototypes bring marks
// back for letters with a hook, a stroke or a tail (U+0268 i with stroke ->
// i U+0335, U+0253 b with hook -> b U+0314, U+0199, U+01B4, U+024D,
// U+0256, U+0257, ...), so b\u0268ng.com kept a skeleton of its own.  Each
// skeleton holding such a mark is added once more without its marks.
void add_unmarked_skeletons(skeleton_list& out) {
  thread_local std::string bare;
  const std::size_t n = out.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::string& s = out[i];
    bare.clear();
    bool dropped = false;
    for (std::size_t pos = 0; pos < s.size();) {
      const std::size_t start = pos;
      char32_t c = static_cast<unsigned char>(s[pos]);
      if (c < 0x80) {
        ++pos;
      } else if (!unicode::next_utf8(s, pos, c)) {
        break;  // skeletons are well-formed; stop rather than guess
      }
      if (c >= 0x80 && is_dropped_mark(c)) {
        dropped = true;
      } else {
        bare.append(s, start, pos - start);
      }
    }
    if (!dropped) continue;
    bool known = false;
    for (std::size_t k = 0; k < out.size() && !known; ++k) known = out[k] == bare;
    if (!known) out.next() = bare;
  }
}

}  // namespace

std::string& skeleton_list::next() {
  if (count_ == items_.size()) items_.emplace_back();
  std::string& slot = items_[count_++];
  slot.clear();
  return slot;
}

void lookalike_skeletons(std::string_view name, skeleton_list& out) {
  out.clear();
  bool ascii = true;
  for (const char ch : name) ascii = ascii && static_cast<unsigned char>(ch) < 0x80;
  if (ascii) {  // nothing to drop, map or spell twice: the skeleton alone
    (void)uts39::skeleton(name, out.next());
    return;
  }
  // One pass over the UTF-8: is the name Latin/Greek/Cyrillic only, and
  // does it hold a code point the extra confusables or the spellings name?
  const ucd::bmp_pages<skeleton_class_page>& classes = skeleton_classes();
  bool plain = true, lgc = true, spellings = false;
  for (std::size_t pos = 0; pos < name.size();) {
    const auto lead = static_cast<unsigned char>(name[pos]);
    char32_t c = lead;
    if (lead < 0x80) {
      ++pos;
    } else if (!unicode::next_utf8(name, pos, c)) {
      return;  // ill-formed: no skeleton, no match
    }
    if (c < 0x10000) {
      const std::uint8_t k = skeleton_class(classes, c);
      plain = plain && !(k & skeleton_special);
      lgc = lgc && (k & skeleton_lgc);
      spellings = spellings || (k & skeleton_spellings);
    } else {
      lgc = lgc && is_lgc_label(std::u32string_view(&c, 1));
    }
  }
  if (plain && !lgc) return add_skeleton(name, out);  // most names: the skeleton of the name as it is
  if (spellings) {
    spelled_skeletons(name, lgc, out);
    if (lgc) add_unmarked_skeletons(out);
    return;
  }

  // One spelling: the text before the skeleton, piece by piece in UTF-8.
  thread_local std::string text;
  text.clear();
  const ucd::bmp_pages<lgc_piece_page>& pieces = lgc_pieces();
  char buf[4];
  for (std::size_t pos = 0; pos < name.size();) {
    const std::size_t start = pos;
    char32_t c = static_cast<unsigned char>(name[pos]);
    if (c < 0x80) {
      ++pos;
    } else {
      (void)unicode::next_utf8(name, pos, c);  // well-formed: checked above
    }
    if (lgc && c < lgc_piece_limit) {
      const lgc_piece_page& page = pieces.page(c);
      const unsigned i = c & 255;
      text.append(page.pool, page.offset[i], page.offset[i + 1] - page.offset[i]);
    } else if (lgc) {
      append_lgc_piece(c, text);
    } else if (c < 0x10000 && (skeleton_class(classes, c) & skeleton_special)) {
      const std::u32string_view to = extra_confusable(c);
      if (to.empty()) text.append(name, start, pos - start);
      for (const char32_t t : to) text.append(buf, unicode::put_utf8(t, buf));
    } else {
      text.append(name, start, pos - start);
    }
  }
  // U+04CF (palochka, D3 8F) is also taken for a lowercase L
  // (AddSkeletonMapping), where the confusables make it an i.
  if (text.find("\xD3\x8F") != std::string::npos) {
    thread_local std::string as_l;
    as_l.clear();
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\xD3' && i + 1 < text.size() && text[i + 1] == '\x8F') {
        as_l += 'l';
        ++i;
      } else {
        as_l += text[i];
      }
    }
    add_skeleton(std::string_view(as_l), out);
  }
  add_skeleton(std::string_view(text), out);
  if (lgc) add_unmarked_skeletons(out);
}

bool has_lookalike_extra(std::u32string_view text) noexcept {
  const ucd::bmp_pages<skeleton_class_page>& classes = skeleton_classes();
  for (const char32_t c : text) {
    if (c < 0x80) continue;  // ASCII is never special (build_skeleton_class_page)
    if (c < 0x10000 && (skeleton_class(classes, c) & skeleton_special)) return true;
  }
  return false;
}

label_pieces lookalike_pieces(std::u32string_view label, std::string& out) {
  out.clear();
  const ucd::bmp_pages<skeleton_class_page>& classes = skeleton_classes();
  const ucd::bmp_pages<lgc_piece_page>& pieces = lgc_pieces();
  bool ascii_text = true;  // so far: every code point Latin/Greek/Cyrillic with ASCII pieces
  out.reserve(label.size() + 8);
  for (const char32_t c : label) {
    if (c < 0x80 && ascii_text && ((c >= U'a' && c <= U'z') || (c >= U'0' && c <= U'9') || c == U'-')) {
      out.push_back(static_cast<char>(c));  // Latin or an LDH character: its own piece
      continue;
    }
    if (c >= 0x10000) {  // never special (build_skeleton_class_page)
      ascii_text = false;
      continue;
    }
    const std::uint8_t k = skeleton_class(classes, c);
    if (c >= 0x80 && (k & skeleton_special)) return label_pieces::extra;
    if (!ascii_text) continue;
    if (!(k & skeleton_lgc) || c >= lgc_piece_limit) {
      ascii_text = false;
      continue;
    }
    const lgc_piece_page& page = pieces.page(c);
    const unsigned i = c & 255;
    for (std::uint32_t b = page.offset[i]; b < page.offset[i + 1]; ++b) {
      ascii_text = ascii_text && static_cast<unsigned char>(page.pool[b]) < 0x80;
      out.push_back(page.pool[b]);
    }
  }
  return ascii_text ? label_pieces::ascii_pieces : label_pieces::other;
}

void lookalike_skeletons(std::string_view name, std::vector<std::string>& out) {
  thread_local skeleton_list list;
  lookalike_skeletons(name, list);
  out.assign(list.begin(), list.end());
}

}  // namespace puny::detail::display
