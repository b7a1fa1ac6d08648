// The lists a display decision consults: the Public Suffix List
// (publicsuffix.org/list, "Formal algorithm") and protected domains (one a
// line, as Chromium's top-domain list files are written).  A malformed line
// fails the whole list with the file and line; nothing is skipped.
#include <algorithm>
#include <deque>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "common/hash_filter.hpp"
#include "common/slot_table.hpp"
#include "display/internal.hpp"
#include "puny/idna.hpp"
#include "puny/unicode.hpp"

namespace puny::display {
namespace {

std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

void fail(list_error& error, errc code, std::string_view source, std::size_t line, std::size_t offset,
          const std::string& what) {
  error.status = status{};
  error.status.code = code;
  error.status.offset = offset;
  error.source = std::string(source);
  error.line = line;
  error.text = std::string(source) + (line ? ":" + std::to_string(line) : std::string()) + ": " + what;
}

// Calls f(line_number, byte_offset, line) for every line.
template <class F>
bool for_each_line(std::string_view text, F&& f) {
  std::size_t number = 0, start = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") start = 3;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++number;
    if (!f(number, start, text.substr(start, end - start))) return false;
    start = end + 1;
  }
  return true;
}

// Lists hold real host names, some with "--" in positions 3-4
// (r2---sn-x.googlevideo.com): UTS #46 defaults without CheckHyphens, as
// the URL Standard reads host names.
constexpr idna::options list_names = idna::uts46_default.with_check_hyphens(false);

// A name that is its own A-label and U-label form under list_names: labels
// of 1 to 63 lowercase letters, digits and hyphens, none starting "xn--",
// 253 bytes at most.
// UTS #46 section 4 maps and normalizes such a label to itself, it has no
// Punycode to decode, and with CheckHyphens off no hyphen rule applies; the
// Bidi rule concerns only names with a right-to-left label.  Most lines of
// the real lists are such names (8,925 of the 9,506 rules of Debian's
// Public Suffix List): they skip both conversions.
bool own_forms(std::string_view name) noexcept {
  if (name.empty() || name.size() > 253) return false;  // longer: the conversions' own limits
  const auto ldh = [](unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; };
  const auto* p = reinterpret_cast<const unsigned char*>(name.data());
  const std::size_t n = name.size();
  std::size_t start = 0;  // of the current label
  for (std::size_t i = 0; i <= n; ++i) {
    if (i < n && ldh(p[i])) continue;
    if (i < n && p[i] != '.') return false;
    const std::size_t length = i - start;
    if (length == 0 || length > 63) return false;
    if (length >= 4 && p[start] == 'x' && p[start + 1] == 'n' && p[start + 2] == '-' && p[start + 3] == '-')
      return false;
    start = i + 1;
  }
  return true;
}

// One label or a whole name in lowercase A-label form, or empty when it is
// not valid IDNA.
std::string ascii_form(std::string_view name) {
  auto r = idna::to_ascii(name, list_names);
  return r.ok() ? r.value : std::string();
}

// The U-label form of a name already in A-label form.
std::string unicode_form(const std::string& ascii) {
  auto r = idna::to_unicode(ascii, list_names);
  return r.ok() ? r.value : ascii;
}

}  // namespace

// ---- Public Suffix List ----

