// puny hunt: the rule registry and the brand index (docs/hunt.md).
#include "index.hpp"
#include "loose.hpp"
#include "words.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <memory>
#include <unordered_map>

#include "display/internal.hpp"
#include "unicode/ucd.hpp"
#include "puny/idna.hpp"
#include "puny/unicode.hpp"
#include "puny/uts39.hpp"

namespace puny::hunt {
namespace {

// A field of a brand line as a warning quotes it, escaped as every message
// is (unicode::append_escaped): no raw byte reaches a terminal or a log.
std::string quoted(std::string_view field) {
  std::string out = "'";
  unicode::append_escaped(out, field, 256);
  out += '\'';
  return out;
}

// Minimum lengths: short labels are at edit distance 1 of many ordinary
// words, so the edit rules need longer brands than the skeleton rules.
const rule_info rule_table[] = {
    {rule::skeleton, "skeleton",
     "Same UTS #39 skeleton as the brand's label, spelled with non-ASCII characters", 3, 95},
    {rule::homoglyph, "homoglyph",
     "Same skeleton as the brand's label with ASCII lookalikes only (rn/m, 0/o, 1/l, vv/w)", 3, 90},
    {rule::insertion, "insertion", "The brand's label with one character added", 5, 70},
    {rule::omission, "omission", "The brand's label with one character left out", 5, 70},
    {rule::replacement, "replacement",
     "The brand's label with one character replaced (not by a keyboard neighbour, another vowel "
     "or a one-bit flip, or with those rules off)",
     5, 65},
    {rule::repetition, "repetition", "The brand's label with one character doubled", 5, 75},
    {rule::transposition, "transposition",
     "The brand's label with two neighbouring characters swapped", 5, 80},
    {rule::hyphenation, "hyphenation", "The brand's label with a hyphen added inside it", 5, 75},
    {rule::target_embedding, "target_embedding",
     "The brand's registrable name (or label) inside a subdomain or a longer label", 4, 85},
    {rule::combo_squatting, "combo_squatting",
     "The brand's label joined to a keyword or to a word by a hyphen", 4, 60},
    {rule::tld_swap, "tld_swap", "The brand's label under another public suffix", 3, 70},
    // Two changes at once match more ordinary words than one, so the brand
    // must be longer and the score is lower than either rule alone.
    {rule::homoglyph_edit, "homoglyph_edit",
     "The brand's label with one edit and a lookalike character (rn/m, 0/o, 1/l, vv/w or a "
     "non-ASCII confusable) together",
     6, 60},
    // Replacements by the pair's cause (match.cpp classifies the pair; the
    // first that applies wins, in this order).  A typing slip or a vowel
    // that sounds alike suggests imitation more than an arbitrary letter;
    // a bit flip (traffic from memory errors, not a visual lookalike) as
    // much as an arbitrary one.
    {rule::keyboard, "keyboard",
     "The brand's label with one character replaced by a neighbouring key on a QWERTY keyboard",
     5, 70},
    {rule::vowel_swap, "vowel_swap", "The brand's label with one vowel replaced by another vowel",
     5, 70},
    {rule::bitsquatting, "bitsquatting",
     "The brand's label with one character replaced by a letter, digit or hyphen one bit of its "
     "ASCII code away",
     5, 65},
    // An exact label, only spread over several: as strong as the brand's
    // name inside a subdomain.
    {rule::label_split, "label_split",
     "The brand's label split by dots into a subdomain and the registrable label (pay.pal.com)",
     4, 80},
    // Chromium's lookalike skeletons map letters that confusables.txt
    // (17.0.0) maps to non-ASCII prototypes (Cyrillic п to π, к to ĸ, т to
    // ᴛ, м to ʍ, ԍ to ɢ) to the Latin letters they pass for: Chromium keeps
    // such a name as Punycode when it imitates a top domain.  Its mapping
    // is its own judgement and coarser than confusables.txt's (з as 3,
    // ш as w), hence a little below `skeleton`.
    {rule::chromium_skeleton, "chromium_skeleton",
     "Same skeleton as the brand's label under Chromium's lookalike skeletons (its extra "
     "confusables such as Cyrillic п/n, к/k, т/t, ԍ/g, and diacritics removed) but not under "
     "UTS #39's",
     3, 90},
};

// Words phishing names pair with brands; a brand list adds its own.
const char* const builtin_keywords[] = {
    "login",        "signin",  "logon",    "secure", "security", "account",  "accounts", "verify",
    "verification", "update",  "support",  "help",   "service",  "services", "billing",  "payment",
    "pay",          "wallet",  "auth",     "online", "web",      "my",       "app",      "mail",
    "bank",         "confirm", "recovery", "unlock", "official", "customer", "client",   "id",
    "password",     "reset",   "alert",    "notice",
};

std::u32string ascii_u32(std::string_view s) { return std::u32string(s.begin(), s.end()); }

std::size_t map_bytes(std::size_t entries, std::size_t key_chars, std::size_t value_bytes) {
  // Node, key storage, bucket; an estimate, not an allocator count.
  return entries * (48 + value_bytes) + key_chars * sizeof(char32_t);
}

bool fail(display::list_error& error, std::string_view source, std::size_t line, std::size_t offset,
          const std::string& why) {
  error.status = status{};
  error.status.code = errc::list_syntax;
  error.status.offset = offset;
  error.source = std::string(source);
  error.line = line;
  error.text = std::string(source) + ":" + std::to_string(line) + ": " + why;
  return false;
}

void split(std::string_view s, char sep, std::vector<std::string_view>& out) {
  out.clear();
  std::size_t start = 0;
  for (;;) {
    std::size_t p = s.find(sep, start);
    out.push_back(
        s.substr(start, p == std::string_view::npos ? std::string_view::npos : p - start));
    if (p == std::string_view::npos) break;
    start = p + 1;
  }
}

// A registrable name as the index keeps it: Unicode, lowercase, mapped.
bool normalise_name(std::string_view in, std::string& out) {
  auto r = idna::to_unicode(in, idna::uts46_default);
  if (!r.ok()) return false;
  out = std::move(r.value);
  if (!out.empty() && out.back() == '.') out.pop_back();
  return !out.empty();
}

}  // namespace

rule_list rules() noexcept {
  return rule_list{rule_table, sizeof rule_table / sizeof rule_table[0]};
}

const rule_info& info(rule r) noexcept {
  // The table lists the rules in the enum's order (skeleton = 1, ...): one
  // read (matcher::add asks for every match), the search only if not.
  const std::size_t at = static_cast<std::size_t>(r) - 1;
  if (at < std::size(rule_table) && rule_table[at].id == r) return rule_table[at];
  for (const rule_info& i : rule_table)
    if (i.id == r) return i;
  return rule_table[0];
}

const rule_info* find_rule(std::string_view name) noexcept {
  for (const rule_info& i : rule_table)
    if (i.name == name) return &i;
  return nullptr;
}

std::string_view to_string(rule r) noexcept {
  const rule_info& i = info(r);
  return i.id == r ? i.name : std::string_view("unknown");
}

namespace {
// The combining mark blocks (Combining Diacritical Marks and its Extended,
// Supplement and For Symbols blocks, Combining Half Marks).  The skeleton
// is in NFD, so a letter's accents are separate code points here.
bool is_diacritic(char32_t c) {
  return (c >= 0x0300 && c <= 0x036F) || (c >= 0x1AB0 && c <= 0x1AFF) ||
         (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x20D0 && c <= 0x20FF) ||
         (c >= 0xFE20 && c <= 0xFE2F);
}
}  // namespace

namespace {
// ASCII: NFD changes nothing and confusables.txt maps ASCII to ASCII, so
// the skeleton of an ASCII label is the concatenation of each character's
// prototype, looked up once (the fast path for most names and brands).
const std::vector<std::u32string>& ascii_prototype_table() {
  static const std::vector<std::u32string> table = [] {
    std::vector<std::u32string> t(128);
    for (char32_t c = 0; c < 128; ++c) t[c] = uts39::skeleton(std::u32string(1, c));
    return t;
  }();
  return table;
}
}  // namespace

// The UTS #39 skeleton of a string is the concatenation of its code
// points' own skeletons ("pieces") when each code point's NFD and each
// piece start with a starter (canonical combining class 0): NFD then
// decomposes code point by code point and canonical ordering, which moves
// only marks, never crosses from one piece into the next.  Each BMP code
// point's piece is computed by uts39::skeleton the first time a label has
// it and kept (per thread: the table fills as names are matched); a label
// with any other code point takes uts39::skeleton whole.  The general
// function costs about 700 instructions a code point with its allocations
// (two NFDs), a piece a table read.
namespace {
class skeleton_pieces {
 public:
  // Appends skeleton(label) to `out`; false (out unspecified) when some
  // code point of it has no piece.
  bool append(std::u32string_view label, std::u32string& out) {
    for (char32_t c : label) {
      if (c >= 0x10000) return false;
      std::unique_ptr<std::uint32_t[]>& page = pages_[c >> 8];
      if (!page) page = std::make_unique<std::uint32_t[]>(256);  // zeroed: unknown
      std::uint32_t& e = page[c & 255];
      if (e == unknown) e = make(c);
      if (e == general) return false;
      out.append(pool_, e >> 6, (e & 63) - 2);
    }
    return true;
  }

