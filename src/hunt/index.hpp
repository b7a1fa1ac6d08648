// puny hunt: the brand index's data (built by index.cpp, read by match.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "common/hash_filter.hpp"
#include "common/slot_table.hpp"
#include "puny/display.hpp"
#include "puny/hunt.hpp"

namespace puny::hunt {

struct brand_record {
  std::string name;      // registrable name, Unicode, lowercase ("paypal.com")
  std::u32string label;  // the label left of the public suffix ("paypal")
  std::string suffix;    // the public suffix ("com", "co.uk")
  std::u32string suffix32;  // the same as code points ("com", "рф"), compared with a name's
  std::string suffix_skeleton;  // its UTS #39 skeleton when ASCII ("corn")
  std::u32string folded; // folded_skeleton(label)
  // The brand is itself a public suffix (blogspot.com): `suffix` is then
  // its name after the first label, and names under it never match it.
  bool suffix_brand = false;
  // The label is a common word (words.hpp: mail, office, free): its exact
  // label beside other words, under another suffix or alone in a subdomain
  // is no evidence of imitation (docs/hunt.md, "Brands that are words").
  bool word = false;
};

// One entry of the deletion neighbourhood: brand `brand`'s label with the
// code point at `pos` deleted.
struct deletion {
  std::uint32_t brand;
  std::uint32_t pos;
};

using ids = std::vector<std::uint32_t>;

// The tables' key hash: a polynomial over whole characters (Horner's rule
// modulo 2^64, an odd base) with MurmurHash3's 64-bit finaliser.  In three
// steps, so that a string in pieces (labels to be joined) is hashed without
// being copied first; the same value for the same characters whatever the
// character type.  A polynomial, not FNV-1a, so that the hashes of a
// string with each character deleted in turn come from one prefix and one
// suffix sum each (deletion_hashes), not from hashing every deletion.
constexpr std::uint64_t key_hash_base = 0x9e3779b97f4a7c15ull;
inline std::uint64_t key_hash_start(std::size_t size) { return 0xcbf29ce484222325ull ^ size; }
template <class Char>
std::uint64_t key_hash_add(std::uint64_t h, std::basic_string_view<Char> s) {
  // Two characters a step: h * b^2 + (c0 * b + c1) is the value two steps
  // of Horner's rule give, with half as many multiplications in a chain
  // (each waits for the one before; the pair's own product does not).
  using U = std::make_unsigned_t<Char>;
  constexpr std::uint64_t base2 = key_hash_base * key_hash_base;
  std::size_t i = 0;
  for (; i + 2 <= s.size(); i += 2)
    h = h * base2 + (static_cast<U>(s[i]) * key_hash_base + static_cast<U>(s[i + 1]));
  if (i < s.size()) h = h * key_hash_base + static_cast<U>(s[i]);
  return h;
}
inline std::uint64_t key_hash_end(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return h;
}
template <class Char>
std::uint64_t key_hash(std::basic_string_view<Char> s) {
  return key_hash_end(key_hash_add(key_hash_start(s.size()), s));
}

// out[i] = key_hash of s without its code point i, for every i, in O(n):
// the hash before the finaliser is the prefix's state (s[0, i)) times
// base^(n - 1 - i) plus the sum of s[k] * base^(n - 1 - k) for k > i.
inline void deletion_hashes(std::u32string_view s, std::vector<std::uint64_t>& out) {
  const std::size_t n = s.size();
  out.resize(n);
  if (n == 0) return;
  std::uint64_t h = key_hash_start(n - 1);
  for (std::size_t k = 0; k < n; ++k) {  // out[k]: the state after s[0, k)
    out[k] = h;
    h = h * key_hash_base + static_cast<std::uint32_t>(s[k]);
  }
  std::uint64_t suffix = 0, power = 1;
  for (std::size_t i = n; i-- > 0;) {
    out[i] = key_hash_end(out[i] * power + suffix);
    suffix += static_cast<std::uint32_t>(s[i]) * power;
    power *= key_hash_base;
  }
}

// Whether n characters at a and at b are the same: memcmp, where
// char_traits<char32_t>::compare (u32string's ==) orders them one by one.
template <class Char>
bool same_chars(const Char* a, const Char* b, std::size_t n) {
  return n == 0 || std::memcmp(a, b, n * sizeof(Char)) == 0;
}
template <class Char>
bool same_text(std::basic_string_view<Char> a, std::basic_string_view<Char> b) {
  return a.size() == b.size() && same_chars(a.data(), b.data(), a.size());
}

// Groups `entries` by bucket (the low bits of each one's hash in `hashes`,
// about one entry a bucket) with a stable counting sort: a key's entries
// keep the order they were added in (brand ids ascending, the order the
// matcher reports them in).  Sets `mask` and `start` (bucket b is
// [start[b], start[b + 1])) and frees `hashes`.
template <class Entry>
void group_by_bucket(std::vector<Entry>& entries, std::vector<std::uint64_t>& hashes, std::size_t& mask,
                     std::vector<std::uint32_t>& start) {
  std::size_t buckets = 1;
  while (buckets < entries.size()) buckets *= 2;
  mask = buckets - 1;
  start.assign(buckets + 1, 0);
  for (std::uint64_t h : hashes) ++start[(h & mask) + 1];
  for (std::size_t b = 0; b < buckets; ++b) start[b + 1] += start[b];
  std::vector<std::uint32_t> next(start.begin(), start.end() - 1);
  std::vector<Entry> sorted(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) sorted[next[hashes[i] & mask]++] = entries[i];
  entries.swap(sorted);
  std::vector<std::uint64_t>().swap(hashes);
}

// A deletion neighbourhood (brand labels with one code point deleted) as
// two flat arrays instead of a hash map of strings: the entries grouped by
// bucket (the low bits of the key's 64-bit hash, brand_index::impl::hash_of)
// in the order they were added, and each bucket's first entry.  A key is
// never stored: an entry whose hash's high 32 bits match is checked against
// the brand's string with `pos` skipped.  Built with a counting sort in
// two passes (no rehash, no allocation per key: a map of u32string keys
// to vectors allocated twice per entry and its growth outran the cache,
// docs/security.md's scaling table) and freed as two blocks.
class deletion_table {
 public:
  struct entry {
    std::uint32_t tag;  // high 32 bits of the key's hash
    std::uint32_t brand;
    std::uint32_t pos : 31;
    // The previous entry of the bucket has the same tag, pos and string
    // (brands of one label under many suffixes; build()): it is found
    // exactly when that one is, so find() compares once for them all.
    std::uint32_t same_as_previous : 1;
  };
  // Room for `keys` entries (the strings' total length), so that adding
  // does not grow the arrays by copies.
  void reserve(std::size_t keys) {
    entries_.reserve(keys);
    hashes_.reserve(keys);
  }
  // Adds the keys of `brand`'s string `s` with each code point deleted.
  void add(std::uint32_t brand, std::u32string_view s);
  // The added entries' key hashes (for the Bloom filter), until build().
  const std::vector<std::uint64_t>& hashes() const noexcept { return hashes_; }
  // Sorts the added entries into buckets; lookups work after this only.
  // `text(brand)` is the string each brand's entries were added from.
  template <class Text>
  void build(Text&& text) {
    sort_into_buckets();
    for (std::size_t b = 0; b + 1 < start_.size(); ++b)
      for (std::uint32_t i = start_[b] + 1; i < start_[b + 1]; ++i) {
        const entry& p = entries_[i - 1];
        entry& e = entries_[i];
        e.same_as_previous = e.tag == p.tag && e.pos == p.pos && text(e.brand) == text(p.brand);
      }
  }
  std::size_t size() const noexcept { return entries_.size(); }
  std::size_t bytes() const noexcept {
    return entries_.capacity() * sizeof(entry) + start_.capacity() * sizeof(std::uint32_t);
  }
  // Calls f(deletion) for every entry whose key is `key` (hash = hash_of(key)),
  // in the order they were added; `text(brand)` is the string the brand's
  // entries were added from.  `wanted(deletion, text)`, asked first, may
  // turn an entry down before its text is compared with the key (the
  // caller would drop it anyway): the comparison is most of a look-up's
  // cost when the key is found.
  template <class Text, class F>
  void find(std::u32string_view key, std::uint64_t hash, Text&& text, F&& f) const {
    find(key, hash, text, [](const deletion&, std::u32string_view) { return true; }, f);
  }
  template <class Text, class Wanted, class F>
  void find(std::u32string_view key, std::uint64_t hash, Text&& text, Wanted&& wanted,
            F&& f) const {
    if (start_.empty()) return;
    const std::size_t b = hash & mask_;
    const std::uint32_t tag = static_cast<std::uint32_t>(hash >> 32);
    bool found = false;  // the last compared entry's answer
    for (std::uint32_t i = start_[b], end = start_[b + 1]; i < end; ++i) {
      const entry& e = entries_[i];
      if (e.tag != tag) continue;
      const deletion d{e.brand, e.pos};
      // (`wanted` reads only the position and the string: the same for an
      // entry like the one before it, compared just now.)
      if (!e.same_as_previous) {
        const std::u32string_view s = text(e.brand);
        const std::size_t p = e.pos;
        found = s.size() == key.size() + 1 && wanted(d, s) && same_chars(s.data(), key.data(), p) &&
                same_chars(s.data() + p + 1, key.data() + p, key.size() - p);
      }
      if (found) f(d);
    }
  }

