// The benchmark's adapters for puny itself, and the registry of the peers'
// adapters (bench/impls_icu.cpp, impls_libidn.cpp, impls_libidn2.cpp,
// impls_ada.cpp: one file per peer, linked in when the peer is found).
#include "impls.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>

#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "impls_support.hpp"
#include "workload.hpp"

namespace bench {
namespace {

// ---------------------------------------------------------------- puny ----

class puny_punycode final : public punycode_impl {
 public:
  std::string name() const override { return "puny"; }
  void set_encode_input(const std::vector<std::u32string>& labels) override {
    enc_in_ = labels;
    std::size_t longest = 0;
    for (const auto& l : labels) longest = std::max(longest, l.size());
    enc_out_.assign(encode_capacity(longest), '\0');
  }
  void set_decode_input(const std::vector<std::string>& punycode,
                        std::size_t max_code_points) override {
    dec_in_ = punycode;
    dec_out_.assign(max_code_points + 1, U'\0');
  }
  std::size_t encode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& l : enc_in_) {
      const auto r = puny::punycode::encode(l, enc_out_.data(), enc_out_.size());
      if (r.ok()) total += r.size; else ++errors;
    }
    return total;
  }
  std::size_t decode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& p : dec_in_) {
      const auto r = puny::punycode::decode(p, dec_out_.data(), dec_out_.size());
      if (r.ok()) total += r.size; else ++errors;
    }
    return total;
  }
  bool encode_one(std::size_t i, std::string& out) override {
    const auto r = puny::punycode::encode(enc_in_[i], enc_out_.data(), enc_out_.size());
    if (!r.ok()) return false;
    out.assign(enc_out_.data(), r.size);
    return true;
  }
  bool decode_one(std::size_t i, std::u32string& out) override {
    const auto r = puny::punycode::decode(dec_in_[i], dec_out_.data(), dec_out_.size());
    if (!r.ok()) return false;
    out.assign(dec_out_.data(), r.size);
    return true;
  }

 private:
  std::vector<std::u32string> enc_in_;
  std::vector<std::string> dec_in_;
  std::string enc_out_;
  std::u32string dec_out_;
};


// Same library, allocating UTF-32 forms (result<std::string> encode,
// result<std::u32string> decode): the form that matches ada's.
class puny_punycode_alloc final : public native_input_punycode {
 public:
  std::string name() const override { return "puny-alloc"; }
  std::size_t encode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& l : enc_in_) {
      const auto r = puny::punycode::encode(l);
      if (r.ok()) total += r.value.size(); else ++errors;
    }
    return total;
  }
  std::size_t decode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& p : dec_in_) {
      const auto r = puny::punycode::decode(p);
      if (r.ok()) total += r.value.size(); else ++errors;
    }
    return total;
  }
  bool encode_one(std::size_t i, std::string& out) override {
    auto r = puny::punycode::encode(enc_in_[i]);
    out = std::move(r.value);
    return r.ok();
  }
  bool decode_one(std::size_t i, std::u32string& out) override {
    auto r = puny::punycode::decode(dec_in_[i]);
    out = std::move(r.value);
    return r.ok();
  }
};

// Same library, UTF-8 in (encode) and UTF-8 out (decode).
class puny_punycode_utf8 final : public punycode_impl {
 public:
  std::string name() const override { return "puny-utf8"; }
  void set_encode_input(const std::vector<std::u32string>& labels) override {
    enc_in_.clear();
    std::size_t longest = 0;
    for (const auto& l : labels) {
      enc_in_.push_back(u32_to_utf8(l));
      longest = std::max(longest, l.size());
    }
    enc_out_.assign(encode_capacity(longest), '\0');
  }
  void set_decode_input(const std::vector<std::string>& punycode,
                        std::size_t max_code_points) override {
    dec_in_ = punycode;
    dec_out_.assign(4 * max_code_points + 4, '\0');
  }
  std::size_t encode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& l : enc_in_) {
      const auto r = puny::punycode::encode_utf8(l, enc_out_.data(), enc_out_.size());
      if (r.ok()) total += r.size; else ++errors;
    }
    return total;
  }
  std::size_t decode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& p : dec_in_) {
      const auto r = puny::punycode::decode_to_utf8(p, dec_out_.data(), dec_out_.size());
      if (r.ok()) total += r.size; else ++errors;
    }
    return total;
  }
  bool encode_one(std::size_t i, std::string& out) override {
    const auto r = puny::punycode::encode_utf8(enc_in_[i], enc_out_.data(), enc_out_.size());
    if (!r.ok()) return false;
    out.assign(enc_out_.data(), r.size);
    return true;
  }
  bool decode_one(std::size_t i, std::u32string& out) override {
    const auto r = puny::punycode::decode_to_utf8(dec_in_[i], dec_out_.data(), dec_out_.size());
    if (!r.ok()) return false;
    out = utf8_to_u32(std::string_view(dec_out_.data(), r.size));
    return true;
  }

 private:
  std::vector<std::string> enc_in_;
  std::vector<std::string> dec_in_;
  std::string enc_out_;
  std::string dec_out_;
};