 private:
  // An entry: 0 unknown, 1 no piece, else offset << 6 | (length + 2).  In
  // pages of 256 code points made when first read: a thread that matches
  // names of a few scripts holds a few kilobytes, not the whole BMP's.
  static constexpr std::uint32_t unknown = 0, general = 1;
  std::uint32_t make(char32_t c) {
    const std::u32string one(1, c);
    std::u32string nfd;
    detail::ucd::nfd_append(one, nfd);
    if (nfd.empty() || detail::ucd::combining_class(nfd[0]) != 0) return general;
    const std::u32string piece = uts39::skeleton(one);
    if (!piece.empty() && detail::ucd::combining_class(piece[0]) != 0) return general;
    if (piece.size() > 61 || pool_.size() + piece.size() >= (std::size_t{1} << 26)) return general;
    const auto e = static_cast<std::uint32_t>(pool_.size() << 6 | (piece.size() + 2));
    pool_ += piece;
    return e;
  }
  std::unique_ptr<std::uint32_t[]> pages_[256];
  std::u32string pool_;
};

bool piece_skeleton(std::u32string_view label, std::u32string& out) {
  thread_local skeleton_pieces pieces;
  return pieces.append(label, out);
}
}  // namespace

namespace {
// The ASCII side of the folding, in one table read once: each character's
// prototype when it is one character (most are their own), and whether
// the whole folding leaves the character as it is (its own prototype, not
// uppercase, not v: vv folds to w).  A label of only those is its own
// folded skeleton (most names' labels).
struct ascii_folds {
  const std::vector<std::u32string>& prototypes = ascii_prototype_table();
  char32_t single[128] = {};  // 0: a prototype of several characters
  bool fixed[128] = {};
  ascii_folds() {
    for (char32_t c = 0; c < 128; ++c) {
      if (prototypes[c].size() == 1) single[c] = prototypes[c][0];
      fixed[c] = single[c] == c && !(c >= U'A' && c <= U'Z') && c != U'v' && c != U'V';
    }
  }
};

// The folding after the skeleton, in place: marks dropped (the skeleton is
// in NFD), A-Z lowered, vv read as w.  It writes at or before where it
// reads, so s[i + 1] is still the skeleton's.
void fold_in_place(std::u32string& s) {
  std::size_t j = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char32_t c = s[i];
    if (c >= 0x0300 && is_diacritic(c)) continue;  // no mark is below U+0300
    if (c >= U'A' && c <= U'Z') c = c - U'A' + U'a';
    if (c == U'v' && i + 1 < s.size() && (s[i + 1] == U'v' || s[i + 1] == U'V')) {
      s[j++] = U'w';
      ++i;
      continue;
    }
    s[j++] = c;
  }
  s.resize(j);
}
}  // namespace

