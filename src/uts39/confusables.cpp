// UTS #39 section 4: confusable detection.  skeleton(X) is, in the revision
// for Unicode 15.1 and later: NFD, remove Default_Ignorable_Code_Point
// characters, replace each character by its confusables.txt prototype,
// NFD again.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "puny/unicode.hpp"
#include "puny/uts39.hpp"
#include "unicode/bmp_pages.hpp"
#include "unicode/trie.hpp"
#include "unicode/ucd.hpp"
#include "uts39/internal.hpp"

namespace puny::detail::ucd {
#include "uts39_confusables.inc"
}  // namespace puny::detail::ucd

namespace puny::detail::uts39 {

std::u32string_view prototype_view(char32_t c) noexcept {
  const std::size_t entry = ucd::proto_entry_trie(c);
  if (entry == 0) return {};
  const std::size_t begin = ucd::proto_offsets[entry - 1];
  const std::size_t end = ucd::proto_offsets[entry];
  return std::u32string_view(ucd::proto_pool + begin, end - begin);
}

}  // namespace puny::detail::uts39

namespace puny::uts39 {
namespace {

using detail::uts39::prototype_view;

void append_skeleton(std::u32string_view s, std::u32string& out) {
  std::u32string decomposed;
  decomposed.reserve(s.size());
  detail::ucd::nfd_append(s, decomposed);
  std::u32string mapped;
  mapped.reserve(decomposed.size());
  for (const char32_t c : decomposed) {
    if (detail::uts39::is_default_ignorable(c)) continue;
    const std::u32string_view p = prototype_view(c);
    if (p.empty()) {
      mapped.push_back(c);
    } else {
      mapped.append(p);
    }
  }
  detail::ucd::nfd_append(mapped, out);
}

// The skeleton of most strings is the concatenation of a piece per code
// point: skeleton(c) for c alone.  That holds whenever each code point's
// NFD and each piece start with a starter (canonical combining class 0):
// canonical ordering never moves a mark across a starter, and NFD composes
// nothing.  So for the BMP
// (CJK, kana with their voicing marks, Hangul syllables, Cyrillic, Greek,
// Latin with diacritics, Arabic...) the pieces are computed as UTF-8, in
// pages of 256 code points made the first time a code point of the page is
// read (about 1,100 instructions a code point: a run over a few scripts
// builds a few pages, not the 65,536 pieces), and a string of such code
// points is mapped with one table lookup per code point.  A code point
// whose NFD or piece starts with a mark (a combining mark in the input)
// sends the whole string down the general path.
struct skeleton_page {
  std::uint32_t offset[257] = {};
  std::uint64_t direct[4] = {};  // bit c & 255: c has a piece
  std::string pool;
};

void build_skeleton_page(char32_t first, skeleton_page& page) {
  std::u32string decomposed, piece;
  std::string utf8;
  for (unsigned i = 0; i < 256; ++i) {
    const char32_t c = first + i;
    page.offset[i] = static_cast<std::uint32_t>(page.pool.size());
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    // The first NFD reorders the input's marks across code points: a mark
    // whose prototype is a starter (U+032E -> U+11B62 in Unicode 18) after
    // a letter with a mark of a higher class (U+00C0 U+032E) is mapped
    // before that mark, not after it.
    decomposed.clear();
    detail::ucd::nfd_append(std::u32string_view(&c, 1), decomposed);
    if (!decomposed.empty() && detail::ucd::combining_class(decomposed[0]) != 0) continue;
    piece.clear();
    append_skeleton(std::u32string_view(&c, 1), piece);
    if (!piece.empty() && detail::ucd::combining_class(piece[0]) != 0) continue;
    utf8.clear();
    (void)unicode::utf32_to_utf8(piece, utf8);
    page.pool += utf8;
    page.direct[i >> 6] |= std::uint64_t{1} << (i & 63);
  }
  page.offset[256] = static_cast<std::uint32_t>(page.pool.size());
}

struct skeleton_pieces {
  detail::ucd::bmp_pages<skeleton_page> pages{build_skeleton_page};
  // The UTF-8 piece of c, or false when c needs the general path.
  bool find(char32_t c, std::string_view& out) const {
    if (c >= 0x10000) return false;
    const skeleton_page& page = pages.page(c);
    const unsigned i = c & 255;
    if (!(page.direct[i >> 6] >> (i & 63) & 1)) return false;
    out = std::string_view(page.pool).substr(page.offset[i], page.offset[i + 1] - page.offset[i]);
    return true;
  }
};

const skeleton_pieces& piece_table() {
  static const skeleton_pieces table;
  return table;
}

// ASCII is NFD and holds no default-ignorable code point, so the skeleton
// of an ASCII string is the concatenation of its characters' pieces (as
// simple_skeleton writes them: '%' has a non-ASCII prototype, U+00B0 /
// U+2080, so the pieces are UTF-8).  Each piece in a fixed slot of eight
// bytes, copied whole: a move per character instead of an append call.
struct ascii_pieces {
  struct slot {
    char text[8] = {};
    std::uint8_t size = 0;
  };
  std::array<slot, 128> slots{};
  bool complete = true;  // every piece fits its slot (else the general paths)
  ascii_pieces() {
    const skeleton_pieces& table = piece_table();
    for (char32_t c = 0; c < 128; ++c) {
      std::string_view piece;
      if (!table.find(c, piece) || piece.size() > sizeof slots[c].text) {
        complete = false;
        continue;
      }
      std::copy(piece.begin(), piece.end(), slots[c].text);
      slots[c].size = static_cast<std::uint8_t>(piece.size());
    }
  }
  // Into `out`, replacing what it held; room for a whole slot a character
  // first (so up to max_text characters: 32 KB at most).
  static constexpr std::size_t max_text = 4096;
  void write(std::string_view ascii, std::string& out) const {
    out.resize(ascii.size() * sizeof(slot::text));
    char* at = out.data();
    for (const char ch : ascii) {
      const slot& p = slots[static_cast<unsigned char>(ch) & 0x7F];
      std::memcpy(at, p.text, sizeof p.text);  // the whole slot: no branch on its size
      at += p.size;
    }
    out.resize(static_cast<std::size_t>(at - out.data()));
  }
};

const ascii_pieces& ascii_table() {
  static const ascii_pieces table;
  return table;
}

// The skeleton of a string of code points with starter-initial pieces,
// straight from UTF-8 to UTF-8; false (out unspecified) when the input has
// anything else, including ill-formed UTF-8.
bool simple_skeleton(std::string_view utf8, std::string& out) {
  const skeleton_pieces& table = piece_table();
  out.clear();
  out.reserve(utf8.size() + 8);
  std::size_t pos = 0;
  std::string_view piece;
  while (pos < utf8.size()) {
    char32_t c = 0;
    if (!unicode::next_utf8(utf8, pos, c) || !table.find(c, piece)) return false;
    out.append(piece);
  }
  return true;
}

bool is_ascii(std::string_view s) noexcept {
  for (const char ch : s)
    if (static_cast<unsigned char>(ch) >= 0x80) return false;
  return true;
}

// For whole-script confusables: for each prototype, the union of the
// augmented script sets of every character that maps to it (and of the
// prototype itself when it is one character).  Built once, on first use.
struct prototype_scripts {
  std::unordered_map<std::u32string, script_set> by_prototype;
  prototype_scripts() {
    for (char32_t c = 0; c <= 0x10FFFF; ++c) {
      if (c == 0xD800) c = 0xE000;
      const std::u32string_view p = prototype_view(c);
      if (p.empty()) continue;
      // Common and Inherited characters (set ALL) are left out: a string
      // of them is in no script, so they cannot make one script's string
      // look like another's.
      const std::u32string key(p);
      script_set& scripts_here = by_prototype[key];
      const script_set source = augmented_script_set(c);
      if (!source.is_all()) scripts_here |= source;
      if (p.size() == 1) {
        const script_set target = augmented_script_set(p[0]);
        if (!target.is_all()) scripts_here |= target;
      }
    }
  }
};

const prototype_scripts& prototype_script_index() {
  static const prototype_scripts index;
  return index;
}

}  // namespace

std::u32string prototype_of(char32_t c) {
  const std::u32string_view p = prototype_view(c);
  return p.empty() ? std::u32string(1, c) : std::u32string(p);
}

std::u32string skeleton(std::u32string_view s) {
  std::u32string out;
  out.reserve(s.size());
  append_skeleton(s, out);
  return out;
}

status skeleton(std::string_view utf8, std::string& out) {
  // A longer ASCII text takes the pieces one by one (simple_skeleton).
  if (utf8.size() <= ascii_pieces::max_text && is_ascii(utf8)) {
    const ascii_pieces& table = ascii_table();
    if (table.complete) {
      table.write(utf8, out);
      return status{};
    }
  }
  if (simple_skeleton(utf8, out)) return status{};
  out.clear();
  std::u32string text;
  status st = unicode::utf8_to_utf32(utf8, text);
  if (!st.ok()) return st;
  std::u32string mapped;
  mapped.reserve(text.size());
  append_skeleton(text, mapped);
  return unicode::utf32_to_utf8(mapped, out);
}

result<std::string> skeleton(std::string_view utf8) {
  result<std::string> r;
  r.status = skeleton(utf8, r.value);
  return r;
}

std::string_view to_string(confusable_kind k) noexcept {
  switch (k) {
    case confusable_kind::none: return "none";
    case confusable_kind::single_script: return "single_script";
    case confusable_kind::mixed_script: return "mixed_script";
    case confusable_kind::whole_script: return "whole_script";
  }
  return "";
}

confusable_kind confusable(std::u32string_view x, std::u32string_view y) {
  if (skeleton(x) != skeleton(y)) return confusable_kind::none;
  const script_set rx = resolved_script_set(x);
  const script_set ry = resolved_script_set(y);
  if (!(rx & ry).empty()) return confusable_kind::single_script;
  if (!rx.empty() && !ry.empty()) return confusable_kind::whole_script;
  return confusable_kind::mixed_script;
}

script_set whole_script_confusable_scripts(std::u32string_view x) {
  std::u32string decomposed;
  detail::ucd::nfd_append(x, decomposed);
  const prototype_scripts& index = prototype_script_index();
  script_set possible = script_set::all();
  bool constrained = false;
  for (const char32_t c : decomposed) {
    if (detail::uts39::is_default_ignorable(c)) continue;
    const script_set own = augmented_script_set(c);
    if (own.is_all()) continue;  // Common and Inherited fit any script
    constrained = true;
    const std::u32string_view p = prototype_view(c);
    const std::u32string key = p.empty() ? std::u32string(1, c) : std::u32string(p);
    script_set here = own;
    const auto it = index.by_prototype.find(key);
    if (it != index.by_prototype.end()) here |= it->second;
    possible &= here;
    if (possible.empty()) return possible;
  }
  if (!constrained) return script_set();
  // The scripts X is written in do not count: those are not "other" scripts.
  const script_set own = resolved_script_set(decomposed);
  script_set others;
  for (std::size_t s = 0; s < script_count(); ++s) {
    const auto id = static_cast<script_id>(s);
    if (possible.contains(id) && !own.contains(id) && id != scripts::common &&
        id != scripts::inherited && id != scripts::unknown)
      others.insert(id);
  }
  return others;
}

bool intentionally_confusable(char32_t a, char32_t b) noexcept {
  constexpr std::size_t pairs = sizeof(detail::ucd::intentional_pairs) / sizeof(char32_t) / 2;
  std::size_t lo = 0, hi = pairs;
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    const char32_t ma = detail::ucd::intentional_pairs[2 * mid];
    const char32_t mb = detail::ucd::intentional_pairs[2 * mid + 1];
    if (ma < a || (ma == a && mb < b)) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo < pairs && detail::ucd::intentional_pairs[2 * lo] == a &&
         detail::ucd::intentional_pairs[2 * lo + 1] == b;
}

}  // namespace puny::uts39
