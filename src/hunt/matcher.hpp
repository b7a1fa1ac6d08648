// puny hunt: the matcher's shape (docs/hunt.md).  One name is matched by a
// `matcher`: match.cpp holds its registrable-label rules (exact, skeleton,
// edits, loose lookalikes, label split) and the driver, combined.cpp the
// rules that read a label's tokens beside keywords and in subdomains
// (combo_squatting, target_embedding); the look-ups both share (edits,
// lookalikes) are here.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "display/internal.hpp"
#include "index.hpp"
#include "loose.hpp"
#include "puny/hunt.hpp"
#include "puny/unicode.hpp"
#include "words.hpp"

namespace puny::hunt::match_detail {

struct span {
  std::size_t offset, length;
};

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

// Which brands the report's last run of matches at one offset holds, and
// by which rules, one word a brand: the rules' duplicate checks ask it
// instead of walking that run, which against a list with many brands of
// one label (google.de, google.fr, ...; each lookalike matches all of
// them) made every check linear and a name quadratic in its matches.
// A word belongs to the current run when its high half is the run's
// number; a run starts whenever a match's offset differs from the last
// one's (a name's first match too), so nothing is ever cleared.
struct brand_marks {
  std::vector<std::uint64_t> word;  // by brand id: run << 32 | one bit a rule
  std::uint32_t run = 0;

  void fit(std::size_t brands) {
    if (word.size() < brands) word.resize(brands, 0);
  }
  void start_run() {
    if (++run == 0) {  // wrapped: words of old runs could read as current
      std::fill(word.begin(), word.end(), 0);
      run = 1;
    }
  }
  void mark(std::uint32_t brand, std::uint32_t rule_bits) {
    std::uint64_t& w = word[brand];
    if ((w >> 32) != run) w = std::uint64_t{run} << 32;
    w |= rule_bits;
  }
  // The rules of the current run's matches of `brand` (0: none).
  std::uint32_t rules_of(std::uint32_t brand) const {
    const std::uint64_t w = word[brand];
    return (w >> 32) == run ? static_cast<std::uint32_t>(w) : 0;
  }
};

struct matcher {
  const brand_index::impl& d;
  const options& opt;
  report& out;
  std::vector<span>& in_spans;
  reusable<std::u32string>& labels;
  reusable<token>& toks;
  brand_marks& marks;
  bool spans_match = false;
  std::size_t input_size = 0;
  // The name's public suffix as the brands spell theirs ("com", "co.uk",
  // "blogspot.com"): short brands match only under their own suffix, and a
  // suffix brand never matches the names under it.
  std::string_view in_suffix{};
  // Set while loose_rule adds: homoglyph_edit's brand minimum is then the
  // loose one (loose_min).
  bool loose_now = false;
  // What display's lookalike step finds for this name (the brand whose
  // skeleton its registrable part has), when the matcher's own look-ups
  // tell (match.cpp, "The lookalike step from the matcher's look-ups"):
  // unknown (display asks the list), none, or found (protected_brand).
  // While the look-ups run, none means none found yet.
  enum class lookalike { unknown, none, found };
  lookalike protected_answer = lookalike::unknown;
  std::uint32_t protected_brand = 0;
  // A brand id the look-ups met for the registrable label's skeleton `s`
  // (UTF-8): the first whose suffix has the name's suffix's skeleton is
  // the step's answer; a skeleton with a dot leaves it to display.
  void protected_candidate(std::string_view s, const std::uint32_t* id);
  bool suffix_from_psl = false;  // suffix_labels found the name's suffix in the list
  // What the display verdict would compute again, known from the match
  // (find hands them over as display's known_facts): whether the name is
  // ToUnicode's successful output under idna::uts46_default, and the
  // Public Suffix List's public suffix of the name (with a list).
  bool unicode_is_default = false;
  std::optional<std::string_view> psl_suffix{};
  std::string suffix_skeleton{};  // the name's suffix's ASCII skeleton, for the lookalike step
  bool suffix_skeleton_made = false;
  // The registrable label whose Chromium skeletons the step still needs
  // (registrable_rules), or -1.
  std::size_t protected_deferred = std::size_t(-1);
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

  static std::uint32_t rule_bit(rule r) { return std::uint32_t{1} << static_cast<unsigned>(r); }
  bool on(rule r) const { return opt.rules & rule_bit(r); }

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
    if (!short_ok) return false;
    // The brand's name embedded is its own suffix wherever it stands.
    if (r == rule::target_embedding) return short_shape_rule(r, b.label.size());
    return in_suffix == b.suffix &&
           (short_brand_rule(r, b.label.size()) || short_shape_rule(r, b.label.size()));
  }

