// puny hunt: the combined rules (docs/hunt.md, "Combined matches"): the
// brand's label, a lookalike of it or one edit of it as a token of a label,
// beside a keyword or a hyphenated word (combo_squatting), and in the
// subdomain labels (target_embedding).  Members of the matcher (matcher.hpp).
#include <algorithm>
#include <string>
#include <vector>

#include "matcher.hpp"

namespace puny::hunt::match_detail {
namespace {

// The built-in keywords that name an account's or a payment's step: a 1-3
// letter brand's label, or a brand's that is a common word, beside one
// across a hyphen under the brand's own suffix is an imitation
// (hp-support.com, apple-id.com); beside a plain or generic word (pay,
// app, online, web, help) mostly a real name (go-pay.com, web-go.com).
bool phishing_keyword(std::u32string_view w) {
  static const char* const words[] = {
      "login",  "signin",   "logon",   "secure", "security", "account",      "accounts",
      "verify", "update",   "support", "billing", "payment", "verification", "wallet",
      "auth",   "confirm",  "recovery", "unlock", "password", "reset",        "id"};
  for (const char* k : words) {
    std::size_t n = 0;
    while (k[n] != 0 && n < w.size() && w[n] == static_cast<unsigned char>(k[n])) ++n;
    if (k[n] == 0 && n == w.size()) return true;
  }
  return false;
}

// The text without the digits at its end ("microsoft" of "microsoft365"),
// or an empty view when it ends with none or is all digits.
std::u32string_view without_end_digits(std::u32string_view t) {
  std::size_t n = t.size();
  while (n > 0 && t[n - 1] >= U'0' && t[n - 1] <= U'9') --n;
  return n == t.size() ? std::u32string_view() : t.substr(0, n);
}

}  // namespace

void matcher::combo(const std::u32string& L, std::size_t first, std::size_t last) {
  // Hyphen-separated tokens.
  if (L.find(U'-') != std::u32string::npos) {
    thread_local std::vector<std::u32string> parts;
    parts.clear();
    bool keyword = false;  // some token is a keyword
    // The brand's exact label beside plain words only is weak evidence
    // (matcher::weak): the tokens are read for a keyword first.
    for (std::size_t s = 0, h = 0; h != std::u32string::npos && !keyword; s = h + 1) {
      h = L.find(U'-', s);
      keyword = d.keywords.contains(std::u32string_view(L).substr(
          s, h == std::u32string::npos ? std::u32string::npos : h - s));
    }
    // A 1-3 letter brand only beside a phishing keyword (short_shape_rule).
    bool phishing = false;
    for (std::size_t s = 0, h = 0; keyword && h != std::u32string::npos && !phishing; s = h + 1) {
      h = L.find(U'-', s);
      phishing = phishing_keyword(std::u32string_view(L).substr(
          s, h == std::u32string::npos ? std::u32string::npos : h - s));
    }
    std::size_t start = 0;
    for (;;) {
      std::size_t h = L.find(U'-', start);
      parts.emplace_back(L, start, h == std::u32string::npos ? std::u32string::npos : h - start);
      const std::u32string& tok = parts.back();
      if (const std::uint64_t th = brand_index::impl::hash_of(tok); d.maybe_hash(th)) {
        plain_word_combo = !keyword;
        keyword_beside = phishing;  // a 1-3 letter brand too (hp-support)
        d.by_label.find(tok, th,
                        [&](std::uint32_t id) { add(id, rule::combo_squatting, first, last); });
        keyword_beside = false;
        plain_word_combo = false;
        d.by_flat_name.find(
            tok, th, [&](std::uint32_t id) { add(id, rule::target_embedding, first, last); });
      }
      // The brand's label with digits after it (microsoft365-login):
      // scored as the label itself.
      if (const std::u32string_view bare = without_end_digits(tok); !bare.empty())
        if (const std::uint64_t bh = brand_index::impl::hash_of(bare); d.maybe_hash(bh)) {
          plain_word_combo = !keyword;
          d.by_label.find(bare, bh,
                          [&](std::uint32_t id) { add(id, rule::combo_squatting, first, last); });
          plain_word_combo = false;
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
  if (const std::uint64_t h = brand_index::impl::hash_of(L); d.maybe_hash(h))
    d.by_flat_name.find(L, h, [&](std::uint32_t id) { add(id, rule::target_embedding, first, last); });
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
      if (const std::uint64_t h = brand_index::impl::hash_of(head); d.maybe_hash(h))
        d.by_label.find(head, h,
                        [&](std::uint32_t id) { add(id, rule::combo_squatting, first, last); });
      keyword_part(head, first, last);
    }
    // Keyword + brand: the head of k code points is the keyword.
    head = V.substr(0, k);
    tail = V.substr(k);
    if (((d.keyword_first[k] >> (head.front() & 63)) & 1) &&
        ((d.keyword_last[k] >> (head.back() & 63)) & 1) && d.keywords.contains(head)) {
      if (const std::uint64_t h = brand_index::impl::hash_of(tail); d.maybe_hash(h))
        d.by_label.find(tail, h,
                        [&](std::uint32_t id) { add(id, rule::combo_squatting, first, last); });
      keyword_part(tail, first, last);
    }
  }
}

void matcher::keyword_part(std::u32string_view part, std::size_t first, std::size_t last) {
  if (part.empty() || part.back() == U'-' || part.front() == U'-')
    return;  // the hyphen's tokens did it
  // The brand's label with digits after it (microsoft365login).
  if (const std::u32string_view bare = without_end_digits(part); !bare.empty())
    if (const std::uint64_t h = brand_index::impl::hash_of(bare); d.maybe_hash(h))
      d.by_label.find(bare, h,
                      [&](std::uint32_t id) { add(id, rule::combo_squatting, first, last); });
  thread_local std::u32string text;
  text.assign(part.data(), part.size());
  lookalikes(text, [&](std::uint32_t id, rule via) {
    add(id, rule::combo_squatting, first, last, 0, via);
  });
  edits(text, [&](std::uint32_t id, rule via) {
    if (combo_edit(via)) add(id, rule::combo_squatting, first, last, -5, via);
  });
}

void matcher::subdomain_rules(std::size_t r) {
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
    // Code points on both sides: an IDN suffix (рф) is not its UTF-8 bytes.
    const std::u32string_view suf = d.brands[id].suffix32;
    std::size_t u = t + 1, pos = 0;
    while (pos <= suf.size()) {
      std::size_t dot = suf.find(U'.', pos);
      const std::u32string_view part =
          suf.substr(pos, dot == std::u32string_view::npos ? dot : dot - pos);
      if (u >= toks.size() || toks[u].text != part) return 0;
      ++u;
      if (dot == std::u32string_view::npos) break;
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
    const std::uint64_t th = brand_index::impl::hash_of(toks[t].text);
    if (!d.maybe_hash(th)) continue;
    d.by_label.find(toks[t].text, th, [&](std::uint32_t id) {
      if (std::size_t u = suffix_follows(id, t)) {
        // A 1-3 letter brand too when its whole name is followed by
        // another (x.com.evil.tld).
        name_embedded = toks[u].label < r;
        add(id, rule::target_embedding, toks[t].label, toks[u].label);
        name_embedded = false;
      } else
        add(id, rule::target_embedding, toks[t].label, toks[t].label, bare_subdomain_delta);
    });
    d.by_flat_name.find(toks[t].text, th, [&](std::uint32_t id) {
      add(id, rule::target_embedding, toks[t].label, toks[t].label);
    });
  }
}

}  // namespace puny::hunt::match_detail