// `label` must not view `out`.
void folded_skeleton(std::u32string_view label, std::u32string& out) {
  static const ascii_folds folds;
  bool ascii = true, fixed = true;
  for (const char32_t c : label) {
    if (c >= 128) {
      ascii = fixed = false;
      break;
    }
    fixed = fixed && folds.fixed[c];
  }
  if (fixed) {
    out.assign(label.data(), label.size());
    return;
  }
  out.clear();
  if (ascii) {
    out.reserve(2 * label.size());  // ASCII prototypes of letters and digits: one or two characters
    for (const char32_t c : label) {
      if (folds.single[c] != 0)
        out.push_back(folds.single[c]);
      else
        out += folds.prototypes[c];
    }
  } else if (!piece_skeleton(label, out)) {
    out = uts39::skeleton(label);
  }
  fold_in_place(out);
}

std::u32string folded_skeleton(std::u32string_view label) {
  std::u32string out;
  folded_skeleton(label, out);
  return out;
}

void deletion_table::add(std::uint32_t brand, std::u32string_view s) {
  // Each deletion's hash from one prefix and one suffix sum (O(n) for the
  // whole neighbourhood, the values hash_of gives the deletions).
  thread_local std::vector<std::uint64_t> hashes;
  deletion_hashes(s, hashes);
  hashes_.insert(hashes_.end(), hashes.begin(), hashes.end());
  for (std::uint32_t i = 0; i < s.size(); ++i) {
    entry e{static_cast<std::uint32_t>(hashes[i] >> 32), brand, 0, 0};
    e.pos = i & 0x7FFFFFFFu;  // a label's length: far below 2^31
    entries_.push_back(e);
  }
}