 private:
  void sort_into_buckets();
  std::vector<entry> entries_;         // after build(): grouped by bucket
  std::vector<std::uint32_t> start_;   // bucket b is [start_[b], start_[b + 1])
  std::vector<std::uint64_t> hashes_;  // while adding: each entry's key hash
  std::size_t mask_ = 0;
};

// A multimap from strings to brand ids as flat arrays, built once (the
// same layout as deletion_table, docs/security.md's scaling table): every
// key's characters in one pool, the entries grouped by bucket (low bits of
// the key's hash) in the order they were added, each bucket's first entry.
// A lookup hashes the key, scans its bucket (about one entry) and compares
// the pooled text of the entries whose high hash bits match.
template <class Char>
class key_table {
 public:
  using view = std::basic_string_view<Char>;
  static std::uint64_t hash(view s) { return key_hash(s); }
  // Room for `keys` keys of `chars` characters in all.
  void reserve(std::size_t keys, std::size_t chars) {
    entries_.reserve(keys);
    hashes_.reserve(keys);
    pool_.reserve(chars);
  }
  void add(view key, std::uint32_t id) {
    const std::uint64_t h = hash(key);
    entries_.push_back(entry{static_cast<std::uint32_t>(h >> 32), id, pool_.size(),
                             static_cast<std::uint32_t>(key.size()), false});
    pool_.append(key);
    hashes_.push_back(h);
  }
  // The added entries' key hashes (for the Bloom filter), until build().
  const std::vector<std::uint64_t>& hashes() const noexcept { return hashes_; }
  // Sorts the entries into buckets (stable); lookups work after this only.
  void build() {
    group_by_bucket(entries_, hashes_, mask_, start_);
    pool_.shrink_to_fit();
    // An entry with the key of the one before it in its bucket (brands of
    // one label under many suffixes: google.com, google.de, ...) is found
    // exactly when that one is: find() compares its text once for them all.
    for (std::size_t b = 0; b + 1 < start_.size(); ++b)
      for (std::uint32_t i = start_[b] + 1; i < start_[b + 1]; ++i) {
        const entry& p = entries_[i - 1];
        entry& e = entries_[i];
        e.same_as_previous = e.tag == p.tag && e.size == p.size &&
                             same_chars(pool_.data() + e.offset, pool_.data() + p.offset, e.size);
      }
  }
  bool empty() const noexcept { return entries_.empty(); }
  bool contains(view key) const {
    bool hit = false;
    find(key, [&hit](std::uint32_t) { hit = true; });
    return hit;
  }
  std::size_t size() const noexcept { return entries_.size(); }
  std::size_t bytes() const noexcept {
    return entries_.capacity() * sizeof(entry) + start_.capacity() * sizeof(std::uint32_t) +
           pool_.capacity() * sizeof(Char);
  }
  // Calls f(id) for every entry of `key`, in the order they were added.
  template <class F>
  void find(view key, F&& f) const {
    if (start_.empty()) return;
    find(key, hash(key), f);
  }
  // The same with the key's hash (hash(key)) already at hand.
  template <class F>
  void find(view key, std::uint64_t h, F&& f) const {
    if (start_.empty()) return;
    const std::uint32_t tag = static_cast<std::uint32_t>(h >> 32);
    const std::size_t b = h & mask_;
    bool found = false;  // the last compared entry's answer
    for (std::uint32_t i = start_[b], end = start_[b + 1]; i < end; ++i) {
      const entry& e = entries_[i];
      if (e.tag != tag) continue;
      // (The entry before one with the same key has the same tag: it was
      // compared just now.)
      if (!e.same_as_previous)
        found = e.size == key.size() && same_chars(pool_.data() + e.offset, key.data(), e.size);
      if (found) f(e.id);
    }
  }