namespace {
constexpr char ascii_lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

// The hash of a suffix, made label by label from the right: the hash of
// "co.uk" extends the hash of "uk", so one right-to-left pass over a name
// gives the hash of each of its suffixes (ASCII letters read lowercase).
struct suffix_hash {
  static constexpr std::uint64_t seed = 0x243F6A8885A308D3u;
  static std::uint64_t label(std::string_view l) noexcept {
    std::uint64_t h = 0xCBF29CE484222325u;  // FNV-1a
    for (const char c : l) h = (h ^ static_cast<unsigned char>(ascii_lower(c))) * 0x100000001B3u;
    return h;
  }
  static std::uint64_t extend(std::uint64_t suffix, std::uint64_t label_hash) noexcept {
    std::uint64_t h = (suffix ^ label_hash) * 0x9E3779B97F4A7C15u;
    return h ^ (h >> 29);
  }
  // The slot table's hash (its low bits pick the slot, its high 32 bits
  // are kept): a finalizer spreads both.
  static std::uint64_t finish(std::uint64_t h) noexcept {
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDu;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53u;
    return h ^ (h >> 33);
  }
  static std::uint64_t of(std::string_view key) noexcept {
    std::uint64_t h = seed;
    std::size_t end = key.size();
    while (true) {
      const std::size_t dot = end == 0 ? std::string_view::npos : key.rfind('.', end - 1);
      const std::size_t start = dot == std::string_view::npos ? 0 : dot + 1;
      h = extend(h, label(key.substr(start, end - start)));
      if (dot == std::string_view::npos) return finish(h);
      end = dot;
    }
  }
};

// The rules of every kind in one set of views, indexed by a slot_table
// (common/slot_table.hpp, as protected_domains::impl below): each key with
// the kinds it is (a rule, the parent of a wildcard, an exception), so that
// one probe per suffix answers the three questions of the algorithm.
class suffix_set {
 public:
  enum kind : std::uint8_t { rule = 1, wildcard = 2, exception = 4 };
  // Builds the set of `keys[k]` for each kind k (rule, wildcard, exception).
  void assign(std::vector<std::string_view> (&keys)[3]) {
    keys_.clear();
    kinds_.clear();
    index_.reset(keys[0].size() + keys[1].size() + keys[2].size());
    filter_.reset(keys[0].size() + keys[1].size() + keys[2].size());
    for (int k = 0; k < 3; ++k)
      for (std::string_view key : keys[k]) {
        const std::uint64_t h = suffix_hash::of(key);
        filter_.add(h);
        std::size_t n = find(key, h);
        if (n == detail::slot_table::npos) {
          n = keys_.size();
          index_.add(h, n);
          keys_.push_back(key);
          kinds_.push_back(0);
        }
        kinds_[n] |= static_cast<std::uint8_t>(1u << k);
      }
  }
  // The kinds of `suffix` (0: no rule names it), `h` its suffix_hash.
  std::uint8_t kinds(std::string_view suffix, std::uint64_t h) const noexcept {
    if (!filter_.may_hold(h)) return 0;  // most of a name's longer suffixes
    const std::size_t n = find(suffix, h);
    return n == detail::slot_table::npos ? 0 : kinds_[n];
  }

 private:
  // Keys are lowercase; the name is compared with its ASCII letters lowered.
  std::size_t find(std::string_view k, std::uint64_t h) const noexcept {
    return index_.find(h, [&](std::size_t n) {
      const std::string_view key = keys_[n];
      if (key.size() != k.size()) return false;
      for (std::size_t i = 0; i < k.size(); ++i)
        if (key[i] != ascii_lower(k[i])) return false;
      return true;
    });
  }
  detail::slot_table index_;
  detail::hash_filter filter_;
  std::vector<std::string_view> keys_;
  std::vector<std::uint8_t> kinds_;
};
}  // namespace

struct public_suffix_list::impl {
  // Each rule under its A-label form and, when that differs, its U-label
  // form (ToUnicode of it), so that a name in either form is looked up
  // without converting it: "xn--fiqs8s" and "\u4E2D\u56FD" both find the
  // rule.  The keys view `source` (the list as given: a rule it spells as
  // its own forms, most of them) or strings in `text`, which never moves
  // them.  Rules ("co.uk"), wildcards' parents ("ck" for "*.ck") and
  // exceptions ("www.ck" for "!www.ck").
  suffix_set sets;
  std::string source;
  std::deque<std::string> text;
  std::size_t forms = 0;
  std::size_t rule_count = 0;
  std::size_t max_labels = 1;  // the most labels a rule can match

  // The forms of each kind in list order, until fill() puts them in the
  // sets: each set is then built once, at its final size.
  std::vector<std::string_view> pending[3];