  // Short-brand rules that hold only for a match of a certain shape
  // (docs/hunt.md, "Short brands"), each set by the look-up that finds it:
  // a 3-4 letter brand's letter replaced by a digit of its shape, a 4
  // letter brand's i by l or l by i (b1ng, 1mdb, imd8, llve; mib for mlb
  // and other 3-letter names are real); a 1-3 letter brand's exact label
  // beside a phishing keyword across a hyphen (hp-support, not go-pay);
  // and its registrable name as subdomain labels followed by another
  // name (x.com.evil.tld).
  enum class shape { none, digit, letter };
  shape shape_replacement = shape::none;
  bool keyword_beside = false;
  bool name_embedded = false;
  bool short_shape_rule(rule r, std::size_t length) const {
    switch (r) {
      case rule::replacement:
        return (shape_replacement == shape::digit && length == 3) ||
               (shape_replacement != shape::none && length == 4);
      case rule::combo_squatting:
        return keyword_beside && length <= 3;
      case rule::target_embedding:
        return name_embedded && length <= 3;
      default:
        return false;
    }
  }
  // Whether a name character reads as the brand's letter by its shape: a
  // digit (0 o, 1 i l, 3 e, 5 s, 8 b, 9 g), or a letter (l for i, i for l).
  static shape shape_alike(char32_t brand, char32_t name);

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

  // Weak evidence (docs/hunt.md, "Weak evidence"): a match the name alone
  // cannot tell from another owner's name, scored weak_delta lower, under
  // the alert threshold (50).  The brand's exact label under another
  // suffix (tld_swap: on Chromium's list 160 real names, none an
  // imitation); the brand's exact label beside a word that is no keyword
  // across a hyphen (radio-canada, tv-asahi); and, for a brand label under
  // strong_edit_length letters, an edit without a cause (a character
  // replaced or added that is no keyboard neighbour on QWERTY, QWERTZ or
  // AZERTY, no vowel, no bit flip, no lookalike, and not added at the end:
  // quoka for quora, ismedia for itmedia), an edit under another suffix
  // than the brand's (a typing slip keeps the suffix: correos.es for
  // correios.com.br), and a 3-4 letter brand's keyboard, vowel or added
  // character (nbc for bbc, hupu for hulu).  A caller's own minimum brand
  // length for the edit's rule turns the length-based part off.
  bool weak(rule r, const brand_record& b, rule via) const;
  static constexpr int weak_delta = -35;
  static constexpr std::size_t strong_edit_length = 9;
  // Set by edits() while it reports an edit without a cause, and by combo()
  // while it reports the brand's label beside a plain word: weak() reads it.
  bool causeless_edit = false;
  bool plain_word_combo = false;
  // Weak matches left out by options::min_score, as (brand, offset): the
  // rules that report a brand only when nothing else matched it on the
  // label (homoglyph_edit, the loose lookalikes) count them as matched.
  struct dropped_match {
    std::uint32_t brand;
    std::size_t offset;
  };
  std::vector<dropped_match> dropped{};
  // The rules by which a match of `brand` at `offset` was reported, among
  // the last matches at that offset (where a duplicate can be: matches are
  // added label by label); one bit a rule.
  std::uint32_t reported_rules(std::uint32_t brand, std::size_t offset) const {
    if (out.matches.empty() || out.matches.back().offset != offset) return 0;
    return marks.rules_of(brand);
  }
  bool weak_dropped(std::uint32_t brand, std::size_t offset) const {
    for (const dropped_match& m : dropped)
      if (m.brand == brand && m.offset == offset) return true;
    return false;
  }
  static bool is_edit(rule r) {
    return r == rule::insertion || r == rule::omission || r == rule::keyboard ||
           r == rule::vowel_swap || r == rule::bitsquatting || r == rule::replacement ||
           r == rule::repetition || r == rule::transposition || r == rule::hyphenation;
  }
  // Whether a replaced or added character has a cause: a neighbouring key
  // on QWERTY, QWERTZ or AZERTY, a vowel for a vowel, a bit flip, a letter
  // that looks alike, a non-ASCII character; an added one also at the
  // label's end.
  static bool replacement_has_cause(char32_t from, char32_t to);
  static bool insertion_has_cause(const std::u32string& R, std::size_t i);