 private:
  struct entry {
    std::uint32_t tag;  // high 32 bits of the key's hash
    std::uint32_t id;
    std::size_t offset;  // the key in pool_
    std::uint32_t size;
    bool same_as_previous;  // the previous entry of the bucket has the same key (build())
  };
  std::vector<entry> entries_;
  std::vector<std::uint32_t> start_;  // bucket b is [start_[b], start_[b + 1])
  std::basic_string<Char> pool_;
  std::vector<std::uint64_t> hashes_;
  std::size_t mask_ = 0;
};

// A set of strings that grows one insert at a time (the brands' own names,
// the keywords, deduplicated while the list is read): every string's
// characters in one pool, indexed by a slot_table (common/slot_table.hpp);
// growing rebuilds one flat array, and the set is freed as three blocks.
template <class Char>
class string_set {
 public:
  using view = std::basic_string_view<Char>;
  void reserve(std::size_t n) {
    if (!index_.has_room_for(n)) rebuild(n);
    items_.reserve(n);
  }
  // Adds `s`; false if it was there already.
  bool insert(view s) {
    if (!index_.has_room_for(items_.size() + 1)) rebuild(2 * (items_.size() + 1));
    const std::uint64_t h = key_table<Char>::hash(s);
    if (find(s, h) != detail::slot_table::npos) return false;
    index_.add(h, items_.size());
    filter_.add(h);
    items_.push_back(item{pool_.size(), s.size()});
    pool_.append(s);
    return true;
  }
  bool contains(view s) const { return find(s, key_table<Char>::hash(s)) != detail::slot_table::npos; }
  std::size_t size() const noexcept { return items_.size(); }
  std::size_t bytes() const noexcept {
    return index_.bytes() + filter_.bytes() + items_.capacity() * sizeof(item) + pool_.capacity() * sizeof(Char);
  }
  // Calls f(view) for every string, in the order they were added.
  template <class F>
  void for_each(F&& f) const {
    for (std::size_t n = 0; n < items_.size(); ++n) f(at(n));
  }

