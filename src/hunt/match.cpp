// puny hunt: matching one name against the brand index (docs/hunt.md).
//
// The name is first brought to the form the index holds: UTS #46 ToUnicode
// (section 4.3: maps case and width, decodes xn-- labels), so its A-label
// and U-label forms are matched alike.  Then only the registrable label and
// the subdomain labels' tokens are looked up; each look-up is a hash of at
// most one label, so the work is linear in the name.
#include <algorithm>
#include <array>

#include "matcher.hpp"
#include "puny/idna.hpp"
#include "puny/unicode.hpp"
#include "puny/uts39.hpp"

namespace puny::hunt {
namespace {

using match_detail::reusable;
using match_detail::span;
using match_detail::token;

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

struct scratch {
  std::vector<span> in_spans;
  reusable<std::u32string> labels;  // the name's labels, Unicode, lowercase
  reusable<token> toks;
  match_detail::brand_marks marks;
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

using layout = std::array<key_position, 128>;

layout make_layout(const char* const (&rows)[4]) {
  layout t{};
  const int start4[] = {0, 2, 3, 5};
  for (int row = 0; row < 4; ++row)
    for (int col = 0; rows[row][col] != 0; ++col)
      t[static_cast<unsigned char>(rows[row][col])] = {
          static_cast<signed char>(row), static_cast<signed char>(start4[row] + 4 * col)};
  return t;
}

const layout& qwerty() {
  static const char* const rows[4] = {"1234567890-", "qwertyuiop", "asdfghjkl", "zxcvbnm"};
  static const layout table = make_layout(rows);
  return table;
}

// The German and French layouts, for a slip's cause only (the reason stays
// QWERTY's, docs/hunt.md): QWERTZ swaps y and z, AZERTY a/q and z/w and
// puts m beside l.
const layout& qwertz() {
  static const char* const rows[4] = {"1234567890-", "qwertzuiop", "asdfghjkl", "yxcvbnm"};
  static const layout table = make_layout(rows);
  return table;
}

const layout& azerty() {
  static const char* const rows[4] = {"1234567890-", "azertyuiop", "qsdfghjklm", "wxcvbn"};
  static const layout table = make_layout(rows);
  return table;
}

bool neighbours_on(const layout& k, char32_t a, char32_t b) {
  if (a >= 0x80 || b >= 0x80) return false;
  const key_position p = k[a], q = k[b];
  if (p.row < 0 || q.row < 0) return false;
  const int dx = p.x4 > q.x4 ? p.x4 - q.x4 : q.x4 - p.x4;
  if (p.row == q.row) return dx == 4;
  return (p.row == q.row + 1 || q.row == p.row + 1) && dx < 4;
}

bool keyboard_neighbours(char32_t a, char32_t b) { return neighbours_on(qwerty(), a, b); }

bool any_layout_neighbours(char32_t a, char32_t b) {
  return neighbours_on(qwerty(), a, b) || neighbours_on(qwertz(), a, b) ||
         neighbours_on(azerty(), a, b);
}

// ASCII characters read as each other: the single letters of the loose
// table (loose.cpp: b d, c e, g q, i l, n r), m n, and the digits the
// skeleton folds (0 o, 1 l, 1 i).
bool look_alike(char32_t a, char32_t b) {
  auto pair = [&](char32_t x, char32_t y) { return (a == x && b == y) || (a == y && b == x); };
  return pair(U'b', U'd') || pair(U'c', U'e') || pair(U'g', U'q') || pair(U'i', U'l') ||
         pair(U'n', U'r') || pair(U'm', U'n') || pair(U'0', U'o') || pair(U'1', U'l') ||
         pair(U'1', U'i');
}

// A digit that reads as a letter (leet spelling: 0 o, 1 i l, 3 e, 5 s,
// 8 b, 9 g).
bool digit_alike(char32_t digit, char32_t letter) {
  switch (digit) {
    case U'0': return letter == U'o';
    case U'1': return letter == U'i' || letter == U'l';
    case U'3': return letter == U'e';
    case U'5': return letter == U's';
    case U'8': return letter == U'b';
    case U'9': return letter == U'g';
    default: return false;
  }
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

}  // namespace

namespace match_detail {

bool matcher::replacement_has_cause(char32_t from, char32_t to) {
  // A letter of another script in a brand's ASCII label is put there on
  // purpose (a lookalike the tables do not list), not met by chance.
  return to >= 0x80 || any_layout_neighbours(from, to) || (is_vowel(from) && is_vowel(to)) ||
         one_bit_apart(from, to) || look_alike(from, to) || digit_alike(to, from);
}

matcher::shape matcher::shape_alike(char32_t brand, char32_t name) {
  if (digit_alike(name, brand)) return shape::digit;
  if ((brand == U'i' && name == U'l') || (brand == U'l' && name == U'i')) return shape::letter;
  return shape::none;
}

bool matcher::insertion_has_cause(const std::u32string& R, std::size_t i) {
  if (i + 1 >= R.size() || R[i] >= 0x80) return true;  // at the end (dnstwist's addition)
  return (i > 0 && (any_layout_neighbours(R[i], R[i - 1]) || look_alike(R[i], R[i - 1]))) ||
         any_layout_neighbours(R[i], R[i + 1]) || look_alike(R[i], R[i + 1]);
}

bool matcher::weak(rule r, const brand_record& b, rule via) const {
  if (via == rule{} && (r == rule::tld_swap || (r == rule::combo_squatting && plain_word_combo)))
    return true;
  const rule edit = via != rule{} ? via : r;
  if (!is_edit(edit) || r == rule::target_embedding) return false;
  if (opt.min_brand_length[static_cast<unsigned>(edit)] != 0) return false;  // the caller's own
  const std::size_t n = b.label.size();
  if (n >= strong_edit_length) return false;
  if (causeless_edit) return true;
  if (in_suffix != b.suffix) return true;
  // A short brand's typing slips other than a swap, a doubled letter or a
  // hyphen: one of them away lies another real short name (nbc, hupu).
  return n < info(edit).min_brand_length &&
         (edit == rule::keyboard || edit == rule::vowel_swap || edit == rule::insertion);
}

rule matcher::replacement_reason(char32_t from, char32_t to, const brand_record& b) const {
  if (keyboard_neighbours(from, to) && enabled(rule::keyboard, b)) return rule::keyboard;
  if (is_vowel(from) && is_vowel(to) && enabled(rule::vowel_swap, b)) return rule::vowel_swap;
  if (one_bit_apart(from, to) && enabled(rule::bitsquatting, b)) return rule::bitsquatting;
  return rule::replacement;
}

void matcher::add(std::uint32_t brand, rule r, std::size_t first, std::size_t last, int score_delta,
                  rule via) {
  const brand_record& b = d.brands[brand];
  if (!enabled(r, b)) return;
  if (via != rule{} && !enabled(via, b, via == rule::skeleton || via == rule::chromium_skeleton))
    return;
  if (d.has_suffix_brand && under_suffix_brand(b)) return;
  // A word brand's exact label beside a phishing keyword under its own
  // suffix is no ordinary name (apple-id.com; combo()'s keyword_beside).
  if (b.word && weak_exact(r, score_delta, via) &&
      !(r == rule::combo_squatting && keyword_beside && in_suffix == b.suffix))
    return;
  int score = info(r).score + score_delta;
  const bool is_weak = weak(r, b, via);
  if (is_weak) score += weak_delta;
  span s = labels_span(first, last);
  if (score < opt.min_score) {
    // homoglyph_edit reports a brand only when nothing else matched it on
    // the label: an edit left out as weak still did (ismedia is no
    // lookalike of itmedia because its m reads rn on both sides).
    if (is_weak) dropped.push_back({brand, s.offset});
    return;
  }
  // Matches are added label by label, so a duplicate can only be among
  // the last ones with the same offset: looking further back would make
  // a name of many matching labels quadratic.
  // (reported_rules answers for the brand and rule in one read; the run
  // is walked only for one already there, to compare the length.)
  if (reported_rules(brand, s.offset) & rule_bit(r))
    for (auto it = out.matches.rbegin(); it != out.matches.rend() && it->offset == s.offset; ++it)
      if (it->brand == brand && it->why == r && it->length == s.length) return;
  if (out.matches.empty() || out.matches.back().offset != s.offset) marks.start_run();
  marks.mark(brand, rule_bit(r));
  out.matches.push_back(match{brand, r, s.offset, s.length, score, via});
}

std::size_t matcher::suffix_labels(std::string_view name) {
  std::size_t n = labels.size();
  if (d.have_psl) {
    std::string_view suf = d.psl.public_suffix(name);
    psl_suffix = suf;
    std::size_t k = suf.empty() ? 0 : 1 + std::count(suf.begin(), suf.end(), '.');
    suffix_from_psl = k > 0;
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

void matcher::registrable_rules(std::size_t r, std::string_view suffix) {
  const std::u32string& R = labels[r];
  if (R.empty()) return;
  // Exact label: another suffix is a TLD swap (the brand's own name was
  // filtered out before).
  if (const std::uint64_t h = brand_index::impl::hash_of(R); d.maybe_hash(h))
    d.by_label.find(R, h, [&](std::uint32_t id) {
      if (d.brands[id].suffix != suffix) add(id, rule::tld_swap, r, labels.size() - 1);
    });
  // Skeleton and ASCII homoglyphs (UTS #39 section 4).
  bool ascii = std::all_of(R.begin(), R.end(), [](char32_t c) { return c < 0x80; });
  // Reused: no allocation per name; homoglyph_edit_rule reads it too.
  thread_local std::u32string folded;
  folded_skeleton(R, folded);
  read_capital_i = capital_i && ascii && spans_match && capital_i_as_l(r, folded);
  // Whether the label may hold a lookalike (asked once for the rules below).
  const bool lookalike_chars = !ascii || read_capital_i || may_hold_homoglyph(R);
  if (const std::uint64_t h = brand_index::impl::hash_of(folded); d.maybe_hash(h)) {
    d.by_folded.find(folded, h, [&](std::uint32_t id) {
      if (d.brands[id].label != R) add(id, ascii ? rule::homoglyph : rule::skeleton, r, r);
    });
    // The brand's name written without dots, with lookalikes
    // (paypa1com.net); the same key, so the same hash and filter bit.
    if (lookalike_chars && folded.size() <= d.max_folded_flat)
      d.by_folded_flat.find(folded, h, [&](std::uint32_t id) {
        if (!is_flat_name(d.brands[id], R))  // the exact name is by_flat_name's
          add(id, rule::target_embedding, r, r, 0, ascii ? rule::homoglyph : rule::skeleton);
      });
  }
  if (!ascii) {
    // One pass: whether the label has a character of Chromium's own table
    // (then the chromium_skeleton rule), else its pieces, for the
    // lookalike step (run()): a label without such a character has one
    // Chromium skeleton, its pieces' ASCII skeleton when they are ASCII.
    thread_local std::string text, key;
    const detail::display::label_pieces kind = detail::display::lookalike_pieces(R, text);
    if (kind == detail::display::label_pieces::extra) {
      chromium_skeleton_rule(r, true);
    } else if (protected_answer == lookalike::none) {
      if (kind == detail::display::label_pieces::ascii_pieces) {
        (void)uts39::skeleton(text, key);
        d.by_chromium.find(key, [&](std::uint32_t id) { protected_candidate(key, &id); });
      } else {
        // Its skeletons, for the step only: made by find() once the name
        // has matched (most names do not, and need no verdict).
        protected_deferred = r;
      }
    }
  }
  combo(R, r, r);
  if (R.size() <= d.max_label + 1) edit_rules(R, r);
  // After the edit rules: it reports only brands nothing else matched.
  homoglyph_edit_rule(r, folded, lookalike_chars);
  loose_rule(r, ascii, folded, lookalike_chars);
}

bool matcher::capital_i_as_l(std::size_t r, std::u32string& folded) const {
  const std::u32string& R = labels[r];
  const std::size_t at = in_spans[r].offset;
  if (in_spans[r].length != R.size() || at + R.size() > input_text.size()) return false;
  thread_local std::u32string read;
  read = R;
  bool changed = false;
  for (std::size_t j = 1; j < R.size(); ++j) {
    const char prev = input_text[at + j - 1];
    const bool after_small = (prev >= 'a' && prev <= 'z') || (prev >= '0' && prev <= '9');
    if (input_text[at + j] == 'I' && after_small) {
      read[j] = U'l';
      changed = true;
    }
  }
  if (changed) folded_skeleton(read, folded);
  return changed;
}

bool matcher::is_flat_name(const brand_record& b, std::u32string_view R) {
  if (R.size() < b.label.size() || R.compare(0, b.label.size(), b.label) != 0) return false;
  std::size_t i = b.label.size();
  for (char32_t c : b.suffix32) {
    if (c == U'.') continue;
    if (i >= R.size() || R[i] != c) return false;
    ++i;
  }
  return i == R.size();
}

void matcher::loose_rule(std::size_t r, bool ascii, const std::u32string& F, bool lookalike_chars) {
  if (!on(rule::homoglyph_edit) || F.size() > 2 * d.max_folded + 2) return;
  const std::u32string& R = labels[r];
  const std::size_t offset = labels_span(r, r).offset;
  thread_local std::u32string key;
  auto report = [&](std::uint32_t id) {
    if (reported_rules(id, offset) != 0) return;  // one word read first (homoglyph_edit_rule)
    if (d.brands[id].label == R || weak_dropped(id, offset)) return;
    add(id, rule::homoglyph_edit, r, r);
  };
  loose_now = true;
  if (!ascii) {
    loose_skeleton(R, true, key, &F);
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
    if (R.size() + 1 >= loose_ascii_min && (pair || lookalike_chars)) {
      loose_from_folded(F, true, key);
      d.by_loose_full.find(key, [&](std::uint32_t id) {
        if (d.brands[id].label.size() >= loose_ascii_min) report(id);
      });
    }
  }
  loose_now = false;
}

void matcher::protected_candidate(std::string_view s, const std::uint32_t* id) {
  if (protected_answer != lookalike::none) return;  // decided, or left to display
  if (id == nullptr) {
    if (s.find('.') != std::string_view::npos) protected_answer = lookalike::unknown;
    return;
  }
  const brand_record& b = d.brands[*id];
  if (b.suffix != in_suffix) {  // the suffixes' skeletons then decide (made once a name)
    if (!suffix_skeleton_made) (void)uts39::skeleton(in_suffix, suffix_skeleton);
    suffix_skeleton_made = true;
    if (b.suffix_skeleton != suffix_skeleton) return;
  }
  protected_answer = lookalike::found;
  protected_brand = *id;
}

void matcher::chromium_skeleton_rule(std::size_t r, bool rule_applies) {
  if (d.by_chromium.empty()) return;  // no brand
  const std::u32string& R = labels[r];
  const bool rule_on = rule_applies && on(rule::chromium_skeleton);
  if (!rule_on && protected_answer != lookalike::none) return;  // nothing to look up
  thread_local std::string utf8;  // reused: no allocation per name once grown
  thread_local detail::display::skeleton_list skeletons;
  utf8.clear();  // utf32_to_utf8 appends
  if (!unicode::utf32_to_utf8(R, utf8).ok()) {
    protected_answer = lookalike::unknown;
    return;
  }
  detail::display::lookalike_skeletons(utf8, skeletons);
  const std::size_t offset = labels_span(r, r).offset;
  for (const std::string& s : skeletons) {
    protected_candidate(s, nullptr);  // a dot: display decides
    d.by_chromium.find(s, [&](std::uint32_t id) {
      protected_candidate(s, &id);
      if (!rule_on) return;
      if (d.brands[id].label == R) return;  // the brand's label itself (a TLD swap)
      if (!(reported_rules(id, offset) & (rule_bit(rule::skeleton) | rule_bit(rule::homoglyph))))
        add(id, rule::chromium_skeleton, r, r);
    });
  }
}

void matcher::edit_rules(const std::u32string& R, std::size_t r) {
  edits(R, [&](std::uint32_t id, rule why) { add(id, why, r, r); });
}

bool matcher::may_hold_homoglyph(const std::u32string& R) const {
  for (std::size_t i = 0; i < R.size(); ++i) {
    const char32_t c = R[i];
    if (c >= 0x80 || c == U'0' || c == U'1' || (c == U'm' && d.brand_has_rn)) return true;
    if (i + 1 < R.size() && ((c == U'r' && R[i + 1] == U'n') || (c == U'v' && R[i + 1] == U'v')))
      return true;
  }
  return false;
}

void matcher::homoglyph_edit_rule(std::size_t r, const std::u32string& F, bool lookalike_chars) {
  const std::u32string& R = labels[r];
  if (!(opt.rules & (std::uint32_t{1} << static_cast<unsigned>(rule::homoglyph_edit)))) return;
  if (!lookalike_chars) return;
  thread_local std::u32string del;
  if (F.empty() || F.size() > d.max_folded + 1) return;
  const std::size_t offset = labels_span(r, r).offset;
  auto consider = [&](std::uint32_t id) {
    // Reported already (most calls: a lookalike meets a brand at several
    // deletions): one word read, before any string is compared.
    if (reported_rules(id, offset) != 0) return;
    const brand_record& b = d.brands[id];
    if (b.folded == F || b.label == R) return;  // the homoglyph rule's, or the brand itself
    if (weak_dropped(id, offset)) return;        // a weak edit --min-score left out
    add(id, rule::homoglyph_edit, r, r);
  };
  // One character more than the brand's folded skeleton.
  if (F.size() <= d.max_folded + 1)
    if (const std::uint64_t h = brand_index::impl::hash_of(F); d.maybe_hash(h))
      d.folded_deletions.find(F, h, folded_text{d.brands},
                              [&](const deletion& e) { consider(e.brand); });
  del.assign(F, 1, std::u32string::npos);  // updated in place, as in edits()
  thread_local std::vector<std::uint64_t> hashes;
  deletion_hashes(F, hashes);
  for (std::size_t i = 0; i < F.size(); ++i) {
    if (i > 0) del[i - 1] = F[i - 1];
    const std::uint64_t h = hashes[i];
    if (!d.maybe_hash(h)) continue;
    // One character fewer.
    d.by_folded.find(del, h, consider);
    // One character replaced, or two neighbours swapped.
    // As in edits(): B[i] == F[i] at e.pos == i, or a swap of two equal
    // characters, would make B F itself, which consider() turns down; such
    // entries are not compared (nor, for the brands of one label, called).
    auto wanted = [&](const deletion& e, std::u32string_view B) {
      return e.pos == i ? B[i] != F[i]
                        : (e.pos == i + 1 || e.pos + 1 == i) && F[i] != F[e.pos] && F[i] == B[e.pos] &&
                              F[e.pos] == B[i];
    };
    d.folded_deletions.find(del, h, folded_text{d.brands}, wanted, [&](const deletion& e) {
      const std::u32string& B = d.brands[e.brand].folded;
      if (B.size() != F.size()) return;
      if (e.pos == i ||
          ((e.pos == i + 1 || e.pos + 1 == i) && F[i] == B[e.pos] && F[e.pos] == B[i]))
        consider(e.brand);
    });
  }
}

void matcher::label_split_rule(std::size_t r) {
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
    h = brand_index::impl::hash_end(h);  // the joined labels' hash_of
    if (!d.maybe_hash(h)) continue;
    joined.clear();
    for (std::size_t l = j; l <= r; ++l) joined += labels[l];
    d.by_label.find(joined, h, [&](std::uint32_t id) { add(id, rule::label_split, j, r); });
  }
}

void matcher::run(std::string_view input) {
  input_size = input.size();
  input_text = input;
  // ToUnicode unless the name is plain ASCII without an ACE prefix (then
  // it is only lowercased: the same result, much faster).
  // (ToUnicode's string is the same under uts46_raw and uts46_default,
  // which only adds an error for a forbidden domain code point; display's
  // verdict converts under uts46_default and can take this one when it
  // succeeded.)
  std::string& name = out.name;
  if (is_ascii(input) && !has_ace_prefix(input)) {
    name.assign(input);
    capital_i = false;
    for (std::size_t i = 0; i < name.size(); ++i) {
      char& c = name[i];
      if (c >= 'A' && c <= 'Z') {
        // A capital I after a lowercase letter or digit reads as l (cIropbox).
        capital_i = capital_i || (c == 'I' && i > 0 &&
                                  ((name[i - 1] >= 'a' && name[i - 1] <= 'z') ||
                                   (name[i - 1] >= '0' && name[i - 1] <= '9')));
        c = static_cast<char>(c - 'A' + 'a');
      }
    }
  } else {
    capital_i = false;
    // The caller-buffer form into the report's string: no allocation per
    // name once it has grown (its output on error is the best-effort
    // string, as to_unicode_detailed's).
    std::size_t written = 0;
    name.resize(input.size() * 3 + 64);
    status st = idna::to_unicode(input, name.data(), name.size(), written, idna::uts46_default);
    if (st.code == errc::buffer_too_small) {
      name.resize(st.needed);
      st = idna::to_unicode(input, name.data(), name.size(), written, idna::uts46_default);
    }
    name.resize(written);
    unicode_is_default = st.ok();
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
  // The lookalike step from the matcher's look-ups.  Display's step
  // compares the skeletons of the registrable part (under the same Public
  // Suffix List, else the last two labels: then hunt's registrable part is
  // display's) with the protected domains'.  With an ASCII suffix, each
  // skeleton is one of the registrable label's followed by the suffix's
  // (the skeletons map code point by code point, an ASCII suffix leaves
  // the name's Latin/Greek/Cyrillic class the label's, and a dot is a
  // starter no reordering crosses), in the same order; with ASCII brands
  // (protected_filter) a brand's is its label's followed by its suffix's.
  // So, when no label skeleton holds a dot, the step finds the first brand
  // (in list order) whose label has the registrable label's first
  // skeleton that one has, and whose suffix has the suffix's skeleton:
  // among by_chromium's brands for the label's Chromium skeletons, which
  // chromium_skeleton_rule looks up for a label with a character of
  // Chromium's own table, and registrable_rules for another when its
  // pieces are ASCII.  Anything else leaves the step to display.
  protected_answer = lookalike::unknown;
  if (d.protected_filter && r < labels.size() && !labels[r].empty() &&
      (d.have_psl ? suffix_from_psl : k == 1) && is_ascii(suffix)) {
    protected_answer = lookalike::none;  // until a look-up finds a brand
    suffix_skeleton_made = false;
  }
  registrable_rules(r, suffix);
  subdomain_rules(r);
  label_split_rule(r);
}

}  // namespace match_detail

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
  buffers.marks.fit(d.brands.size());
  match_detail::matcher m{d, opt, out, buffers.in_spans, buffers.labels, buffers.toks, buffers.marks};
  m.run(name);
  if (out.matches.empty() || !opt.verdict) return;
  // The display verdict only for names that match: most names do not, and
  // the decision costs more than the look-ups.
  display::options dopt;
  dopt.which = opt.profile;
  dopt.suffixes = d.have_psl ? &d.psl : nullptr;
  // The brands are the protected domains; what the lookalike step finds
  // is known from the matcher's look-ups for most names (run()).
  dopt.protected_list = &d.protected_brands;
  // Reused: decide() assigns every member, and the labels' strings and
  // findings keep their storage from one name to the next.
  thread_local display::decision dec;
  using answer = match_detail::matcher::lookalike;
  if (m.protected_deferred != std::size_t(-1) && m.protected_answer == answer::none)
    m.chromium_skeleton_rule(m.protected_deferred, false);
  detail::display::known_facts known;
  if (m.protected_answer != answer::unknown)
    known.similar = m.protected_answer == answer::found ? std::string_view(d.brands[m.protected_brand].name)
                                                         : std::string_view();
  if (m.unicode_is_default) {
    std::string_view u = out.name;
    known.unicode = u;
    // The matcher asked the same list for the suffix of the same name,
    // less one trailing dot (registrable_domain's question).
    if (m.psl_suffix && d.have_psl) {
      if (!u.empty() && u.back() == '.') u.remove_suffix(1);
      known.registrable = detail::display::registrable_given_suffix(u, *m.psl_suffix);
    }
  }
  out.verdict_status = detail::display::decide_knowing(name, dopt, known, dec);
  if (out.verdict_status.ok()) {
    out.display.assign(dec.display);
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