void deletion_table::sort_into_buckets() { group_by_bucket(entries_, hashes_, mask_, start_); }

namespace {

// The brands as display's protected domains (index.hpp: protected_brands),
// one a line as a top-domain list writes them.  A brand the list format
// refuses (none should: the names passed ToUnicode already) is left out
// rather than leaving every brand out.
void build_protected_brands(brand_index::impl& d) {
  d.protected_filter = true;
  for (const brand_record& b : d.brands) {
    for (const char c : b.name) d.protected_filter = d.protected_filter && static_cast<unsigned char>(c) < 0x80;
  }
  std::vector<const std::string*> names;
  names.reserve(d.brands.size());
  for (const brand_record& b : d.brands) names.push_back(&b.name);
  std::string text;
  for (;;) {
    text.clear();
    for (const std::string* n : names) (text += *n) += '\n';
    display::list_error error;
    if (display::protected_domains::parse(text, "brands", d.protected_brands, error)) return;
    // A brand left out: the matcher's look-ups would find it, the list
    // does not.
    d.protected_filter = false;
    if (error.line == 0 || error.line > names.size()) return;  // none then
    names.erase(names.begin() + static_cast<std::ptrdiff_t>(error.line - 1));
  }
}

}  // namespace

brand_index::brand_index() : impl_(std::make_shared<impl>()) {}

std::size_t brand_index::size() const noexcept { return impl_->brands.size(); }
std::size_t brand_index::keyword_count() const noexcept { return impl_->keywords.size(); }
std::size_t brand_index::memory_bytes() const noexcept { return impl_->bytes; }
std::string_view brand_index::brand(std::size_t i) const {
  return i < impl_->brands.size() ? std::string_view(impl_->brands[i].name) : std::string_view();
}