 private:
  struct item {
    std::size_t offset, size;
  };
  view at(std::size_t n) const { return view(pool_).substr(items_[n].offset, items_[n].size); }
  // Most look-ups miss (a name that is no brand's own, a token that is no
  // keyword): the filter answers them without a probe of the slots.
  std::size_t find(view s, std::uint64_t h) const {
    if (!filter_.may_hold(h)) return detail::slot_table::npos;
    return index_.find(h, [&](std::size_t n) { return at(n) == s; });
  }
  void rebuild(std::size_t keys) {
    index_.reset(keys);
    filter_.reset(keys);
    for (std::size_t n = 0; n < items_.size(); ++n) {
      const std::uint64_t h = key_table<Char>::hash(at(n));
      index_.add(h, n);
      filter_.add(h);
    }
  }
  detail::slot_table index_;
  detail::hash_filter filter_;  // over the same hashes (common/hash_filter.hpp)
  std::vector<item> items_;
  std::basic_string<Char> pool_;
};

struct brand_index::impl {
  display::public_suffix_list psl;
  bool have_psl = false;
  // The brands as display's protected ("top") domains, built once with the
  // index: a matching name's verdict is then what `puny display
  // --top-domains` gives with the same list (a skeleton lookalike of a
  // brand is kept in A-label form, its finding names the brand).
  display::protected_domains protected_brands;
  // Whether the matcher may tell what display's lookalike step finds from
  // its look-ups of the registrable label (match.cpp, "The lookalike step
  // from the matcher's look-ups"):
  // every brand ASCII (their skeletons are their labels' and suffixes'
  // ASCII skeletons), each in protected_brands.
  bool protected_filter = false;
  std::vector<brand_record> brands;
  std::size_t max_label = 0;  // longest brand label, in code points
  // Bit n: some brand label has n code points (n < 64; longer ones have no bit).
  std::uint64_t label_lengths = 0;
  std::size_t max_folded = 0; // longest folded skeleton of a brand label
  std::size_t max_folded_flat = 0;  // longest by_folded_flat key
  bool brand_has_rn = false;  // some brand label spells "rn" (matcher's homoglyph_edit gate)
  bool has_suffix_brand = false;  // some brand is a public suffix (brand_record::suffix_brand)
  // Exact brand labels, their folded skeletons, and every label with one
  // code point deleted (the deletion neighbourhood: two strings are at edit
  // distance 1 only if they share an entry, so lookups replace a scan).
  key_table<char32_t> by_label;
  key_table<char32_t> by_folded;
  deletion_table deletions;  // of the brands' labels
  // The deletion neighbourhood of each brand's folded skeleton: a name
  // whose folded skeleton is at edit distance 1 of a brand's imitates it
  // with a homoglyph and an edit together (rule::homoglyph_edit).
  deletion_table folded_deletions;  // of the brands' folded skeletons
  // Every one of Chromium's lookalike skeletons of each brand label
  // (UTF-8, as display's lookalike_skeletons gives them), for
  // rule::chromium_skeleton.  Looked up only for labels with a non-ASCII
  // character (an ASCII label's Chromium skeleton is its UTS #39 skeleton,
  // which by_folded covers), so no Bloom filter bit.
  key_table<char> by_chromium;
  // Each brand label's loose skeleton (loose.hpp) without and with the
  // single ASCII letters' classes, for the looser lookalikes of
  // dnstwist's table (matcher's loose_rule).
  key_table<char32_t> by_loose;
  key_table<char32_t> by_loose_full;
  // Brand label + suffix written without dots ("paypalcom"), for
  // target embedding inside one label.
  key_table<char32_t> by_flat_name;
  // Its folded skeleton ("paypalcorn"), for the same with lookalikes
  // (paypa1com.net): looked up only for a label that may hold one.
  key_table<char32_t> by_folded_flat;
  string_set<char32_t> keywords;
  std::vector<std::size_t> keyword_lengths;  // distinct, ascending
  // Per keyword length k, bit (c & 63) of every keyword's first and last
  // code point: a name's head or tail of k code points whose edge bit is
  // clear is no keyword, and is neither hashed nor copied (most are not).
  std::vector<std::uint64_t> keyword_first, keyword_last;
  // Registrable names that never match: every brand and its allow= names
  // (looked up by view, no std::string built per name; the ids are unused).
  string_set<char> own_names;
  std::unordered_set<std::string> suffixes;  // the brands' public suffixes
  // The first label of each brand's suffix ("com", "co" of co.uk): a
  // subdomain token followed by one may be a brand's name with one edit.
  string_set<char32_t> suffix_heads;
  // Views of suffixes (node storage never moves), so that a name's suffix
  // candidates are looked up without building a std::string each (C++17
  // sets have no heterogeneous lookup).
  std::unordered_set<std::string_view> suffix_views;
  impl() = default;
  impl(const impl&) = delete;  // the views point into this object's sets
  impl& operator=(const impl&) = delete;
  std::size_t bytes = 0;
  // A one-hash Bloom filter over the keys of by_label, by_folded,
  // by_flat_name and deletions: most
  // look-ups of an input's deletions miss, and a bit in a small array
  // answers them without probing the hash tables (whose nodes are cache
  // misses).
  detail::hash_filter filter;  // common/hash_filter.hpp
  // The filter and the tables hash alike (key_hash above; a few
  // instructions per code point where std::hash's byte-wise Murmur takes
  // several times more), so one hash of a key serves both.
  static std::uint64_t hash_start(std::size_t size) { return key_hash_start(size); }
  static std::uint64_t hash_add(std::uint64_t h, std::u32string_view s) { return key_hash_add(h, s); }
  static std::uint64_t hash_end(std::uint64_t h) { return key_hash_end(h); }
  static std::uint64_t hash_of(std::u32string_view s) { return key_hash(s); }
  // Whether a key with this hash_of may be in the tables.
  bool maybe_hash(std::uint64_t hash) const {
    return !filter.empty() && filter.may_hold(hash);  // empty: a default-constructed index
  }

  bool maybe(std::u32string_view s) const { return maybe_hash(hash_of(s)); }
};

struct access {
  static const brand_index::impl& of(const brand_index& b) { return *b.impl_; }
};

// The skeleton used for homoglyphs: UTS #39 section 4 skeleton without its
// combining diacritics (like Chromium's diacritic-free skeletons: `paypàl`
// imitates `paypal`), then ASCII lowercase, then "vv" -> "w"
// (confusables.txt maps m to "rn", 0 to O and 1 to l already, but has no
// vv/w entry).
std::u32string folded_skeleton(std::u32string_view label);
// The same into `out` (its storage reused: no allocation per name once grown).
void folded_skeleton(std::u32string_view label, std::u32string& out);

}  // namespace puny::hunt