  void insert(std::vector<std::string_view>& set, std::string form) {
    text.push_back(std::move(form));
    set.push_back(text.back());
    ++forms;
  }
  void insert_view(std::vector<std::string_view>& set, std::string_view form) {
    set.push_back(form);
    ++forms;
  }
  void fill() {
    sets.assign(pending);
    for (auto& p : pending) std::vector<std::string_view>().swap(p);
  }
};

namespace {
std::size_t label_count(std::string_view name) noexcept {
  std::size_t n = 1;
  for (const char c : name) n += c == '.';
  return n;
}
}  // namespace

public_suffix_list::public_suffix_list() : impl_(std::make_shared<impl>()) {}

std::string_view public_suffix_list::default_path() noexcept {
  return "/usr/share/publicsuffix/public_suffix_list.dat";
}

bool public_suffix_list::parse(std::string_view text, std::string_view source, public_suffix_list& out,
                               list_error& error) {
  auto data = std::make_shared<impl>();
  data->source.assign(text.data(), text.size());
  const std::string_view kept = data->source;
  const bool ok = for_each_line(kept, [&](std::size_t number, std::size_t offset, std::string_view line) {
    line = trim(line);
    if (line.empty() || line.substr(0, 2) == "//") return true;
    // The rule is the line up to the first whitespace.
    const std::size_t space = line.find_first_of(" \t");
    if (space != std::string_view::npos) line = line.substr(0, space);
    const bool exception = line.front() == '!';
    if (exception) line.remove_prefix(1);
    const bool wildcard = line.substr(0, 2) == "*.";
    if (wildcard) line.remove_prefix(2);
    // A rule that is its own A-label and U-label is a view of the list;
    // another is converted.
    const bool plain = own_forms(line);
    std::string ascii;
    if (!plain && !line.empty() && line.find('*') == std::string_view::npos && line.front() != '.' &&
        line.back() != '.' && line.find("..") == std::string_view::npos)
      ascii = ascii_form(line);
    if (!plain && ascii.empty()) {
      fail(error, errc::list_syntax, source, number, offset,
           "not a Public Suffix List rule: \"" + std::string(trim(line)) + "\"");
      return false;
    }
    if (data->forms + 2 > detail::slot_table::max_keys) {  // the sets number keys in 32 bits
      fail(error, errc::list_syntax, source, number, offset, "too many rules (over 2^32 forms)");
      return false;
    }
    auto& set = data->pending[exception ? 2 : wildcard ? 1 : 0];
    std::size_t labels = 0;
    if (plain) {
      data->insert_view(set, line);
      labels = label_count(line);
    } else {
      std::string unicode = unicode_form(ascii);
      if (unicode != ascii) data->insert(set, std::move(unicode));
      labels = label_count(ascii);
      data->insert(set, std::move(ascii));
    }
    ++data->rule_count;
    data->max_labels = std::max(data->max_labels, labels + (wildcard ? 1 : 0));
    return true;
  });
  if (!ok) return false;
  data->fill();
  out.impl_ = std::move(data);
  return true;
}

bool public_suffix_list::load(const std::string& path, public_suffix_list& out, list_error& error) {
  std::string text;
  return read_list_file(path, text, error) && parse(text, path, out, error);
}

std::size_t public_suffix_list::rule_count() const noexcept {
  return impl_->rule_count;
}