// ----------------------------------------------------------- puny IDNA ----

// to_ascii and to_unicode into a caller buffer (as ICU's UTF-8 API does);
// puny-alloc below is the result<std::string> form of both.
class puny_idna final : public idna_impl {
 public:
  explicit puny_idna(const puny::idna::options& opt) : opt_(opt) {}
  std::string name() const override { return "puny"; }
  void set_input(const std::vector<std::string>& domains) override {
    in_ = domains;
    out_.assign(1024, '\0');
  }
  std::size_t to_ascii_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      std::size_t written = 0;
      const puny::status st = puny::idna::to_ascii(d, out_.data(), out_.size(), written,
                                                   opt_);
      if (st.ok()) total += written; else ++errors;
    }
    return total;
  }
  std::size_t to_unicode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      std::size_t written = 0;
      const puny::status st = puny::idna::to_unicode(d, out_.data(), out_.size(), written,
                                                     opt_);
      if (st.ok()) total += written; else ++errors;
    }
    return total;
  }
  bool to_ascii_one(std::size_t i, std::string& out) override {
    std::size_t written = 0;
    const puny::status st = puny::idna::to_ascii(in_[i], out_.data(), out_.size(), written,
                                                 opt_);
    if (!st.ok()) return false;
    out.assign(out_.data(), written);
    return true;
  }
  bool to_unicode_one(std::size_t i, std::string& out) override {
    std::size_t written = 0;
    const puny::status st = puny::idna::to_unicode(in_[i], out_.data(), out_.size(), written,
                                                   opt_);
    if (!st.ok()) return false;
    out.assign(out_.data(), written);
    return true;
  }

 private:
  puny::idna::options opt_;
  std::vector<std::string> in_;
  std::string out_;
};

class puny_idna_alloc final : public idna_impl {
 public:
  explicit puny_idna_alloc(const puny::idna::options& opt) : opt_(opt) {}
  std::string name() const override { return "puny-alloc"; }
  void set_input(const std::vector<std::string>& domains) override { in_ = domains; }
  std::size_t to_ascii_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      const auto r = puny::idna::to_ascii(d, opt_);
      if (r.ok()) total += r.value.size(); else ++errors;
    }
    return total;
  }
  std::size_t to_unicode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      const auto r = puny::idna::to_unicode(d, opt_);
      if (r.ok()) total += r.value.size(); else ++errors;
    }
    return total;
  }
  bool to_ascii_one(std::size_t i, std::string& out) override {
    auto r = puny::idna::to_ascii(in_[i], opt_);
    if (!r.ok()) return false;
    out = std::move(r.value);
    return true;
  }
  bool to_unicode_one(std::size_t i, std::string& out) override {
    auto r = puny::idna::to_unicode(in_[i], opt_);
    if (!r.ok()) return false;
    out = std::move(r.value);
    return true;
  }

 private:
  puny::idna::options opt_;
  std::vector<std::string> in_;
};

}  // namespace

// The peers in the order of every table: a registered one adds its
// adapters after puny's; one not linked in is listed without a version.
namespace {
constexpr const char* peer_order[] = {"icu", "libidn", "libidn2", "ada"};

std::vector<peer_adapters>& registry() {
  static std::vector<peer_adapters> r;
  return r;
}

const peer_adapters* find_peer(std::string_view name) {
  for (const peer_adapters& p : registry())
    if (p.name == name) return &p;
  return nullptr;
}
}  // namespace

bool register_peer(const peer_adapters& adapters) {
  registry().push_back(adapters);
  return true;
}

std::vector<std::unique_ptr<punycode_impl>> make_punycode_impls() {
  std::vector<std::unique_ptr<punycode_impl>> v;
  v.push_back(std::make_unique<puny_punycode>());
  v.push_back(std::make_unique<puny_punycode_utf8>());
  v.push_back(std::make_unique<puny_punycode_alloc>());
  for (const char* name : peer_order)
    if (const peer_adapters* p = find_peer(name); p != nullptr && p->add_punycode != nullptr)
      p->add_punycode(v);
  return v;
}

std::vector<std::unique_ptr<idna_impl>> make_idna_impls(idna_rules rules) {
  std::vector<std::unique_ptr<idna_impl>> v;
  const auto options = rules == idna_rules::url ? puny::idna::url : puny::idna::uts46_default;
  v.push_back(std::make_unique<puny_idna>(options));
  v.push_back(std::make_unique<puny_idna_alloc>(options));
  for (const char* name : peer_order)
    if (const peer_adapters* p = find_peer(name); p != nullptr && p->add_idna != nullptr)
      p->add_idna(v, rules);
  return v;
}

std::vector<peer_info> peers() {
  std::vector<peer_info> v;
  for (const char* name : peer_order) {
    const peer_adapters* p = find_peer(name);
    v.push_back({name, p != nullptr ? p->version() : std::string()});
  }
  return v;
}

}  // namespace bench