bool brand_index::parse(std::string_view text, std::string_view source, brand_index& out,
                        display::list_error& error, const display::public_suffix_list* suffixes,
                        std::vector<display::list_error>* warnings) {
  auto d = std::make_shared<impl>();
  if (suffixes) {
    d->psl = *suffixes;
    d->have_psl = true;
  }
  // At most one brand a line and one allow= name or keyword per comma
  // more: the sets get their buckets once instead of rehashing as the list
  // grows (docs/security.md's scaling table).
  const std::size_t most = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) +
                           static_cast<std::size_t>(std::count(text.begin(), text.end(), ',')) + 1;
  d->own_names.reserve(most);
  d->keywords.reserve(most + std::size(builtin_keywords));
  for (const char* k : builtin_keywords) d->keywords.insert(ascii_u32(k));
  d->brands.reserve(most);
  std::vector<std::string_view> parts;
  std::size_t line_no = 0, pos = 0, bad_lines = 0;
  std::string name;
  // One line's brand, keywords and own names, kept aside until the whole
  // line has been read: a malformed line adds nothing.
  std::vector<std::string> line_allows;
  std::vector<std::u32string> line_keywords;
  // Each brand's first line, to name it when the brand comes again.
  std::unordered_map<std::string, std::size_t> brand_lines;
  while (pos < text.size()) {
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = text.substr(pos, eol - pos);
    const std::size_t line_offset = pos;
    pos = eol + 1;
    ++line_no;
    if (std::size_t hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    // Fields separated by blanks.
    std::vector<std::string_view> fields;
    for (std::size_t i = 0; i < line.size();) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
      std::size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
      if (j > i) fields.push_back(line.substr(i, j - i));
      i = j;
    }
    if (fields.empty()) continue;
    std::string why;  // set: the line is malformed
    brand_record rec;
    line_allows.clear();
    line_keywords.clear();
    [&] {
      if (!normalise_name(fields[0], name)) {
        why = "not a valid domain name: " + quoted(fields[0]);
        return;
      }
      // The PSL says whether the name is a registrable name or a public
      // suffix itself (a suffix brand: blogspot.com, github.io; the names
      // under it belong to the platform's customers and never match it,
      // docs/hunt.md, "Suffix brands").  Either way the label is the first
      // one and the rest the suffix; a name of one label has none (also
      // under an exception rule for a top-level label, "!example").
      if (d->have_psl) {
        std::string_view reg = d->psl.registrable_domain(name);
        if (reg.empty() && d->psl.public_suffix(name) == name && name.find('.') != std::string::npos) {
          rec.suffix_brand = true;
        } else if (reg != name) {
          why = "'" + name +
                "' is not a registrable name (the Public Suffix List's registrable part is '" +
                std::string(reg) + "')";
          return;
        }
      }
      const std::size_t dot = name.find('.');
      if (dot == std::string::npos) {
        why = "'" + name + "' has no public suffix (write e.g. paypal.com)";
        return;
      }
      const std::string suffix = name.substr(dot + 1);
      const std::string_view label = std::string_view(name).substr(0, dot);
      if (label.empty()) {
        why = "'" + name + "' is not a registrable name";
        return;
      }
      for (std::size_t f = 1; f < fields.size(); ++f) {
        std::string_view field = fields[f];
        std::size_t eq = field.find('=');
        std::string_view key = field.substr(0, eq == std::string_view::npos ? 0 : eq);
        if (key != "keywords" && key != "allow") {
          why = "unknown field " + quoted(field) + " (keywords=W,W or allow=NAME,NAME)";
          return;
        }
        split(field.substr(eq + 1), ',', parts);
        for (std::string_view p : parts) {
          if (p.empty()) continue;
          if (key == "allow" && p.find('*') != std::string_view::npos) {
            // A pattern would be kept as a name no input ever has (issue
            // 52): an allowed name already covers every name under it.
            why = "allow= takes names, not patterns: " + quoted(p) +
                  " (an allowed name covers its subdomains: write it without '*.')";
            return;
          }
          std::string n;
          if (!normalise_name(p, n)) {
            why = "not a valid " + std::string(key == "allow" ? "domain name" : "keyword") + ": " + quoted(p);
            return;
          }
          if (key == "allow") {
            line_allows.push_back(std::move(n));
          } else {
            std::u32string u;
            if (unicode::utf8_to_utf32(n, u).code != errc::ok) continue;
            line_keywords.push_back(std::move(u));
          }
        }
      }
      rec.name = name;
      rec.suffix = suffix;
      if (unicode::utf8_to_utf32(label, rec.label).code != errc::ok ||
          unicode::utf8_to_utf32(suffix, rec.suffix32).code != errc::ok)
        why = "not valid UTF-8";
    }();
    if (!why.empty()) {
      if (!warnings) return fail(error, source, line_no, line_offset, why);
      display::list_error w;
      fail(w, source, line_no, line_offset, why);
      warnings->push_back(std::move(w));
      ++bad_lines;
      continue;
    }
    for (const std::string& n : line_allows) d->own_names.insert(n);
    for (const std::u32string& k : line_keywords) d->keywords.insert(k);
    const auto first = brand_lines.emplace(rec.name, line_no);
    if (!first.second) {
      // Listed again: once is enough; this line's keywords and allow=
      // names were added above.
      if (warnings) {
        display::list_error w;
        fail(w, source, line_no, line_offset,
             quoted(fields[0]) + " is brand '" + rec.name +
                 "' again: merged into line " + std::to_string(first.first->second));
        warnings->push_back(std::move(w));
      }
      continue;
    }
    d->own_names.insert(rec.name);  // also when another brand allowed it
    d->suffixes.insert(rec.suffix);
    d->has_suffix_brand = d->has_suffix_brand || rec.suffix_brand;
    d->brands.push_back(std::move(rec));
  }
  if (bad_lines > 0 && d->brands.empty())
    return fail(error, source, line_no, 0,
                "no usable brand: every one of its " + std::to_string(bad_lines) +
                    " brand lines is malformed");

  // The index: exact labels, folded skeletons, deletion neighbourhoods.
  // Each table sized first (a key per brand, or one per code point of its
  // label; a folded skeleton about as long, names with their suffix).
  {
    std::size_t chars = 0, flat = 0;
    for (const brand_record& b : d->brands) {
      chars += b.label.size();
      flat += b.label.size() + b.suffix32.size();
    }
    const std::size_t n = d->brands.size();
    for (auto* t : {&d->by_label, &d->by_folded, &d->by_loose, &d->by_loose_full})
      t->reserve(n, chars + n);
    d->by_flat_name.reserve(n, flat);
    d->by_folded_flat.reserve(n, flat + n);
    d->deletions.reserve(chars);
    d->folded_deletions.reserve(chars + n);
  }
  for (std::uint32_t id = 0; id < d->brands.size(); ++id) {
    const brand_record& b = d->brands[id];
    d->max_label = std::max(d->max_label, b.label.size());
    if (b.label.size() < 64) d->label_lengths |= std::uint64_t{1} << b.label.size();
    d->by_label.add(b.label, id);
    d->brands[id].word = is_common_word(b.label);
    const std::u32string folded = folded_skeleton(b.label);
    d->brands[id].folded = folded;
    d->max_folded = std::max(d->max_folded, folded.size());
    d->brand_has_rn = d->brand_has_rn || b.label.find(U"rn") != std::u32string::npos;
    d->by_folded.add(folded, id);
    {
      std::u32string loose;
      loose_skeleton(b.label, false, loose, &folded);
      d->by_loose.add(loose, id);
      loose_skeleton(b.label, true, loose, &folded);
      d->by_loose_full.add(loose, id);
    }
    // Chromium's skeletons of the label alone (the name's other labels
    // are matched on their own).  An ASCII label has one, its UTS #39
    // skeleton (lookalike_skeletons' first case), built here from the
    // prototype table: the general function costs about 9,000
    // instructions a label, most brand lists are ASCII.
    // lookalike_skeletons lists each skeleton once.
    if (std::all_of(b.label.begin(), b.label.end(), [](char32_t c) { return c < 0x80; })) {
      std::string key, ascii_label(b.label.begin(), b.label.end());
      (void)uts39::skeleton(ascii_label, key);
      d->by_chromium.add(key, id);
    } else {
      thread_local detail::display::skeleton_list chromium;
      detail::display::lookalike_skeletons(
          std::string_view(b.name).substr(0, b.name.size() - b.suffix.size() - 1), chromium);
      for (const std::string& s : chromium) {
        d->by_chromium.add(s, id);
      }
    }
    if (std::all_of(b.suffix.begin(), b.suffix.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
      (void)uts39::skeleton(b.suffix, d->brands[id].suffix_skeleton);
    std::u32string flat = b.label;
    for (char32_t c : b.suffix32)  // code points: an IDN suffix (рф) too
      if (c != U'.') flat.push_back(c);
    d->by_flat_name.add(flat, id);
    const std::u32string folded_flat = folded_skeleton(flat);
    d->max_folded_flat = std::max(d->max_folded_flat, folded_flat.size());
    d->by_folded_flat.add(folded_flat, id);
    d->deletions.add(id, b.label);
    // The same neighbourhood of the folded skeleton, for homoglyph_edit.
    d->folded_deletions.add(id, folded);
  }
  // Chromium's skeleton tables (a class per BMP code point, the pieces of
  // the Latin, Greek and Cyrillic letters) are built on their first use,
  // about 8 million instructions once per process: here, with the index,
  // rather than in the first non-ASCII name matched (Cyrillic pe takes
  // both tables' path).
  {
    thread_local detail::display::skeleton_list warm;
    if (detail::display::has_lookalike_extra(U"\u043F"))
      detail::display::lookalike_skeletons("\xD0\xBF", warm);
  }
  // 16 bits per key or more (two of them set per key in one word): about
  // 1% of the misses still probe the tables.
  d->filter.reset(d->by_label.size() + d->deletions.size() + d->by_folded.size() + d->by_flat_name.size() +
                      d->by_folded_flat.size() + d->folded_deletions.size(),
                  16);
  for (const auto* hashes :
       {&d->by_label.hashes(), &d->deletions.hashes(), &d->by_folded.hashes(),
        &d->by_flat_name.hashes(), &d->by_folded_flat.hashes(), &d->folded_deletions.hashes()})
    for (std::uint64_t h : *hashes) d->filter.add(h);
  d->by_label.build();
  d->by_folded.build();
  d->by_chromium.build();
  d->by_loose.build();
  d->by_loose_full.build();
  d->by_flat_name.build();
  d->by_folded_flat.build();
  d->deletions.build([&](std::uint32_t id) { return std::u32string_view(d->brands[id].label); });
  d->folded_deletions.build([&](std::uint32_t id) { return std::u32string_view(d->brands[id].folded); });
  d->keywords.for_each([&](std::u32string_view k) { d->keyword_lengths.push_back(k.size()); });
  std::sort(d->keyword_lengths.begin(), d->keyword_lengths.end());
  d->keyword_lengths.erase(std::unique(d->keyword_lengths.begin(), d->keyword_lengths.end()),
                           d->keyword_lengths.end());
  d->suffix_views.reserve(d->suffixes.size());
  for (const std::string& n : d->suffixes) d->suffix_views.insert(n);
  for (const std::string& n : d->suffixes) {
    std::u32string head;
    if (unicode::utf8_to_utf32(std::string_view(n).substr(0, n.find('.')), head).code == errc::ok)
      d->suffix_heads.insert(head);
  }
  std::size_t longest_keyword = d->keyword_lengths.empty() ? 0 : d->keyword_lengths.back();
  d->keyword_first.assign(longest_keyword + 1, 0);
  d->keyword_last.assign(longest_keyword + 1, 0);
  d->keywords.for_each([&](std::u32string_view k) {
    if (k.empty()) return;
    d->keyword_first[k.size()] |= std::uint64_t{1} << (k.front() & 63);
    d->keyword_last[k.size()] |= std::uint64_t{1} << (k.back() & 63);
  });
  d->bytes = d->by_label.bytes() + d->by_folded.bytes() + d->by_chromium.bytes() +
             d->by_loose.bytes() + d->by_loose_full.bytes() +
             d->by_flat_name.bytes() + d->by_folded_flat.bytes() + d->deletions.bytes() +
             d->folded_deletions.bytes() +
             d->filter.bytes();
  for (const brand_record& b : d->brands)
    d->bytes += sizeof b + b.name.size() + b.suffix.size() + 4 * b.suffix32.size();
  d->bytes += d->own_names.bytes() + d->keywords.bytes() + d->suffix_heads.bytes() + map_bytes(d->suffix_views.size(), 0,
                        sizeof(std::string_view));
  build_protected_brands(*d);
  out.impl_ = std::move(d);
  return true;
}

bool brand_index::load(const std::string& path, brand_index& out, display::list_error& error,
                       const display::public_suffix_list* suffixes,
                       std::vector<display::list_error>* warnings) {
  std::string text;
  if (!display::read_list_file(path, text, error)) return false;
  return parse(text, path, out, error, suffixes, warnings);
}

}  // namespace puny::hunt