std::string_view public_suffix_list::public_suffix(std::string_view original) const {
  if (!original.empty() && original.back() == '.') original.remove_suffix(1);
  if (original.empty()) return original;
  // The rules are stored lowercase (their A-label and U-label forms); DNS
  // names compare without ASCII case (RFC 4343), so the name's ASCII
  // letters are read lowercase and the answer is the same span of the name
  // as given.
  // Longest suffix first: an exception rule is always longer than the
  // wildcard it excepts, so the first match decides.  No rule matches more
  // labels than the longest rule has, so only that many suffixes are read
  // (a name of many labels costs no more than a short one): one pass from
  // the right hashes each (suffix_hash) and one probe each gives its kinds.
  constexpr std::size_t most = 16;  // on the stack up to this many (the real list: 5)
  const std::string_view name = original;
  const std::size_t want = impl_->max_labels;
  std::size_t starts_here[most + 1];
  std::uint8_t kinds_here[most + 1];
  std::vector<std::size_t> starts_heap;
  std::vector<std::uint8_t> kinds_heap;
  std::size_t* starts = starts_here;  // suffix j (1..count) starts at starts[j]
  std::uint8_t* kinds = kinds_here;   // and is of kinds[j]
  if (want > most) {
    starts_heap.resize(want + 1);
    kinds_heap.resize(want + 1);
    starts = starts_heap.data();
    kinds = kinds_heap.data();
  }
  std::size_t count = 0;
  std::uint64_t h = suffix_hash::seed;
  std::size_t end = name.size();
  while (count < want) {
    const std::size_t dot = end == 0 ? std::string_view::npos : name.rfind('.', end - 1);
    const std::size_t start = dot == std::string_view::npos ? 0 : dot + 1;
    h = suffix_hash::extend(h, suffix_hash::label(name.substr(start, end - start)));
    ++count;
    starts[count] = start;
    kinds[count] = impl_->sets.kinds(name.substr(start), suffix_hash::finish(h));
    if (dot == std::string_view::npos) break;
    end = dot;
  }
  for (std::size_t j = count; j >= 1; --j) {
    if (kinds[j] & suffix_set::exception)
      return j == 1 ? std::string_view() : name.substr(starts[j - 1]);
    if (kinds[j] & suffix_set::rule) return name.substr(starts[j]);
    if (j > 1 && (kinds[j - 1] & suffix_set::wildcard)) return name.substr(starts[j]);
  }
  // The implicit "*" rule: the last label.
  const std::size_t last = name.rfind('.');
  return last == std::string_view::npos ? original : original.substr(last + 1);
}

std::string_view public_suffix_list::registrable_domain(std::string_view name) const {
  if (!name.empty() && name.back() == '.') name.remove_suffix(1);
  return detail::display::registrable_given_suffix(name, public_suffix(name));
}

}  // namespace puny::display

namespace puny::detail::display {

std::string_view registrable_given_suffix(std::string_view name, std::string_view suffix) noexcept {
  if (suffix.size() >= name.size()) return std::string_view();
  const std::string_view rest = name.substr(0, name.size() - suffix.size() - 1);
  const std::size_t dot = rest.rfind('.');
  return name.substr(dot == std::string_view::npos ? 0 : dot + 1);
}

}  // namespace puny::detail::display

namespace puny::display {

// ---- Protected domains ----

struct protected_domains::impl {
  struct entry {
    std::string skeleton;
    std::string ascii;  // A-label form, to tell the domain itself from a lookalike
    std::string name;   // as the list writes it
  };
  std::vector<entry> entries;
  // The skeletons' index (common/slot_table.hpp): a lookup, hit or miss,
  // reads one slot or a few adjacent ones and rarely touches an entry.
  detail::slot_table index;
  std::size_t count = 0;

