// puny hunt: the loose skeleton (docs/hunt.md, "Looser lookalikes").
//
// dnstwist's homoglyph fuzzer, the commonest generator of lookalike test
// sets, substitutes letters that confusables.txt does not read as the same
// letter: Latin letters with a hook, stroke, bar, tail or descender
// (ɗ ƈ ɨ ʉ ɍ ꞑ), small capitals (ᴍ ʀ ɪ), pairs of ASCII letters (cl for d,
// lc for k, nn and rr for m) and single ASCII letters of a similar shape
// (c/e, b/d, n/r, i/l, g/q).  The loose skeleton maps each to one
// representative on both sides, the brand's label and the name's, so that
// equality means "the same label under those substitutions".
#include "loose.hpp"

#include <algorithm>
#include <iterator>

#include "index.hpp"

namespace puny::hunt {
namespace {

struct latin_base {
  char32_t cp;
  char letter;
};

// Every Latin letter without a canonical decomposition whose UnicodeData
// 17.0.0 name is LATIN SMALL LETTER x WITH ..., LATIN SMALL LETTER x BAR,
// LATIN SMALL LETTER SMALL CAPITAL x or LATIN LETTER SMALL CAPITAL x (for a
// single letter x), with x; sorted by code point.  (Letters with a
// decomposition lose their marks in the folded skeleton already.)
const latin_base latin_bases[] = {
    {0x00F8, 'o'}, {0x0111, 'd'}, {0x0127, 'h'}, {0x0142, 'l'}, {0x0167, 't'}, {0x0180, 'b'},
    {0x0183, 'b'}, {0x0188, 'c'}, {0x018C, 'd'}, {0x0192, 'f'}, {0x0199, 'k'}, {0x019A, 'l'},
    {0x019E, 'n'}, {0x01A5, 'p'}, {0x01AB, 't'}, {0x01AD, 't'}, {0x01B4, 'y'}, {0x01B6, 'z'},
    {0x01E5, 'g'}, {0x0221, 'd'}, {0x0225, 'z'}, {0x0234, 'l'}, {0x0235, 'n'}, {0x0236, 't'},
    {0x023C, 'c'}, {0x023F, 's'}, {0x0240, 'z'}, {0x0247, 'e'}, {0x0249, 'j'}, {0x024B, 'q'},
    {0x024D, 'r'}, {0x024F, 'y'}, {0x0253, 'b'}, {0x0255, 'c'}, {0x0256, 'd'}, {0x0257, 'd'},
    {0x0260, 'g'}, {0x0262, 'g'}, {0x0266, 'h'}, {0x0268, 'i'}, {0x026A, 'i'}, {0x026B, 'l'},
    {0x026C, 'l'}, {0x026D, 'l'}, {0x0271, 'm'}, {0x0272, 'n'}, {0x0273, 'n'}, {0x0274, 'n'},
    {0x027C, 'r'}, {0x027D, 'r'}, {0x027E, 'r'}, {0x0280, 'r'}, {0x0282, 's'}, {0x0288, 't'},
    {0x0289, 'u'}, {0x028B, 'v'}, {0x028F, 'y'}, {0x0290, 'z'}, {0x0291, 'z'}, {0x0299, 'b'},
    {0x029B, 'g'}, {0x029C, 'h'}, {0x029D, 'j'}, {0x029F, 'l'}, {0x02A0, 'q'}, {0x1D00, 'a'},
    {0x1D04, 'c'}, {0x1D05, 'd'}, {0x1D07, 'e'}, {0x1D0A, 'j'}, {0x1D0B, 'k'}, {0x1D0C, 'l'},
    {0x1D0D, 'm'}, {0x1D0F, 'o'}, {0x1D18, 'p'}, {0x1D1B, 't'}, {0x1D1C, 'u'}, {0x1D20, 'v'},
    {0x1D21, 'w'}, {0x1D22, 'z'}, {0x1D6C, 'b'}, {0x1D6D, 'd'}, {0x1D6E, 'f'}, {0x1D6F, 'm'},
    {0x1D70, 'n'}, {0x1D71, 'p'}, {0x1D72, 'r'}, {0x1D73, 'r'}, {0x1D74, 's'}, {0x1D75, 't'},
    {0x1D76, 'z'}, {0x1D7D, 'p'}, {0x1D80, 'b'}, {0x1D81, 'd'}, {0x1D82, 'f'}, {0x1D83, 'g'},
    {0x1D84, 'k'}, {0x1D85, 'l'}, {0x1D86, 'm'}, {0x1D87, 'n'}, {0x1D88, 'p'}, {0x1D89, 'r'},
    {0x1D8A, 's'}, {0x1D8C, 'v'}, {0x1D8D, 'x'}, {0x1D8E, 'z'}, {0x1D8F, 'a'}, {0x1D91, 'd'},
    {0x1D92, 'e'}, {0x1D96, 'i'}, {0x1D99, 'u'}, {0x1EFF, 'y'}, {0x2C61, 'l'}, {0x2C65, 'a'},
    {0x2C66, 't'}, {0x2C68, 'h'}, {0x2C6A, 'k'}, {0x2C6C, 'z'}, {0x2C71, 'v'}, {0x2C73, 'w'},
    {0x2C74, 'v'}, {0x2C78, 'e'}, {0x2C7A, 'o'}, {0xA730, 'f'}, {0xA731, 's'}, {0xA741, 'k'},
    {0xA743, 'k'}, {0xA745, 'k'}, {0xA749, 'l'}, {0xA74B, 'o'}, {0xA74D, 'o'}, {0xA751, 'p'},
    {0xA753, 'p'}, {0xA755, 'p'}, {0xA757, 'q'}, {0xA759, 'q'}, {0xA75F, 'v'}, {0xA78E, 'l'},
    {0xA791, 'n'}, {0xA793, 'c'}, {0xA794, 'c'}, {0xA795, 'h'}, {0xA797, 'b'}, {0xA799, 'f'},
    {0xA7A1, 'g'}, {0xA7A3, 'k'}, {0xA7A5, 'n'}, {0xA7A7, 'r'}, {0xA7A9, 's'}, {0xA7AF, 'q'},
    {0xA7B9, 'u'}, {0xA7C8, 'd'}, {0xA7CA, 's'}, {0xA7CD, 's'}, {0xAB34, 'e'}, {0xAB37, 'l'},
    {0xAB38, 'l'}, {0xAB39, 'l'}, {0xAB3A, 'm'}, {0xAB3B, 'n'}, {0xAB46, 'r'}, {0xAB49, 'r'},
    {0xAB4E, 'u'}, {0xAB52, 'u'}, {0xAB56, 'x'}, {0xAB57, 'x'}, {0xAB58, 'x'}, {0xAB59, 'x'},
    {0xAB5A, 'y'}, {0x1DF04, 'l'}, {0x1DF09, 't'}, {0x1DF11, 'l'}, {0x1DF13, 'l'}, {0x1DF16, 'r'},
    {0x1DF1A, 'i'}, {0x1DF1B, 'o'}, {0x1DF1D, 'c'}, {0x1DF1E, 's'}, {0x1DF25, 'd'}, {0x1DF26, 'l'},
    {0x1DF27, 'n'}, {0x1DF28, 'r'}, {0x1DF29, 's'}, {0x1DF2A, 't'},
};

char latin_letter(char32_t c) {
  const auto* end = std::end(latin_bases);
  const auto* it = std::lower_bound(std::begin(latin_bases), end, c,
                                    [](const latin_base& b, char32_t x) { return b.cp < x; });
  return it != end && it->cp == c ? it->letter : 0;
}

// Two ASCII letters read as one (after the folded skeleton, which writes m
// as "rn"): cl, dl as d; lc, lk, ik as k; lb as b; lh as h; nn, rr as m.
struct pair_rule {
  char a, b;
  const char* to;
};
const pair_rule ascii_pairs[] = {
    {'c', 'l', "d"}, {'d', 'l', "d"}, {'l', 'c', "k"},  {'l', 'k', "k"},  {'i', 'k', "k"},
    {'l', 'b', "b"}, {'l', 'h', "h"}, {'n', 'n', "rn"}, {'r', 'r', "rn"},
};

// One ASCII letter read as another: each class to one representative.
char32_t ascii_class(char32_t c) {
  switch (c) {
    case U'b': return U'd';
    case U'e': return U'c';
    case U'q': return U'g';
    case U'i': return U'l';
    case U'r': return U'n';
    default: return c;
  }
}

}  // namespace

// Whether c may start one of ascii_pairs (most letters do not: the pair
// table is not scanned for them).
bool pair_start(char32_t c) {
  return c == U'c' || c == U'd' || c == U'l' || c == U'i' || c == U'n' || c == U'r';
}

bool loose_skeleton(std::u32string_view label, bool singles, std::u32string& out,
                    const std::u32string* label_folded) {
  thread_local std::u32string mapped, folded;
  bool changed = false;
  if (std::any_of(label.begin(), label.end(), [](char32_t c) { return c >= 0x80; })) {
    mapped.assign(label.data(), label.size());
    for (char32_t& c : mapped)
      if (c >= 0x80)
        if (char l = latin_letter(c)) {
          c = static_cast<unsigned char>(l);
          changed = true;
        }
    if (!changed && label_folded != nullptr) return loose_from_folded(*label_folded, singles, out);
    folded_skeleton(mapped, folded);
  } else {
    // An ASCII label: nothing to map first.
    if (label_folded != nullptr) return loose_from_folded(*label_folded, singles, out);
    folded_skeleton(label, folded);
  }
  return loose_from_folded(folded, singles, out) || changed;
}

bool loose_from_folded(std::u32string_view folded, bool singles, std::u32string& out) {
  bool changed = false;
  out.clear();
  for (std::size_t i = 0; i < folded.size(); ++i) {
    const char32_t c = folded[i];
    if (i + 1 < folded.size() && pair_start(c)) {
      const pair_rule* hit = nullptr;
      for (const pair_rule& p : ascii_pairs)
        if (c == static_cast<char32_t>(p.a) && folded[i + 1] == static_cast<char32_t>(p.b)) hit = &p;
      if (hit) {
        for (const char* t = hit->to; *t; ++t) out.push_back(static_cast<unsigned char>(*t));
        ++i;
        changed = true;
        continue;
      }
    }
    out.push_back(c);
  }
  if (singles) {
    // Each class to its representative, then a run of one letter to one
    // (nn and rn, m's skeleton, become n; l1 and ll become l).
    std::size_t n = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
      const char32_t c = ascii_class(out[i]);
      if (n == 0 || out[n - 1] != c) out[n++] = c;
    }
    out.resize(n);
  }
  return changed;
}

}  // namespace puny::hunt
