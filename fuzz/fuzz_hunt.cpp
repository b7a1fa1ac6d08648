// Fuzz target: lookalike hunting (puny::hunt::find) against a small brand
// index (docs/hunt.md).
//
// Input layout: one byte picks the rules (bit i of the byte switches the
// rule group i off: skeleton/homoglyph, edit distance, embedding/combo/
// label split, TLD swap; bit 7 the replacement causes only, or with bit 0
// chromium_skeleton too); the rest is the name as UTF-8, may be ill-formed.
//
// Properties:
//  1. find never crashes, whatever the bytes; every match's offset and
//     length lie inside the input, and its brand is an index brand.
//  2. When the name is valid IDNA, its A-label form (to_ascii) and its
//     U-label form (to_unicode) give the same matches (brand, rule, score)
//     as the input: xn-- labels are decoded before matching.  Unless the
//     input has a capital I: the lookalike rules read one after a
//     lowercase letter or digit as l (cIropbox.com, docs/hunt.md), which
//     the forms, lowercase, no longer show (found by this target:
//     "payplI" is homoglyph_edit of paypal.com, "paypli" nothing).
//  3. A match's score is at least the minimum asked for.
//  4. The triage (by_brand) holds every match exactly once, as a brand's
//     best or among its `also`, one entry per brand, entries by best score
//     and each `also` by score, highest first, none above its best; its
//     score is the first entry's; every match has a reason text.
#include <algorithm>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "fuzz_support.hpp"
#include "puny/hunt.hpp"
#include "puny/idna.hpp"

namespace {

namespace hunt = puny::hunt;

const hunt::brand_index& index() {
  static const hunt::brand_index idx = [] {
    hunt::brand_index b;
    puny::display::list_error e;
    (void)hunt::brand_index::parse(
        "paypal.com keywords=wallet allow=paypal.me\ngoogle.com\nmicrosoft.com\n"
        "amazon.co.uk\nebay.com\nb\xc3\xbc"
        "cher.de\nxn--80ak6aa92e.com\n",
        "fuzz", b, e);
    return b;
  }();
  return idx;
}

using key = std::tuple<std::size_t, hunt::rule, int>;

std::vector<key> keys(const hunt::report& r) {
  std::vector<key> k;
  for (const hunt::match& m : r.matches) k.emplace_back(m.brand, m.why, m.score);
  std::sort(k.begin(), k.end());
  k.erase(std::unique(k.begin(), k.end()), k.end());
  return k;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (puny::fuzz::beyond_size_limit(size)) return 0;
  puny::fuzz::reader rd(data, size);
  const std::uint8_t pick = rd.byte();
  const std::string_view in = rd.rest();

  hunt::options opt;
  const auto off = [&](std::initializer_list<hunt::rule> rs) {
    for (hunt::rule r : rs) opt.rules &= ~(std::uint32_t{1} << static_cast<unsigned>(r));
  };
  if (pick & 1) off({hunt::rule::skeleton, hunt::rule::homoglyph});
  // Bits 0 and 7: Chromium's skeletons off too (bit 0 alone keeps them on
  // with the UTS #39 skeleton rules off).
  if ((pick & 0x81) == 0x81) off({hunt::rule::chromium_skeleton});
  if (pick & 2)
    off({hunt::rule::insertion, hunt::rule::omission, hunt::rule::replacement,
         hunt::rule::repetition, hunt::rule::transposition, hunt::rule::hyphenation,
         hunt::rule::keyboard, hunt::rule::vowel_swap, hunt::rule::bitsquatting});
  if (pick & 4)
    off({hunt::rule::target_embedding, hunt::rule::combo_squatting, hunt::rule::label_split});
  // Bit 7: the replacement causes off but replacement on (each replacement
  // is then reported as `replacement`).
  if ((pick & 0x82) == 0x80)
    off({hunt::rule::keyboard, hunt::rule::vowel_swap, hunt::rule::bitsquatting});
  if (pick & 8) off({hunt::rule::tld_swap});
  opt.min_score = (pick & 0x30) == 0x30 ? 70 : 0;
  opt.verdict = (pick & 0x40) == 0;

  // 1 and 3.
  const hunt::report r = hunt::find(in, index(), opt);
  for (const hunt::match& m : r.matches) {
    PUNY_FUZZ_CHECK(m.offset <= in.size() && m.length <= in.size() - m.offset);
    PUNY_FUZZ_CHECK(m.brand < index().size());
    PUNY_FUZZ_CHECK(m.score >= opt.min_score);
    PUNY_FUZZ_CHECK(opt.rules & (std::uint32_t{1} << static_cast<unsigned>(m.why)));
  }

  // 4.
  thread_local hunt::triage t;
  hunt::by_brand(r, t);
  std::vector<int> seen(r.matches.size(), 0);
  for (std::size_t k = 0; k < t.count; ++k) {
    const hunt::brand_matches& e = t.entries[k];
    PUNY_FUZZ_CHECK(e.best < r.matches.size());
    ++seen[e.best];
    const hunt::match& best = r.matches[e.best];
    if (k > 0) PUNY_FUZZ_CHECK(r.matches[t.entries[k - 1].best].score >= best.score);
    for (std::size_t j = 0; j < k; ++j) PUNY_FUZZ_CHECK(r.matches[t.entries[j].best].brand != best.brand);
    int previous = best.score;
    for (std::size_t i : e.also) {
      PUNY_FUZZ_CHECK(i < r.matches.size());
      ++seen[i];
      PUNY_FUZZ_CHECK(r.matches[i].brand == best.brand);
      PUNY_FUZZ_CHECK(r.matches[i].score <= previous);
      previous = r.matches[i].score;
    }
  }
  for (int n : seen) PUNY_FUZZ_CHECK(n == 1);
  PUNY_FUZZ_CHECK(t.score == (t.count == 0 ? 0 : r.matches[t.entries[0].best].score));
  for (const hunt::match& m : r.matches) PUNY_FUZZ_CHECK(!hunt::reason(m).empty());

  // 2.
  const auto a = puny::idna::to_ascii(in);
  const auto u = puny::idna::to_unicode(in);
  if (a.ok() && u.ok() && in.find('I') == std::string_view::npos) {
    const auto mine = keys(r);
    PUNY_FUZZ_CHECK(keys(hunt::find(a.value, index(), opt)) == mine);
    PUNY_FUZZ_CHECK(keys(hunt::find(u.value, index(), opt)) == mine);
  }
  return 0;
}
