// puny hunt: matching one name against the brand index (docs/hunt.md).
//
// The name is first brought to the form the index holds: UTS #46 ToUnicode
// (section 4.3: maps case and width, decodes xn-- labels), so its A-label
// and U-label forms are matched alike.  Then only the registrable label and
// the subdomain labels' tokens are looked up; each look-up is a hash of at
// most one label, so the work is linear in the name.
#include <algorithm>
#include <array>

#include "display/internal.hpp"
#include "index.hpp"
#include "loose.hpp"
#include "words.hpp"
#include "puny/idna.hpp"
#include "puny/unicode.hpp"

namespace puny::hunt {
namespace {

struct span {
  std::size_t offset, length;
};

bool is_ascii(std::string_view s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

bool has_ace_prefix(std::string_view s) {
  for (std::size_t i = 0; i + 4 <= s.size(); ++i)
    if ((s[i] | 0x20) == 'x' && (s[i + 1] | 0x20) == 'n' && s[i + 2] == '-' && s[i + 3] == '-')
      return true;
  return false;
}

// Lenient UTF-8 to UTF-32: an ill-formed sequence becomes U+FFFD (it can
// match nothing), so every input gets labels.
void to_u32(std::string_view s, std::u32string& out) {
  out.clear();
  if (is_ascii(s)) {  // most labels: one code point a byte, no decoding
    out.resize(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) out[i] = static_cast<unsigned char>(s[i]);
    return;
  }
  std::size_t pos = 0;
  char32_t c;
  while (pos < s.size()) {
    std::size_t before = pos;
    if (unicode::next_utf8(s, pos, c)) {
      out.push_back(c);
    } else {
      out.push_back(0xFFFD);
      if (pos == before) ++pos;
    }
  }
}

// Label spans in the caller's input: UTS #46 section 2.3's label
// separators (full stop and its ideographic, fullwidth and halfwidth forms).
void input_labels(std::string_view in, std::vector<span>& out) {
  out.clear();
  std::size_t start = 0, i = 0;
  while (i < in.size()) {
    std::size_t sep = 0;
    auto b = [&](std::size_t k) { return static_cast<unsigned char>(in[i + k]); };
    if (in[i] == '.') {
      sep = 1;
    } else if (i + 2 < in.size() && ((b(0) == 0xE3 && b(1) == 0x80 && b(2) == 0x82) ||
                                     (b(0) == 0xEF && b(1) == 0xBC && b(2) == 0x8E) ||
                                     (b(0) == 0xEF && b(1) == 0xBD && b(2) == 0xA1))) {
      sep = 3;
    }
    if (sep) {
      out.push_back({start, i - start});
      i += sep;
      start = i;
    } else {
      ++i;
    }
  }
  out.push_back({start, in.size() - start});
}

// A list whose elements keep their storage from one name to the next, so
// that matching a name allocates nothing once the buffers have grown.
template <class T>
struct reusable {
  std::vector<T> v;
  std::size_t n = 0;
  void clear() { n = 0; }
  T& push() {
    if (n == v.size()) v.emplace_back();
    return v[n++];
  }
  void pop_back() { --n; }
  T& back() { return v[n - 1]; }
  std::size_t size() const { return n; }
  const T& operator[](std::size_t i) const { return v[i]; }
};

struct token {
  std::u32string text;
  std::size_t label = 0;
};

struct scratch {
  std::vector<span> in_spans;
  reusable<std::u32string> labels;  // the name's labels, Unicode, lowercase
  reusable<token> toks;
};

// The causes a one-character replacement may have (docs/hunt.md, "Which
// reason a replacement gets").  Only ASCII pairs have one.
//
// QWERTY neighbours from the keys' positions: the row, and the key's centre
// in quarter keys, the letter rows starting half a key, three quarters and
// one and a quarter to the right of the digit row as on a real keyboard.
// Two keys are neighbours when side by side in a row, or in adjacent rows
// less than a key apart (w: 2, 3, q, e, a, s).
struct key_position {
  signed char row = -1;
  signed char x4 = 0;
};

const std::array<key_position, 128>& qwerty() {
  static const std::array<key_position, 128> table = [] {
    std::array<key_position, 128> t{};
    const char* const rows[] = {"1234567890-", "qwertyuiop", "asdfghjkl", "zxcvbnm"};
    const int start4[] = {0, 2, 3, 5};
    for (int row = 0; row < 4; ++row)
      for (int col = 0; rows[row][col] != 0; ++col)
        t[static_cast<unsigned char>(rows[row][col])] = {
            static_cast<signed char>(row), static_cast<signed char>(start4[row] + 4 * col)};
    return t;
  }();
  return table;
}

bool keyboard_neighbours(char32_t a, char32_t b) {
  if (a >= 0x80 || b >= 0x80) return false;
  const key_position p = qwerty()[a], q = qwerty()[b];
  if (p.row < 0 || q.row < 0) return false;
  const int dx = p.x4 > q.x4 ? p.x4 - q.x4 : q.x4 - p.x4;
  if (p.row == q.row) return dx == 4;
  return (p.row == q.row + 1 || q.row == p.row + 1) && dx < 4;
}

bool is_vowel(char32_t c) { return c == U'a' || c == U'e' || c == U'i' || c == U'o' || c == U'u'; }

// A bit flip in the ASCII code that still gives a character a host name may
// hold (letter, digit, hyphen; RFC 952/1123's LDH), as a memory error in
// the computer handling the name could (bitsquatting, Dinaburg 2011).  Uppercase results are not
// names of their own: the input is lowercased before matching.
bool one_bit_apart(char32_t from, char32_t to) {
  if (from >= 0x80 || to >= 0x80) return false;
  const char32_t x = from ^ to;
  const bool ldh = (to >= U'a' && to <= U'z') || (to >= U'0' && to <= U'9') || to == U'-';
  return x != 0 && (x & (x - 1)) == 0 && ldh;
}

struct matcher {
  const brand_index::impl& d;
  const options& opt;
  report& out;
  std::vector<span>& in_spans;
  reusable<std::u32string>& labels;
  reusable<token>& toks;
  bool spans_match = false;
  std::size_t input_size = 0;
  // The name's public suffix as the brands spell theirs ("com", "co.uk",
  // "blogspot.com"): short brands match only under their own suffix, and a
  // suffix brand never matches the names under it.
  std::string_view in_suffix{};
  // Set while loose_rule adds: homoglyph_edit's brand minimum is then the
  // loose one (loose_min).
  bool loose_now = false;
  // The strings the two deletion tables were built from: a key found
  // there is checked against them (index.hpp's deletion_table).
  struct label_text {
    const std::vector<brand_record>& brands;
    std::u32string_view operator()(std::uint32_t id) const { return brands[id].label; }
  };
  struct folded_text {
    const std::vector<brand_record>& brands;
    std::u32string_view operator()(std::uint32_t id) const { return brands[id].folded; }
  };

  bool on(rule r) const { return opt.rules & (std::uint32_t{1} << static_cast<unsigned>(r)); }

  // `short_ok`: a brand label below the rule's minimum may still get the
  // short-brand rule of its length (docs/hunt.md, "Short brands"), only
  // under the brand's own suffix.  Not for the edit step of a combined
  // match: a four-letter word one edit from a brand's beside a keyword is
  // common ("helpapp" for yelp).
  bool enabled(rule r, const brand_record& b, bool short_ok = true) const {
    if (!on(r)) return false;
    std::size_t min = opt.min_brand_length[static_cast<unsigned>(r)];
    if (min != 0) return b.label.size() >= min;  // the caller's own minimum: nothing else
    if (loose_now && r == rule::homoglyph_edit) return b.label.size() >= loose_min;
    if (b.label.size() >= info(r).min_brand_length) return true;
    return short_ok && short_brand_rule(r, b.label.size()) && in_suffix == b.suffix;
  }

  // Rules a brand label shorter than the rule's minimum still gets, by
  // length, when the name is under the brand's own public suffix: measured
  // on real benign names (docs/hunt.md, "Short brands").  One or two
  // letters: only a non-ASCII label with the brand label's skeleton
  // (х.com, һр.com).  Three and four letters: one transposition,
  // repetition, hyphen, added character, keyboard neighbour or vowel
  // (ebya.com, ebbay.com, e-bay.com, cnnn.com, cbn.com, msm.com); an
  // omission (a label of two or three letters), an arbitrary replacement
  // or a bit flip turns too many short names into brands (app.com for
  // adp.com, gol.com for goal.com, udo.com for udn.com).
  static bool short_brand_rule(rule r, std::size_t length) {
    switch (r) {
      case rule::skeleton:
      case rule::chromium_skeleton:
        return length >= 1;
      case rule::transposition:
      case rule::repetition:
      case rule::hyphenation:
      case rule::insertion:
      case rule::keyboard:
      case rule::vowel_swap:
        return length == 3 || length == 4;
      default:
        return false;
    }
  }

  // The reason for brand character `from` replaced by `to`: the first of
  // keyboard, vowel_swap and bitsquatting that names the pair and is on for
  // the brand, else replacement.  A typing slip comes first (the commonest
  // cause of a typo name), then a vowel that sounds alike, then a bit flip
  // (one in eight pairs of a letter and an LDH character are one bit
  // apart, so it tells least).
  rule replacement_reason(char32_t from, char32_t to, const brand_record& b) const {
    if (keyboard_neighbours(from, to) && enabled(rule::keyboard, b)) return rule::keyboard;
    if (is_vowel(from) && is_vowel(to) && enabled(rule::vowel_swap, b)) return rule::vowel_swap;
    if (one_bit_apart(from, to) && enabled(rule::bitsquatting, b)) return rule::bitsquatting;
    return rule::replacement;
  }

  // Input bytes of labels [first, last].
  span labels_span(std::size_t first, std::size_t last) const {
    if (!spans_match) return {0, input_size};
    return {in_spans[first].offset,
            in_spans[last].offset + in_spans[last].length - in_spans[first].offset};
  }

  // A name under a suffix brand (x.blogspot.com) is one of the platform's
  // customers, not an imitation of the platform.
  bool under_suffix_brand(const brand_record& b) const {
    if (!b.suffix_brand || in_suffix.size() < b.name.size()) return false;
    return in_suffix == b.name ||
           (in_suffix.size() > b.name.size() &&
            in_suffix.compare(in_suffix.size() - b.name.size(), b.name.size(), b.name) == 0 &&
            in_suffix[in_suffix.size() - b.name.size() - 1] == '.');
  }

  void add(std::uint32_t brand, rule r, std::size_t first, std::size_t last, int score_delta = 0,
           rule via = rule{}) {
    const brand_record& b = d.brands[brand];
    if (!enabled(r, b)) return;
    if (via != rule{} &&
        !enabled(via, b, via == rule::skeleton || via == rule::chromium_skeleton))
      return;
    if (d.has_suffix_brand && under_suffix_brand(b)) return;
    if (b.word && weak_exact(r, score_delta, via)) return;
    int score = info(r).score + score_delta;
    if (score < opt.min_score) return;
    span s = labels_span(first, last);
    // Matches are added label by label, so a duplicate can only be among
    // the last ones with the same offset: looking further back would make
    // a name of many matching labels quadratic.
    for (auto it = out.matches.rbegin(); it != out.matches.rend() && it->offset == s.offset; ++it)
      if (it->brand == brand && it->why == r && it->length == s.length) return;
    out.matches.push_back(match{brand, r, s.offset, s.length, score, via});
  }

  // A match that rests on the brand's exact label alone, with nothing that
  // imitates it: the label under another suffix (tld_swap), beside a word
  // or keyword (combo_squatting without a lookalike or edit step), alone as
  // a subdomain label (target_embedding's -35).  For a brand whose label is
  // a common word, such names are ordinary (mail.com, free-portal.com,
  // mail.example.com): not reported (docs/hunt.md, "Brands that are words").
  static bool weak_exact(rule r, int score_delta, rule via) {
    if (via != rule{}) return false;
    return r == rule::tld_swap || r == rule::combo_squatting ||
           (r == rule::target_embedding && score_delta == bare_subdomain_delta);
  }

  // target_embedding's score change for a brand label alone as a subdomain
  // label (50 instead of 85).
  static constexpr int bare_subdomain_delta = -35;

  std::size_t suffix_labels(std::string_view name) const {
    std::size_t n = labels.size();
    if (d.have_psl) {
      std::string_view suf = d.psl.public_suffix(name);
      std::size_t k = suf.empty() ? 0 : 1 + std::count(suf.begin(), suf.end(), '.');
      if (k > 0) return k;
    }
    // The longest of the brands' suffixes the name ends with, else one label.
    std::size_t best = 1;
    std::size_t dots = 0;
    for (std::size_t i = name.size(); i-- > 0 && dots < 3;) {
      if (name[i] != '.') continue;
      ++dots;
      if (d.suffix_views.count(name.substr(i + 1))) best = dots;
    }
    return std::min(best, n);
  }

  void registrable_rules(std::size_t r, std::string_view suffix) {
    const std::u32string& R = labels[r];
    if (R.empty()) return;
    // Exact label: another suffix is a TLD swap (the brand's own name was
    // filtered out before).
    if (d.maybe(R))
      d.by_label.find(R, [&](std::uint32_t id) {
        if (d.brands[id].suffix != suffix) add(id, rule::tld_swap, r, labels.size() - 1);
      });
    // Skeleton and ASCII homoglyphs (UTS #39 section 4).
    bool ascii = std::all_of(R.begin(), R.end(), [](char32_t c) { return c < 0x80; });
    // Reused: no allocation per name; homoglyph_edit_rule reads it too.
    thread_local std::u32string folded;
    folded_skeleton(R, folded);
    {
      if (d.maybe(folded))
        d.by_folded.find(folded, [&](std::uint32_t id) {
          if (d.brands[id].label != R) add(id, ascii ? rule::homoglyph : rule::skeleton, r, r);
        });
    }
    if (!ascii) chromium_skeleton_rule(r);
    combo(R, r, r);
    if (R.size() <= d.max_label + 1) edit_rules(R, r);
    // After the edit rules: it reports only brands nothing else matched.
    homoglyph_edit_rule(r, folded);
    loose_rule(r, ascii, folded);
  }

  // The shortest brand label the loose lookalikes are reported for (as
  // homoglyph_edit): measured on real benign names (docs/hunt.md).
  static constexpr std::size_t loose_min = 3;

  // Lookalikes from dnstwist's looser table (loose.hpp): a non-ASCII label
  // whose loose skeleton, single ASCII letters' classes included, is a
  // brand label's (ʀikkaɾspoɾts, thcbalancccarccrs with a ƈ); an ASCII
  // label only through the letter pairs (jobrapic1o: cl for d), whose
  // loose skeleton without the single letters' classes is a brand
  // label's.  Reported as homoglyph_edit, only for a brand nothing else
  // matched on this label.
  void loose_rule(std::size_t r, bool ascii, const std::u32string& F) {
    if (!on(rule::homoglyph_edit) || F.size() > 2 * d.max_folded + 2) return;
    const std::u32string& R = labels[r];
    const std::size_t offset = labels_span(r, r).offset;
    thread_local std::u32string key;
    auto report = [&](std::uint32_t id) {
      if (d.brands[id].label == R) return;
      for (auto it = out.matches.rbegin(); it != out.matches.rend() && it->offset == offset; ++it)
        if (it->brand == id) return;
      add(id, rule::homoglyph_edit, r, r);
    };
    loose_now = true;
    if (!ascii) {
      loose_skeleton(R, true, key);
      d.by_loose_full.find(key, report);
    } else {
      // The pairs: only a label with one (most have none).
      bool pair = false;
      for (std::size_t i = 0; i + 1 < F.size() && !pair; ++i) {
        const char32_t a = F[i], b = F[i + 1];
        pair = (b == U'l' && (a == U'c' || a == U'd')) ||
               (a == U'l' && (b == U'c' || b == U'k' || b == U'b' || b == U'h')) ||
               (a == U'i' && b == U'k') || (a == U'n' && b == U'n') || (a == U'r' && b == U'r');
      }
      if (pair) {
        loose_from_folded(F, false, key);
        d.by_loose.find(key, report);
      }
      // The single letters too, for a brand of loose_ascii_min letters or
      // more, in a label that shows another lookalike (a pair, a digit, rn:
      // l1nkedim, iinkeclin): fewer ordinary words meet a long label, and
      // a plain ASCII word (most names) is not read a third time.
      if (R.size() + 1 >= loose_ascii_min && (pair || may_hold_homoglyph(R))) {
        loose_from_folded(F, true, key);
        d.by_loose_full.find(key, [&](std::uint32_t id) {
          if (d.brands[id].label.size() >= loose_ascii_min) report(id);
        });
      }
    }
    loose_now = false;
  }

  // The shortest brand label an ASCII name's single-letter lookalikes
  // (c/e, b/d, n/r/m, i/l) are reported for: measured (docs/hunt.md).
  static constexpr std::size_t loose_ascii_min = 6;

  // Chromium's lookalike skeletons of the label (display's
  // lookalike_skeletons, SkeletonGenerator::GetSkeletons: diacritics
  // dropped when the label is Latin, Greek and Cyrillic, its extra
  // confusables such as п -> n and ԍ -> g, then the UTS #39 skeleton;
  // several for a letter read two ways), looked up among the brand labels'
  // own.  Only for a label with a character those extras name: without
  // one, Chromium's skeleton is the UTS #39 skeleton with the diacritics
  // dropped, which the skeleton rule has compared already (an ASCII label,
  // most names, is never asked; a non-ASCII one costs a table read per
  // code point).  A brand the skeleton or homoglyph rule reported on this
  // label is not reported again.
  void chromium_skeleton_rule(std::size_t r) {
    if (!(opt.rules & (std::uint32_t{1} << static_cast<unsigned>(rule::chromium_skeleton))) ||
        d.by_chromium.empty())
      return;
    const std::u32string& R = labels[r];
    if (!detail::display::has_lookalike_extra(R)) return;
    thread_local std::string utf8;  // reused: no allocation per name once grown
    thread_local detail::display::skeleton_list skeletons;
    utf8.clear();  // utf32_to_utf8 appends
    if (!unicode::utf32_to_utf8(R, utf8).ok()) return;
    detail::display::lookalike_skeletons(utf8, skeletons);
    const std::size_t offset = labels_span(r, r).offset;
    for (const std::string& s : skeletons) {
      d.by_chromium.find(s, [&](std::uint32_t id) {
        if (d.brands[id].label == R) return;  // the brand's label itself (a TLD swap)
        bool reported = false;
        for (auto m = out.matches.rbegin(); m != out.matches.rend() && m->offset == offset; ++m)
          reported = reported ||
                     (m->brand == id && (m->why == rule::skeleton || m->why == rule::homoglyph));
        if (!reported) add(id, rule::chromium_skeleton, r, r);
      });
    }
  }

  // Edit distance 1 through the deletion neighbourhood.
  void edit_rules(const std::u32string& R, std::size_t r) {
    edits(R, [&](std::uint32_t id, rule why) { add(id, why, r, r); });
  }

  // Calls f(brand, rule) for every brand label at edit distance 1 of R,
  // with the edit's rule (omission, insertion, hyphenation, repetition,
  // transposition, or a replacement's reason).
  //
  // A label that is itself a common word (hotel, cloud, video) is spelled
  // so on purpose, not as an edit of a brand (hotels, icloud, vimeo):
  // nothing is reported for it.  Asked only once an edit is found.
  template <class F>
  void edits(const std::u32string& R, F&& report) {
    if (R.empty() || R.size() > d.max_label + 1) return;
    int word = -1;  // unknown until an edit is found
    auto f = [&](std::uint32_t id, rule why) {
      if (word < 0) word = is_common_word(R) ? 1 : 0;
      if (word == 0) report(id, why);
    };
    if (const std::uint64_t h = brand_index::impl::hash_of(R); d.maybe_hash(h))
      d.deletions.find(R, h, label_text{d.brands},
                       [&](const deletion& e) { f(e.brand, rule::omission); });
    // R with code point i deleted, for i = 0, 1, ...: the next deletion
    // differs from this one in one place only (del[i - 1] becomes R[i - 1]),
    // so it is updated in place instead of copied.
    thread_local std::u32string del;
    if (!R.empty()) del.assign(R, 1, std::u32string::npos);
    for (std::size_t i = 0; i < R.size(); ++i) {
      if (i > 0) del[i - 1] = R[i - 1];
      const std::uint64_t h = brand_index::impl::hash_of(del);
      if (!d.maybe_hash(h)) continue;
      d.by_label.find(del, [&](std::uint32_t id) {
        rule why = rule::insertion;
        if (R[i] == U'-')
          why = rule::hyphenation;
        else if ((i > 0 && R[i - 1] == R[i]) || (i + 1 < R.size() && R[i + 1] == R[i]))
          why = rule::repetition;
        f(id, why);
      });
      d.deletions.find(del, h, label_text{d.brands}, [&](const deletion& e) {
        const std::u32string& B = d.brands[e.brand].label;
        if (B.size() != R.size() || B == R) return;
        if (e.pos == i) {
          f(e.brand, replacement_reason(B[i], R[i], d.brands[e.brand]));
        } else if ((e.pos == i + 1 || e.pos + 1 == i) && R[i] == B[e.pos] && R[e.pos] == B[i]) {
          f(e.brand, rule::transposition);
        }
      });
    }
  }

  // Whether a label may hold a lookalike the folded skeleton replaces: a
  // non-ASCII character, 0 or 1 (confusables.txt folds them to o and l), or
  // the sequences rn and vv; an m only when some brand's label has "rn"
  // (the skeleton writes m as rn on both sides, so otherwise an m changes no
  // distance).  Other labels fold to themselves, and the edit rules have
  // already compared them as spelled.
  bool may_hold_homoglyph(const std::u32string& R) const {
    for (std::size_t i = 0; i < R.size(); ++i) {
      const char32_t c = R[i];
      if (c >= 0x80 || c == U'0' || c == U'1' || (c == U'm' && d.brand_has_rn)) return true;
      if (i + 1 < R.size() && ((c == U'r' && R[i + 1] == U'n') || (c == U'v' && R[i + 1] == U'v')))
        return true;
    }
    return false;
  }

  // Calls f(brand, rule) for every brand whose label the text T (a token
  // of a label, not a whole registrable label) imitates with lookalikes:
  // the same folded skeleton (homoglyph when T is ASCII, else skeleton) or
  // the same Chromium skeleton (chromium_skeleton); never the brand's own
  // label.  An ASCII T that cannot hold a lookalike is not folded.
  template <class F>
  void lookalikes(const std::u32string& T, F&& f) {
    if (T.empty()) return;
    const bool ascii = std::all_of(T.begin(), T.end(), [](char32_t c) { return c < 0x80; });
    if (ascii && !may_hold_homoglyph(T)) return;
    thread_local std::u32string folded;
    folded_skeleton(T, folded);
    if (d.maybe(folded))
      d.by_folded.find(folded, [&](std::uint32_t id) {
        if (d.brands[id].label != T) f(id, ascii ? rule::homoglyph : rule::skeleton);
      });
    if (ascii || !on(rule::chromium_skeleton) || d.by_chromium.empty() ||
        !detail::display::has_lookalike_extra(T))
      return;
    thread_local std::string utf8;
    thread_local detail::display::skeleton_list skeletons;
    utf8.clear();
    if (!unicode::utf32_to_utf8(T, utf8).ok()) return;
    detail::display::lookalike_skeletons(utf8, skeletons);
    for (const std::string& sk : skeletons)
      d.by_chromium.find(sk, [&](std::uint32_t id) {
        if (d.brands[id].label != T) f(id, rule::chromium_skeleton);
      });
  }

  // Edit distance 1 between the folded skeletons of the label and of a
  // brand's label ("rnicrosft", "paypa1l"): a homoglyph and an edit
  // together.  Reported only when nothing else matched the brand on this
  // label, so a name one rule explains is not counted twice.
  void homoglyph_edit_rule(std::size_t r, const std::u32string& F) {
    const std::u32string& R = labels[r];
    if (!(opt.rules & (std::uint32_t{1} << static_cast<unsigned>(rule::homoglyph_edit)))) return;
    if (!may_hold_homoglyph(R)) return;
    thread_local std::u32string del;
    if (F.empty() || F.size() > d.max_folded + 1) return;
    const std::size_t offset = labels_span(r, r).offset;
    auto consider = [&](std::uint32_t id) {
      const brand_record& b = d.brands[id];
      if (b.folded == F || b.label == R) return;  // the homoglyph rule's, or the brand itself
      for (auto it = out.matches.rbegin(); it != out.matches.rend() && it->offset == offset; ++it)
        if (it->brand == id) return;
      add(id, rule::homoglyph_edit, r, r);
    };
    // One character more than the brand's folded skeleton.
    if (F.size() <= d.max_folded + 1)
      if (const std::uint64_t h = brand_index::impl::hash_of(F); d.maybe_hash(h))
        d.folded_deletions.find(F, h, folded_text{d.brands},
                                [&](const deletion& e) { consider(e.brand); });
    del.assign(F, 1, std::u32string::npos);  // updated in place, as in edit_rules
    for (std::size_t i = 0; i < F.size(); ++i) {
      if (i > 0) del[i - 1] = F[i - 1];
      const std::uint64_t h = brand_index::impl::hash_of(del);
      if (!d.maybe_hash(h)) continue;
      // One character fewer.
      d.by_folded.find(del, consider);
      // One character replaced, or two neighbours swapped.
      d.folded_deletions.find(del, h, folded_text{d.brands}, [&](const deletion& e) {
        const std::u32string& B = d.brands[e.brand].folded;
        if (B.size() != F.size()) return;
        if (e.pos == i ||
            ((e.pos == i + 1 || e.pos + 1 == i) && F[i] == B[e.pos] && F[e.pos] == B[i]))
          consider(e.brand);
      });
    }
  }

  // Brand label + keyword (either order, hyphen or not), brand + hyphen +
  // any word, and the brand's flattened name ("paypalcom").
  void combo(const std::u32string& L, std::size_t first, std::size_t last) {
    // Hyphen-separated tokens.
    if (L.find(U'-') != std::u32string::npos) {
      thread_local std::vector<std::u32string> parts;
      parts.clear();
      bool keyword = false;  // some token is a keyword
      std::size_t start = 0;
      for (;;) {
        std::size_t h = L.find(U'-', start);
        parts.emplace_back(L, start, h == std::u32string::npos ? std::u32string::npos : h - start);
        const std::u32string& tok = parts.back();
        keyword = keyword || d.keywords.contains(tok);
        if (d.maybe(tok)) {
          d.by_label.find(tok,
                          [&](std::uint32_t id) { add(id, rule::combo_squatting, first, last); });
          d.by_flat_name.find(
              tok, [&](std::uint32_t id) { add(id, rule::target_embedding, first, last); });
        }
        // A lookalike of the brand's label with any word ("paypa1-secure",
        // "раураl-login"): the lookalike shows the intent.
        lookalikes(tok, [&](std::uint32_t id, rule via) {
          add(id, rule::combo_squatting, first, last, 0, via);
        });
        if (h == std::u32string::npos) break;
        start = h + 1;
      }
      // One edit of the brand's label, only beside a keyword
      // ("paypall-login"): a word one letter from a brand's is common,
      // beside "login" less so (combo_edit says which edits).
      if (keyword && parts.size() > 1)
        for (const std::u32string& tok : parts)
          if (!d.keywords.contains(tok))
            edits(tok, [&](std::uint32_t id, rule via) {
              if (combo_edit(via)) add(id, rule::combo_squatting, first, last, -5, via);
            });
    }
    if (d.maybe(L))
      d.by_flat_name.find(L,
                          [&](std::uint32_t id) { add(id, rule::target_embedding, first, last); });
    // Views: a head or tail is looked up (the tables take views, nothing is
    // copied) only when the keyword masks and the Bloom filter let it through.
    const std::u32string_view V(L);
    for (std::size_t k : d.keyword_lengths) {
      if (k >= L.size()) break;
      if (k == 0) continue;  // parse() keeps no empty keyword
      // Brand + keyword: the tail of k code points is the keyword.
      std::u32string_view head = V.substr(0, L.size() - k), tail = V.substr(L.size() - k);
      if (((d.keyword_first[k] >> (tail.front() & 63)) & 1) &&
          ((d.keyword_last[k] >> (tail.back() & 63)) & 1) && d.keywords.contains(tail)) {
        if (d.maybe(head))
          d.by_label.find(head,
                          [&](std::uint32_t id) { add(id, rule::combo_squatting, first, last); });
        keyword_part(head, first, last);
      }
      // Keyword + brand: the head of k code points is the keyword.
      head = V.substr(0, k);
      tail = V.substr(k);
      if (((d.keyword_first[k] >> (head.front() & 63)) & 1) &&
          ((d.keyword_last[k] >> (head.back() & 63)) & 1) && d.keywords.contains(head)) {
        if (d.maybe(tail))
          d.by_label.find(tail,
                          [&](std::uint32_t id) { add(id, rule::combo_squatting, first, last); });
        keyword_part(tail, first, last);
      }
    }
  }

  // The rest of a label beside a keyword ("paypa1" of "paypa1login"),
  // spelled with lookalikes or one edit from a brand's label.
  void keyword_part(std::u32string_view part, std::size_t first, std::size_t last) {
    if (part.empty() || part.back() == U'-' || part.front() == U'-') return;  // the hyphen's tokens did it
    thread_local std::u32string text;
    text.assign(part.data(), part.size());
    lookalikes(text, [&](std::uint32_t id, rule via) {
      add(id, rule::combo_squatting, first, last, 0, via);
    });
    edits(text, [&](std::uint32_t id, rule via) {
      if (combo_edit(via)) add(id, rule::combo_squatting, first, last, -5, via);
    });
  }

  // The edits a brand's label may carry beside a keyword.  Not an
  // omission or an arbitrary replacement: on real top sites and benign
  // names they mostly meet real words ("hotel" of hotels.com in
  // "hotelmail", "video" of vimeo.com in "securevideo": 177 of 100,000
  // benign names against 489 top sites, docs/hunt.md).
  static bool combo_edit(rule via) { return via != rule::omission && via != rule::replacement; }

  // Target embedding in the subdomain: tokens (split on '.' and '-') of the
  // labels left of the registrable label; a brand label followed by the
  // brand's suffix labels ("paypal.com-login.evil.tld", "paypal.com.evil.tld").
  // A brand label alone as a subdomain token scores lower.
  void subdomain_rules(std::size_t r) {
    // Only tokens of labels left of r are looked up (those of r and to its
    // right are read only after a hit): no subdomain, nothing to do.
    if (r == 0) return;
    toks.clear();
    for (std::size_t l = 0; l <= r && l < labels.size(); ++l) {
      const std::u32string& L = labels[l];
      std::size_t start = 0;
      for (;;) {
        std::size_t h = L.find(U'-', start);
        token& tk = toks.push();
        tk.text.assign(L, start, h == std::u32string::npos ? std::u32string::npos : h - start);
        tk.label = l;
        if (h == std::u32string::npos) break;
        start = h + 1;
      }
    }
    // The last token of the brand's suffix that follows token t, token
    // by token ("paypal" "com" of paypal.com-login.evil.tld); 0 if none.
    auto suffix_follows = [&](std::uint32_t id, std::size_t t) -> std::size_t {
      const std::string& suf = d.brands[id].suffix;
      std::size_t u = t + 1, pos = 0;
      while (pos <= suf.size()) {
        std::size_t dot = suf.find('.', pos);
        std::string_view part = std::string_view(suf).substr(
            pos, dot == std::string::npos ? std::string::npos : dot - pos);
        if (u >= toks.size()) return 0;
        const std::u32string& text = toks[u].text;
        if (text.size() != part.size() ||
            !std::equal(part.begin(), part.end(), text.begin(),
                        [](char a, char32_t b) { return static_cast<unsigned char>(a) == b; }))
          return 0;
        ++u;
        if (dot == std::string::npos) break;
        pos = dot + 1;
      }
      return u - 1;
    };
    for (std::size_t t = 0; t < toks.size(); ++t) {
      if (toks[t].label >= r) break;
      // The brand's label spelled with lookalikes ("раураl.com.evil.tld",
      // "раураl.login.com"), scored as the label itself; with one edit only
      // when the brand's suffix follows ("paypl.com.evil.tld").
      lookalikes(toks[t].text, [&](std::uint32_t id, rule via) {
        if (std::size_t u = suffix_follows(id, t))
          add(id, rule::target_embedding, toks[t].label, toks[u].label, 0, via);
        else
          add(id, rule::target_embedding, toks[t].label, toks[t].label, bare_subdomain_delta, via);
      });
      if (t + 1 < toks.size() && d.suffix_heads.contains(toks[t + 1].text))
        edits(toks[t].text, [&](std::uint32_t id, rule via) {
          if (std::size_t u = suffix_follows(id, t))
            add(id, rule::target_embedding, toks[t].label, toks[u].label, -5, via);
        });
      if (!d.maybe(toks[t].text)) continue;
      d.by_label.find(toks[t].text, [&](std::uint32_t id) {
        if (std::size_t u = suffix_follows(id, t))
          add(id, rule::target_embedding, toks[t].label, toks[u].label);
        else
          add(id, rule::target_embedding, toks[t].label, toks[t].label, bare_subdomain_delta);
      });
      d.by_flat_name.find(toks[t].text, [&](std::uint32_t id) {
        add(id, rule::target_embedding, toks[t].label, toks[t].label);
      });
    }
  }

  // The brand's label spread over the registrable label and the labels
  // just left of it ("pay.pal.com", "p.ay.pal.com": dnstwist's subdomain
  // fuzzer).  Only joins no longer than the longest brand label, and than
  // 63 code points, are looked up: at most 63 labels of at most 63 code
  // points, constant work whatever the name or the brand list.  (A label
  // of more code points has an A-label of more than 63 octets, RFC 1035
  // section 2.3.4's limit: no such brand can be registered.)  A join of a
  // length no brand label has is skipped, the others are hashed in place
  // for the Bloom filter and copied only when it lets them through.
  void label_split_rule(std::size_t r) {
    if (r == 0 || !(opt.rules & (std::uint32_t{1} << static_cast<unsigned>(rule::label_split))))
      return;
    std::size_t length = labels[r].size();
    if (length == 0) return;
    const std::size_t longest = std::min<std::size_t>(d.max_label, 63);
    thread_local std::u32string joined;  // reused: no allocation per name
    for (std::size_t j = r; j-- > 0;) {
      if (labels[j].empty()) return;
      length += labels[j].size();
      if (length > longest) return;
      if (!((d.label_lengths >> length) & 1)) continue;
      std::uint64_t h = brand_index::impl::hash_start(length);
      for (std::size_t l = j; l <= r; ++l) h = brand_index::impl::hash_add(h, labels[l]);
      if (!d.maybe_hash(brand_index::impl::hash_end(h))) continue;
      joined.clear();
      for (std::size_t l = j; l <= r; ++l) joined += labels[l];
      d.by_label.find(joined, [&](std::uint32_t id) { add(id, rule::label_split, j, r); });
    }
  }

  void run(std::string_view input) {
    input_size = input.size();
    // ToUnicode unless the name is plain ASCII without an ACE prefix (then
    // it is only lowercased: the same result, much faster).
    std::string& name = out.name;
    if (is_ascii(input) && !has_ace_prefix(input)) {
      name.assign(input);
      for (char& c : name)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    } else {
      idna::detailed u = idna::to_unicode_detailed(input, idna::uts46_raw);
      name = std::move(u.best_effort);
    }
    input_labels(input, in_spans);
    labels.clear();
    std::size_t start = 0;
    for (;;) {
      std::size_t dot = name.find('.', start);
      to_u32(std::string_view(name).substr(
                 start, dot == std::string::npos ? std::string::npos : dot - start),
             labels.push());
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
    // The root label of a fully qualified name takes no part.
    if (labels.size() > 1 && labels.back().empty()) {
      labels.pop_back();
      if (in_spans.size() > 1 && in_spans.back().length == 0) in_spans.pop_back();
    }
    spans_match = in_spans.size() == labels.size();
    std::string_view trimmed = name;
    if (!trimmed.empty() && trimmed.back() == '.') trimmed.remove_suffix(1);
    std::size_t k = suffix_labels(trimmed);
    std::size_t r = labels.size() > k ? labels.size() - k - 1 : 0;
    // The registrable name and its suffix, as the brands spell them.
    std::size_t reg_start = 0;
    for (std::size_t l = 0, seen = 0; l < trimmed.size() && seen < r; ++l)
      if (trimmed[l] == '.' && ++seen == r) reg_start = l + 1;
    std::string_view registrable = trimmed.substr(reg_start);
    if (d.own_names.contains(registrable)) return;  // a brand's own name
    std::size_t dot = registrable.find('.');
    std::string_view suffix =
        dot == std::string_view::npos ? std::string_view() : registrable.substr(dot + 1);
    in_suffix = suffix;
    registrable_rules(r, suffix);
    subdomain_rules(r);
    label_split_rule(r);
  }
};

}  // namespace

void report::clear() {
  matches.clear();
  name.clear();
  verdict_status = status{};
  display.clear();
  all_shown = false;
  findings.clear();
}

void find(std::string_view name, const brand_index& index, const options& opt, report& out) {
  out.clear();
  const brand_index::impl& d = access::of(index);
  thread_local scratch buffers;
  matcher m{d, opt, out, buffers.in_spans, buffers.labels, buffers.toks};
  m.run(name);
  if (out.matches.empty() || !opt.verdict) return;
  // The display verdict only for names that match: most names do not, and
  // the decision costs more than the look-ups.
  display::options dopt;
  dopt.which = opt.profile;
  dopt.suffixes = d.have_psl ? &d.psl : nullptr;
  display::decision dec;
  out.verdict_status = display::decide(name, dopt, dec);
  if (out.verdict_status.ok()) {
    out.display = std::move(dec.display);
    out.all_shown = dec.all_shown();
    for (const display::label_verdict& l : dec.labels)
      out.findings.insert(out.findings.end(), l.findings.begin(), l.findings.end());
  }
}

report find(std::string_view name, const brand_index& index, const options& opt) {
  report r;
  find(name, index, opt, r);
  return r;
}

}  // namespace puny::hunt
