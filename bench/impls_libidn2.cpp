// bench/impls.cpp's adapters for libidn2, compiled into puny_bench only
// when bench/CMakeLists.txt finds it (a file list, not #if); the adapter
// registers itself (register_peer, impls.hpp).
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <dlfcn.h>
#include <idn2.h>

#include "impls.hpp"
#include "impls_support.hpp"
#include "puny/punycode.hpp"
#include "workload.hpp"

namespace bench {
namespace {
// libidn2 keeps its raw Punycode functions out of idn2.h but still exports
// them (for old GnuTLS) under the non-default version node IDN2_0.0.0, which
// a plain link cannot bind; dlvsym can.
using idn2_puny_encode_fn = int (*)(std::size_t, const std::uint32_t*, std::size_t*, char*);
using idn2_puny_decode_fn = int (*)(std::size_t, const char*, std::size_t*, std::uint32_t*);

struct idn2_punycode_symbols {
  idn2_puny_encode_fn encode = nullptr;
  idn2_puny_decode_fn decode = nullptr;
  idn2_punycode_symbols() {
    // idn2_check_version makes sure libidn2 is loaded before the lookup.
    if (idn2_check_version(nullptr) == nullptr) return;
    encode = reinterpret_cast<idn2_puny_encode_fn>(
        dlvsym(RTLD_DEFAULT, "_idn2_punycode_encode", "IDN2_0.0.0"));
    decode = reinterpret_cast<idn2_puny_decode_fn>(
        dlvsym(RTLD_DEFAULT, "_idn2_punycode_decode", "IDN2_0.0.0"));
  }
};

const idn2_punycode_symbols& idn2_symbols() {
  static const idn2_punycode_symbols s;
  return s;
}

class libidn2_punycode final : public unit_buffer_punycode<std::uint32_t> {
 public:
  std::string name() const override { return "libidn2"; }
  std::size_t encode_all(std::size_t& errors) override {
    std::size_t total = 0;
    const auto f = idn2_symbols().encode;
    for (const auto& l : enc_in_) {
      std::size_t n = enc_out_.size();
      if (f(l.size(), l.data(), &n, enc_out_.data()) == IDN2_OK) total += n; else ++errors;
    }
    return total;
  }
  std::size_t decode_all(std::size_t& errors) override {
    std::size_t total = 0;
    const auto f = idn2_symbols().decode;
    for (const auto& p : dec_in_) {
      std::size_t n = dec_out_.size();
      if (f(p.size(), p.data(), &n, dec_out_.data()) == IDN2_OK) total += n; else ++errors;
    }
    return total;
  }
  bool encode_one(std::size_t i, std::string& out) override {
    std::size_t n = enc_out_.size();
    const auto& l = enc_in_[i];
    if (idn2_symbols().encode(l.size(), l.data(), &n, enc_out_.data()) != IDN2_OK) return false;
    out.assign(enc_out_.data(), n);
    return true;
  }
  bool decode_one(std::size_t i, std::u32string& out) override {
    std::size_t n = dec_out_.size();
    const auto& p = dec_in_[i];
    if (idn2_symbols().decode(p.size(), p.data(), &n, dec_out_.data()) != IDN2_OK) return false;
    out.assign(dec_out_.begin(), dec_out_.begin() + static_cast<std::ptrdiff_t>(n));
    return true;
  }
};

class libidn2_idna final : public idna_impl {
 public:
  std::string name() const override { return "libidn2"; }
  void set_input(const std::vector<std::string>& domains) override { in_ = domains; }
  std::size_t to_ascii_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      char* out = nullptr;
      if (idn2_to_ascii_8z(d.c_str(), &out, IDN2_NONTRANSITIONAL) == IDN2_OK)
        total += std::char_traits<char>::length(out);
      else
        ++errors;
      idn2_free(out);
    }
    return total;
  }
  std::size_t to_unicode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      char* out = nullptr;
      if (idn2_to_unicode_8z8z(d.c_str(), &out, IDN2_NONTRANSITIONAL) == IDN2_OK)
        total += std::char_traits<char>::length(out);
      else
        ++errors;
      idn2_free(out);
    }
    return total;
  }
  bool to_ascii_one(std::size_t i, std::string& result) override {
    char* out = nullptr;
    const int rc = idn2_to_ascii_8z(in_[i].c_str(), &out, IDN2_NONTRANSITIONAL);
    if (rc == IDN2_OK) result = out;
    idn2_free(out);
    return rc == IDN2_OK;
  }
  bool to_unicode_one(std::size_t i, std::string& result) override {
    char* out = nullptr;
    const int rc = idn2_to_unicode_8z8z(in_[i].c_str(), &out, IDN2_NONTRANSITIONAL);
    if (rc == IDN2_OK) result = out;
    idn2_free(out);
    return rc == IDN2_OK;
  }

 private:
  std::vector<std::string> in_;
};

bool have_raw_punycode() {
  return idn2_symbols().encode != nullptr && idn2_symbols().decode != nullptr;
}

const bool registered = register_peer(
    {"libidn2",
     [] {
       return std::string(idn2_check_version(nullptr)) +
              (have_raw_punycode() ? " (raw Punycode via _idn2_punycode_* @IDN2_0.0.0)"
                                   : " (raw Punycode symbols not found: IDNA only)");
     },
     [](std::vector<std::unique_ptr<punycode_impl>>& v) {
       if (have_raw_punycode()) v.push_back(std::make_unique<libidn2_punycode>());
     },
     [](std::vector<std::unique_ptr<idna_impl>>& v, idna_rules rules) {
       if (rules == idna_rules::uts46) v.push_back(std::make_unique<libidn2_idna>());
     }});
}  // namespace
}  // namespace bench