  static std::uint64_t hash_of(std::string_view key) noexcept {
    return std::hash<std::string_view>{}(key);
  }
  const entry* find(std::string_view key) const noexcept {
    const std::size_t n = index.find(hash_of(key), [&](std::size_t e) { return entries[e].skeleton == key; });
    return n == detail::slot_table::npos ? nullptr : &entries[n];
  }
  // The first domain with a skeleton keeps it (as the list's order says).
  void build_index() {
    index.reset(entries.size());
    for (std::size_t e = 0; e < entries.size(); ++e)
      if (find(entries[e].skeleton) == nullptr) index.add(hash_of(entries[e].skeleton), e);
  }
};

protected_domains::protected_domains() : impl_(std::make_shared<impl>()) {}

bool protected_domains::parse(std::string_view text, std::string_view source, protected_domains& out,
                              list_error& error) {
  auto data = std::make_shared<impl>();
  data->entries.reserve(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
  detail::display::skeleton_list skeletons;
  const bool ok = for_each_line(text, [&](std::size_t number, std::size_t offset, std::string_view line) {
    line = trim(line);
    if (line.empty() || line.front() == '#') return true;
    // A line of lowercase LDH labels is its own A-label and U-label (most
    // lines of a top-domain list); another is converted.
    result<std::string> ascii, unicode;
    std::string_view ascii_form = line, unicode_form = line;
    if (!own_forms(line) || line.find('.') == std::string_view::npos) {
      ascii = idna::to_ascii(line, list_names);
      unicode = idna::to_unicode(line, list_names);
      if (!ascii.ok() || !unicode.ok() || ascii.value.find('.') == std::string::npos ||
          line.find_first_of(" \t") != std::string_view::npos) {
        fail(error, errc::list_syntax, source, number, offset,
             "not a domain name: \"" + std::string(line) + "\"" +
                 (ascii.ok() ? std::string() : " (" + to_string(ascii.status) + ")"));
        return false;
      }
      ascii_form = ascii.value;
      unicode_form = unicode.value;
    }
    // One entry per skeleton (a name can have several, see
    // lookalike_skeletons); they share the domain.
    detail::display::lookalike_skeletons(unicode_form, skeletons);
    if (data->entries.size() + skeletons.size() > detail::slot_table::max_keys) {  // 32-bit entry numbers
      fail(error, errc::list_syntax, source, number, offset, "too many domains (over 2^32 skeletons)");
      return false;
    }
    for (const std::string& skeleton : skeletons)
      data->entries.push_back(impl::entry{skeleton, std::string(ascii_form), std::string(line)});
    ++data->count;
    return true;
  });
  if (!ok) return false;
  data->build_index();
  out.impl_ = std::move(data);
  return true;
}

bool protected_domains::load(const std::string& path, protected_domains& out, list_error& error) {
  std::string text;
  return read_list_file(path, text, error) && parse(text, path, out, error);
}

std::size_t protected_domains::size() const noexcept { return impl_->count; }

std::string_view protected_domains::lookalike_of(std::string_view registrable, profile) const {
  if (impl_->entries.empty()) return {};
  // ToUnicode gives the form the skeletons were made from; an ASCII name
  // without an xn-- label needs only lowercasing.  Both into buffers kept
  // per thread: a lookup allocates nothing once they have grown.
  bool plain_ascii = true;
  for (const char ch : registrable) plain_ascii = plain_ascii && static_cast<unsigned char>(ch) < 0x80;
  for (std::size_t i = 0; plain_ascii && i + 4 <= registrable.size(); ++i)
    if ((i == 0 || registrable[i - 1] == '.') && (registrable[i] | 0x20) == 'x' &&
        (registrable[i + 1] | 0x20) == 'n' && registrable[i + 2] == '-' && registrable[i + 3] == '-')
      plain_ascii = false;
  thread_local std::string unicode_name;
  if (plain_ascii) {
    unicode_name.assign(registrable);
    for (char& ch : unicode_name)
      if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch + 32);
  } else {
    if (unicode_name.size() < registrable.size() * 3 + 16) unicode_name.resize(registrable.size() * 3 + 16);
    std::size_t written = 0;
    status st = idna::to_unicode(registrable, unicode_name.data(), unicode_name.size(), written, list_names);
    if (st.code == errc::buffer_too_small) {
      unicode_name.resize(st.needed);
      st = idna::to_unicode(registrable, unicode_name.data(), unicode_name.size(), written, list_names);
    }
    if (!st.ok()) return {};
    unicode_name.resize(written);
  }
  thread_local detail::display::skeleton_list skeletons;
  detail::display::lookalike_skeletons(unicode_name, skeletons);
  std::string own_ascii;  // computed on the first hit only
  for (const std::string& skeleton : skeletons) {
    const impl::entry* hit = impl_->find(skeleton);
    if (hit == nullptr) continue;
    if (own_ascii.empty()) own_ascii = ascii_form(registrable);
    if (own_ascii != hit->ascii) return hit->name;  // else the domain itself
  }
  return {};
}

}  // namespace puny::display