  // The reason for brand character `from` replaced by `to`: the first of
  // keyboard, vowel_swap and bitsquatting that names the pair and is on for
  // the brand, else replacement.  A typing slip comes first (the commonest
  // cause of a typo name), then a vowel that sounds alike, then a bit flip
  // (one in eight pairs of a letter and an LDH character are one bit
  // apart, so it tells least).
  rule replacement_reason(char32_t from, char32_t to, const brand_record& b) const;

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
           rule via = rule{});

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

  std::size_t suffix_labels(std::string_view name);

  void registrable_rules(std::size_t r, std::string_view suffix);

  // A capital I written after a lowercase letter or digit (cIropbox,
  // PaypaI): DNS reads the name in lowercase (ciropbox), but the eye
  // reads the I as l, as confusables.txt does.  capital_i: the input has
  // one (run()); read_capital_i: the registrable label has one, and its
  // folded skeleton was made with it read as l (capital_i_as_l), for the
  // lookalike rules (homoglyph, homoglyph_edit, the loose lookalikes, the
  // flat name).  Only ASCII input: a name with letters of other scripts
  // goes through ToUnicode, whose case map is not 1:1 in bytes.
  bool capital_i = false;
  bool read_capital_i = false;
  std::string_view input_text{};
  bool capital_i_as_l(std::size_t r, std::u32string& folded) const;

  // Whether R is the brand's label and suffix written without dots ("paypalcom").
  static bool is_flat_name(const brand_record& b, std::u32string_view R);

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
  // lookalike_chars: may_hold_homoglyph of the label, or read_capital_i.
  void loose_rule(std::size_t r, bool ascii, const std::u32string& F, bool lookalike_chars);

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
  // rule_applies false: the label's Chromium skeletons looked up for the
  // lookalike step only (run()).
  void chromium_skeleton_rule(std::size_t r, bool rule_applies);

  // Edit distance 1 through the deletion neighbourhood.
  void edit_rules(const std::u32string& R, std::size_t r);

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
    auto f = [&](std::uint32_t id, rule why, bool causeless = false) {
      if (word < 0) word = is_common_word(R) ? 1 : 0;
      if (word != 0) return;
      causeless_edit = causeless;
      report(id, why);
      causeless_edit = false;
    };
    if (const std::uint64_t h = brand_index::impl::hash_of(R); d.maybe_hash(h))
      d.deletions.find(R, h, label_text{d.brands},
                       [&](const deletion& e) { f(e.brand, rule::omission); });
    // R with code point i deleted, for i = 0, 1, ...: the next deletion
    // differs from this one in one place only (del[i - 1] becomes R[i - 1]),
    // so it is updated in place instead of copied; the hashes of all of
    // them are computed at once (deletion_hashes).
    thread_local std::u32string del;
    thread_local std::vector<std::uint64_t> hashes;
    if (!R.empty()) del.assign(R, 1, std::u32string::npos);
    deletion_hashes(R, hashes);
    for (std::size_t i = 0; i < R.size(); ++i) {
      if (i > 0) del[i - 1] = R[i - 1];
      const std::uint64_t h = hashes[i];
      if (!d.maybe_hash(h)) continue;
      d.by_label.find(del, h, [&](std::uint32_t id) {
        rule why = rule::insertion;
        if (R[i] == U'-')
          why = rule::hyphenation;
        else if ((i > 0 && R[i - 1] == R[i]) || (i + 1 < R.size() && R[i + 1] == R[i]))
          why = rule::repetition;
        f(id, why, why == rule::insertion && !insertion_has_cause(R, i));
      });
      // Only a replacement at i (B[i] == R[i] would make B R itself) or a
      // swap of i and a neighbour (of two different characters: equal ones
      // would make B R itself too) can be reported: other entries are not
      // compared with the key.
      auto wanted = [&](const deletion& e, std::u32string_view B) {
        return e.pos == i ? B[i] != R[i]
                          : (e.pos == i + 1 || e.pos + 1 == i) && R[i] != R[e.pos] && R[i] == B[e.pos] &&
                                R[e.pos] == B[i];
      };
      d.deletions.find(del, h, label_text{d.brands}, wanted, [&](const deletion& e) {
        const std::u32string& B = d.brands[e.brand].label;
        if (B.size() != R.size() || same_text<char32_t>(B, R)) return;
        if (e.pos == i) {
          shape_replacement = shape_alike(B[i], R[i]);
          f(e.brand, replacement_reason(B[i], R[i], d.brands[e.brand]),
            !replacement_has_cause(B[i], R[i]));
          shape_replacement = shape::none;
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
  bool may_hold_homoglyph(const std::u32string& R) const;

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
    if (const std::uint64_t h = brand_index::impl::hash_of(folded); d.maybe_hash(h))
      d.by_folded.find(folded, h, [&](std::uint32_t id) {
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
  // lookalike_chars: the label may hold a lookalike (registrable_rules).
  void homoglyph_edit_rule(std::size_t r, const std::u32string& F, bool lookalike_chars);

  // Brand label + keyword (either order, hyphen or not), brand + hyphen +
  // any word, and the brand's flattened name ("paypalcom").
  void combo(const std::u32string& L, std::size_t first, std::size_t last);

  // The rest of a label beside a keyword ("paypa1" of "paypa1login"),
  // spelled with lookalikes or one edit from a brand's label.
  void keyword_part(std::u32string_view part, std::size_t first, std::size_t last);

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
  void subdomain_rules(std::size_t r);

  // The brand's label spread over the registrable label and the labels
  // just left of it ("pay.pal.com", "p.ay.pal.com": dnstwist's subdomain
  // fuzzer).  Only joins no longer than the longest brand label, and than
  // 63 code points, are looked up: at most 63 labels of at most 63 code
  // points, constant work whatever the name or the brand list.  (A label
  // of more code points has an A-label of more than 63 octets, RFC 1035
  // section 2.3.4's limit: no such brand can be registered.)  A join of a
  // length no brand label has is skipped, the others are hashed in place
  // for the Bloom filter and copied only when it lets them through.
  void label_split_rule(std::size_t r);

  void run(std::string_view input);
};

}  // namespace puny::hunt::match_detail
